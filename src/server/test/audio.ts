import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { AUDIO_FORMATS, type AudioFormat } from '../modules/media/audio-facts.js';

// As in audio-facts.ts: wavefile's CommonJS build, whatever the loader.
const { WaveFile } = createRequire(import.meta.url)('wavefile') as typeof import('wavefile');

const run = promisify(execFile);

/**
 * A real audio file made by ffmpeg (Debian package `ffmpeg`): a tone of `seconds`, encoded with
 * `codec` (ffmpeg output options) into `dir/name`.
 */
export async function toneFile(dir: string, name: string, seconds: number, codec: string[]): Promise<Buffer> {
  const file = path.join(dir, name);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    // A tone that fades in, so the waveform has a shape.
    ...['-af', `afade=t=in:d=${seconds / 2}`],
    ...codec,
    file,
  ]);
  return readFile(file);
}

/** MPEG frames only: no ID3 tag, no Xing/Info frame that states the length. */
const RAW_MP3 = ['-ac', '1', '-ar', '8000', '-b:a', '8k', '-write_xing', '0', '-id3v2_version', '0'];

/**
 * An MP3 at 8 kbit/s just under the 10 MB upload limit, about 2 h 54 min long, made by repeating the
 * frames of a short encoding. With `lyingHeader`, an Info frame at the start says it lasts 20 s.
 */
export async function hoursLongMp3(dir: string, { lyingHeader = false } = {}): Promise<Buffer> {
  const frames = await toneFile(dir, 'frames.mp3', 20, RAW_MP3);
  const repeats = Math.floor((10 * 1024 * 1024 - 64 * 1024) / frames.length);
  const body = Buffer.concat(Array.from({ length: repeats }, () => frames));
  if (!lyingHeader) return body;
  const withInfo = await toneFile(dir, 'info.mp3', 20, RAW_MP3.slice(0, 6));
  return Buffer.concat([withInfo, body.subarray(0, body.length - withInfo.length)]);
}

/** The mono mix of a whole audio file, at its own sample rate (decoded by the server's decoders). */
export async function decodeMono(
  bytes: Uint8Array,
  format: AudioFormat,
): Promise<{ samples: Float32Array; rate: number }> {
  const pieces: Float32Array[] = [];
  let rate = 0;
  for await (const piece of AUDIO_FORMATS[format].decode(bytes)) {
    if (!piece.samplesDecoded) continue;
    rate = piece.sampleRate;
    const mono = new Float32Array(piece.samplesDecoded);
    for (const channel of piece.channelData) {
      for (let i = 0; i < mono.length; i++) mono[i]! += channel[i]! / piece.channelData.length;
    }
    pieces.push(mono);
  }
  const samples = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    samples.set(piece, at);
    at += piece.length;
  }
  return { samples, rate };
}

/** A 16-bit mono WAV file of `samples` (-1..1). */
export function wavFile(samples: Float32Array, rate: number): Buffer {
  const wav = new WaveFile();
  wav.fromScratch(
    1,
    rate,
    '16',
    Int16Array.from(samples, (v) => Math.round(Math.max(-1, Math.min(1, v)) * 32767)),
  );
  return Buffer.from(wav.toBuffer());
}

/**
 * Small files that cost much decoding: silence at high sample rates with many channels, as an attacker
 * would craft them (each argument list is ffmpeg's; `pipe` writes to a pipe, so the header cannot say the
 * length). The first two are the ones of the report that found the cost; the others are the same idea in
 * each format that can carry more than two channels or more than 48 kHz.
 */
export const CRAFTED_AUDIO = {
  'vorbis-7.1-192k-58s.ogg': {
    lavfi: 'anullsrc=r=192000:cl=7.1',
    seconds: 58,
    codec: ['-c:a', 'libvorbis', '-q:a', '-1'],
  },
  'vorbis-7.1-192k-295s.ogg': {
    lavfi: 'anullsrc=r=192000:cl=7.1',
    seconds: 295,
    codec: ['-c:a', 'libvorbis', '-q:a', '-1'],
  },
  'flac-7.1-192k-58s.flac': { lavfi: 'anullsrc=r=192000:cl=7.1', seconds: 58, codec: ['-c:a', 'flac'] },
  'flac-7.1-192k-58s-no-length.flac': {
    lavfi: 'anullsrc=r=192000:cl=7.1',
    seconds: 58,
    codec: ['-c:a', 'flac', '-f', 'flac'],
    pipe: true,
  },
  'aac-7.1-96k-58s.m4a': { lavfi: 'anullsrc=r=96000:cl=7.1', seconds: 58, codec: ['-c:a', 'aac', '-b:a', '64k'] },
  'opus-7.1-58s.opus': {
    lavfi: 'anullsrc=r=48000:cl=7.1',
    seconds: 58,
    codec: ['-c:a', 'libopus', '-b:a', '48k', '-mapping_family', '1'],
  },
} satisfies Record<string, { lavfi: string; seconds: number; codec: string[]; pipe?: boolean }>;
export type CraftedAudio = keyof typeof CRAFTED_AUDIO;

/** One of CRAFTED_AUDIO, made by ffmpeg into `dir`. */
export async function craftedFile(dir: string, name: CraftedAudio): Promise<Buffer> {
  const { lavfi, seconds, codec, ...rest } = CRAFTED_AUDIO[name];
  const input = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    lavfi,
    '-t',
    String(seconds),
    ...codec,
  ];
  if (!('pipe' in rest)) {
    await run('ffmpeg', [...input, path.join(dir, name)]);
    return readFile(path.join(dir, name));
  }
  const { stdout } = await run('ffmpeg', [...input, 'pipe:1'], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
