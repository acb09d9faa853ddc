import { MPEGDecoder } from 'mpg123-decoder';
import { parseBuffer } from 'music-metadata';
import { WAVEFORM_BARS } from '../../../shared/limits.js';

export interface AudioFacts {
  durationMs: number;
  /** WAVEFORM_BARS values in 0..1, the loudest bar being 1. */
  peaks: number[];
}

export class UndecodableAudioError extends Error {}

const MIN_SECONDS = 0.5;

/** Reads an MP3's duration and its waveform peaks once, at upload. */
export async function readAudioFacts(bytes: Uint8Array): Promise<AudioFacts> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate } = decoder.decode(bytes);
    // A header with next to nothing behind it is not an ad anyone can listen to.
    if (!samplesDecoded || !sampleRate || !channelData[0] || samplesDecoded / sampleRate < MIN_SECONDS) {
      throw new UndecodableAudioError('The audio file could not be decoded. Please upload a valid MP3 file.');
    }
    const meta = await parseBuffer(bytes, { mimeType: 'audio/mpeg' }, { duration: true }).catch(() => null);
    const seconds = meta?.format.duration ?? samplesDecoded / sampleRate;
    return { durationMs: Math.round(seconds * 1000), peaks: computePeaks(channelData[0], samplesDecoded) };
  } finally {
    decoder.free();
  }
}

export function computePeaks(samples: Float32Array, length = samples.length, bars = WAVEFORM_BARS): number[] {
  const peaks = new Array<number>(bars).fill(0);
  const per = Math.max(1, Math.floor(length / bars));
  for (let bar = 0; bar < bars; bar++) {
    let max = 0;
    const end = Math.min(length, (bar + 1) * per);
    for (let i = bar * per; i < end; i++) {
      const v = Math.abs(samples[i]!);
      if (v > max) max = v;
    }
    peaks[bar] = max;
  }
  const loudest = Math.max(...peaks) || 1;
  return peaks.map((p) => Math.round((p / loudest) * 1000) / 1000);
}
