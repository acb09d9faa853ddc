import { createRequire } from 'node:module';
import { decoder as aacDecoder } from '@audio/decode-aac';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis';
import { MPEGDecoder } from 'mpg123-decoder';
import { parseBuffer } from 'music-metadata';
import { OggOpusDecoder } from 'ogg-opus-decoder';
import { fileMessages } from '../../../shared/ads.js';
import { createFingerprinter, FINGERPRINT_SAMPLE_RATE, type Fingerprinter } from '../../../shared/fingerprint/index.js';
import { AUDIO_MAX_SECONDS, audioSampleBudget, WAVEFORM_BARS } from '../../../shared/limits.js';
import { m4aMoovFirst } from './m4a.js';

/** Landmarks as the database keeps them: each hash's 32 bits read as a signed integer, and its frame. */
export interface LandmarkColumns {
  hashes: Int32Array;
  frames: Int32Array;
}

export interface AudioFacts {
  durationMs: number;
  /** WAVEFORM_BARS values in 0..1, the loudest bar being 1. */
  peaks: number[];
  /** The audio's landmark fingerprint, when asked for. */
  landmarks?: LandmarkColumns;
}

export interface AudioReadOptions {
  /** Also compute the landmark fingerprint, from the same decoding. */
  fingerprint?: boolean;
  /** Longest accepted audio (AUDIO_MAX_SECONDS unless shorter). */
  maxSeconds?: number;
}

/** An audio file refused; the message is the one the user sees. */
export class AudioRefusedError extends Error {}
export class UndecodableAudioError extends AudioRefusedError {}
export class AudioTooLongError extends AudioRefusedError {
  constructor(message: string = fileMessages.audioTooLong) {
    super(message);
  }
}
/** More samples times channels than the decoding budget (limits.ts) allows for the length limit. */
export class AudioTooCostlyError extends AudioRefusedError {}

const MIN_SECONDS = 0.5;
/** Decoding stops a second past the limit: an encoder's padding may add a little, a lying header no more. */
const DECODING_MARGIN_SECONDS = 1;
/** Most bytes handed to a decoder at a time; its output for one chunk is all the PCM ever held. */
const CHUNK_BYTES = 64 * 1024;
/**
 * Bytes of the first chunk, and fewest of any: silence compresses to thousands of samples a byte, so
 * the chunks shrink as the budget runs out (see nextChunk in readAudioFacts).
 */
const FIRST_CHUNK_BYTES = 4 * 1024;
const MIN_CHUNK_BYTES = 512;
/** Samples summarised by one running maximum: 5 minutes at 48 kHz keep about 28,000 numbers. */
const BLOCK_SAMPLES = 512;

interface Decoded {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
}
/** The streaming decoders of @wasm-audio-decoders share this shape. */
interface WasmDecoder {
  ready?: Promise<void>;
  decode(chunk: Uint8Array): Decoded | Promise<Decoded>;
  flush?(): Decoded | Promise<Decoded>;
  free(): void;
}
/**
 * Decoded audio, a piece at a time: no more than one piece of PCM is held at once. `chunkBytes` says how
 * many bytes to feed next, given how many were fed.
 */
type Decode = (bytes: Uint8Array, chunkBytes?: (fed: number) => number) => AsyncGenerator<Decoded>;
interface AudioFormatEntry {
  name: string;
  decode: Decode;
  /**
   * The rate the codec works at when the decoder is asked for a lower one (Opus always decodes at 48 kHz
   * inside): the decoding budget counts the work, not the samples handed back.
   */
  codedRate?: number;
}

/** Feeds a WASM decoder at most `maxChunk` bytes at a time. */
const streamed = (make: () => WasmDecoder | Promise<WasmDecoder>, maxChunk = CHUNK_BYTES): Decode =>
  async function* (bytes, chunkBytes = () => maxChunk) {
    const decoder = await make();
    try {
      await decoder.ready;
      for (let at = 0; at < bytes.length;) {
        const size = Math.max(1, Math.min(maxChunk, chunkBytes(at)));
        yield await decoder.decode(bytes.subarray(at, at + size));
        at += size;
      }
      if (decoder.flush) yield await decoder.flush();
    } finally {
      decoder.free();
    }
  };

/**
 * @audio/decode-aac (FAAD2 in WebAssembly) for raw ADTS streams and M4A, in the shape above. AAC frames
 * are small, so it gets small chunks: the PCM of one chunk stays a few MB even for the tiniest frames.
 */
const aac = (prepare: (bytes: Uint8Array) => Uint8Array = (b) => b): Decode => {
  const decode = streamed(async () => {
    const inner = await aacDecoder();
    const shaped = (out: { channelData: Float32Array[]; sampleRate: number }): Decoded => ({
      ...out,
      samplesDecoded: out.channelData[0]?.length ?? 0,
    });
    return {
      decode: (chunk) => shaped(inner.decode(chunk)),
      flush: () => shaped(inner.flush()),
      free: () => inner.free(),
    };
  }, 8 * 1024);
  return (bytes, chunkBytes) => decode(prepare(bytes), chunkBytes);
};

/** The accepted formats, by file-type's extension for the bytes; `name` is how the picker calls it. */
export const AUDIO_FORMATS = {
  mp3: { name: 'MP3', decode: streamed(() => new MPEGDecoder()) },
  m4a: { name: 'AAC (M4A)', decode: aac(m4aMoovFirst) },
  aac: { name: 'AAC', decode: aac() },
  flac: { name: 'FLAC', decode: streamed(() => new FLACDecoder()) },
  ogg: { name: 'Ogg Vorbis', decode: streamed(() => new OggVorbisDecoder()) },
  opus: {
    name: 'Ogg Opus',
    // Resampled inside the decoder to the fingerprint's rate (a documented option its types leave out):
    // no 48 kHz PCM is made only to be resampled here.
    decode: streamed(
      () =>
        new OggOpusDecoder({ sampleRate: FINGERPRINT_SAMPLE_RATE } as ConstructorParameters<typeof OggOpusDecoder>[0]),
    ),
    codedRate: 48_000,
  },
  wav: { name: 'WAV', decode: decodeWav },
} satisfies Record<string, AudioFormatEntry>;
export type AudioFormat = keyof typeof AUDIO_FORMATS;
export const isAudioFormat = (ext: string): ext is AudioFormat => Object.hasOwn(AUDIO_FORMATS, ext);

/**
 * The format of a file whose bytes file-type names `ext`. An M4A whose brand is a generic MP4 one
 * (isom, mp42: many phone recorders write these) is detected as `mp4`; its AAC track is what counts.
 */
export const audioFormatOf = (ext: string | undefined): AudioFormat | null =>
  ext === 'mp4' ? 'm4a' : ext && isAudioFormat(ext) ? ext : null;

/** The type each format is stored and served with. */
export const MIME_OF: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
};

/**
 * Reads an audio file's duration and waveform peaks (and, when asked, its landmark fingerprint) from its
 * decoded audio, once, at upload. Bounded work: a header that declares more than the length limit
 * (AUDIO_MAX_SECONDS) or more samples times channels than the decoding budget (limits.ts) is refused
 * before decoding; decoding runs in chunks, mixes each chunk down to one channel at once, keeps only
 * running maxima (and the fingerprinter's few frames), and stops as soon as the audio passes either
 * bound (a lying header). CPU-heavy: the server calls it in a worker thread (audio-analyser.ts).
 */
export async function readAudioFacts(
  bytes: Uint8Array,
  format: AudioFormat = 'mp3',
  options: AudioReadOptions = {},
): Promise<AudioFacts> {
  const entry: AudioFormatEntry = AUDIO_FORMATS[format];
  const undecodable = () => new UndecodableAudioError(fileMessages.undecodable(entry.name));
  const maxSeconds = Math.min(options.maxSeconds ?? AUDIO_MAX_SECONDS, AUDIO_MAX_SECONDS);
  const maxDecodedSeconds = maxSeconds + DECODING_MARGIN_SECONDS;
  const maxDecodedCost = audioSampleBudget(maxDecodedSeconds);
  const tooCostly = (channels: number, rate: number) =>
    new AudioTooCostlyError(fileMessages.audioTooCostly(channels, rate, maxSeconds));

  const header = await parseBuffer(
    bytes,
    { mimeType: MIME_OF[format], size: bytes.length },
    // Ogg states its length only in its last page, which music-metadata then reads (no scan).
    { duration: format === 'ogg' || format === 'opus', skipCovers: true },
  ).catch(() => null);
  const { duration = 0, sampleRate: headerRate = 0, numberOfChannels: headerChannels = 0 } = header?.format ?? {};
  if (duration > maxDecodedSeconds) throw new AudioTooLongError();
  if (duration * headerRate * headerChannels > maxDecodedCost) throw tooCostly(headerChannels, headerRate);

  const peaks = new RunningPeaks();
  const landmarks = options.fingerprint ? new RunningLandmarks() : null;
  let samples = 0;
  let sampleRate = 0;
  let cost = 0;
  const take = (out: Decoded) => {
    const channels = out.channelData.length;
    if (!out.samplesDecoded || !channels) return;
    sampleRate = out.sampleRate;
    samples += out.samplesDecoded;
    // Counted as decoded, whatever the header said.
    const codedRate = entry.codedRate ?? out.sampleRate;
    cost += out.samplesDecoded * channels * (codedRate / out.sampleRate);
    if (samples / sampleRate > maxDecodedSeconds) throw new AudioTooLongError();
    // The header's length at the channels and rate really decoded (an M4A's header may name neither).
    if (cost > maxDecodedCost || duration * codedRate * channels > maxDecodedCost) throw tooCostly(channels, codedRate);
    const { mono, loudest } = mixDown(out.channelData, out.samplesDecoded);
    peaks.push(loudest, out.samplesDecoded);
    landmarks?.push(mono, out.sampleRate);
  };
  // A small chunk while the output per byte is unknown, then half the bytes the budget left allows at the
  // rate seen so far: one chunk of a crafted file cannot run far past the budget.
  const nextChunk = (fed: number) =>
    cost === 0 ? FIRST_CHUNK_BYTES : Math.max(MIN_CHUNK_BYTES, Math.floor((maxDecodedCost - cost) / (cost / fed) / 2));
  try {
    for await (const piece of entry.decode(bytes, nextChunk)) take(piece);
  } catch (err) {
    if (err instanceof AudioRefusedError) throw err;
    throw undecodable();
  }
  // A header with next to nothing behind it is not an ad anyone can listen to.
  if (!sampleRate || samples / sampleRate < MIN_SECONDS) throw undecodable();
  return {
    durationMs: Math.round((samples / sampleRate) * 1000),
    peaks: computePeaks(peaks.maxima(), peaks.length),
    ...(landmarks ? { landmarks: landmarks.finish() } : {}),
  };
}

/**
 * One pass over a decoded piece: its mono mix (for the fingerprint) and the loudest channel of each
 * sample (for the waveform). Everything after this works on one channel.
 */
function mixDown(channels: Float32Array[], length: number): { mono: Float32Array; loudest: Float32Array } {
  if (channels.length === 1) {
    const only = channels[0]!.subarray(0, length);
    return { mono: only, loudest: only };
  }
  const mono = new Float32Array(length);
  const loudest = new Float32Array(length);
  const share = 1 / channels.length;
  for (const channel of channels) {
    for (let i = 0; i < length; i++) {
      const v = channel[i]!;
      mono[i]! += v * share;
      const a = Math.abs(v);
      if (a > loudest[i]!) loudest[i] = a;
    }
  }
  return { mono, loudest };
}

/** The mono mix of each decoded piece, fingerprinted as it arrives (the PCM is never held whole). */
class RunningLandmarks {
  private fingerprinter: Fingerprinter | null = null;
  private rate = 0;
  private hashes: number[] = [];
  private frames: number[] = [];

  push(mono: Float32Array, sampleRate: number) {
    // A stream does not change its rate midway; a decoder that says otherwise has no usable fingerprint.
    if (this.fingerprinter && sampleRate !== this.rate) throw new Error('the sample rate changed mid-stream');
    this.rate = sampleRate;
    this.fingerprinter ??= createFingerprinter(sampleRate);
    this.keep(this.fingerprinter.push(mono));
  }
  private keep(found: { hash: number; t: number }[]) {
    for (const landmark of found) {
      this.hashes.push(landmark.hash | 0);
      this.frames.push(landmark.t);
    }
  }
  finish(): LandmarkColumns {
    if (this.fingerprinter) this.keep(this.fingerprinter.flush());
    return { hashes: Int32Array.from(this.hashes), frames: Int32Array.from(this.frames) };
  }
}

/** The loudest sample of every BLOCK_SAMPLES (of the loudest channel), kept as decoding goes. */
class RunningPeaks {
  private blocks: number[] = [];
  private current = 0;
  private inBlock = 0;

  push(loudest: Float32Array, length: number) {
    for (let i = 0; i < length; i++) {
      const v = Math.abs(loudest[i]!);
      if (v > this.current) this.current = v;
      if (++this.inBlock === BLOCK_SAMPLES) this.close();
    }
  }
  private close() {
    this.blocks.push(this.current);
    this.current = 0;
    this.inBlock = 0;
  }
  maxima(): Float32Array {
    if (this.inBlock) this.close();
    return Float32Array.from(this.blocks);
  }
  get length() {
    return this.blocks.length;
  }
}

/** Bar i covers the i-th equal share of the samples (or of block maxima); the loudest bar becomes 1. */
export function computePeaks(samples: Float32Array, length = samples.length, bars = WAVEFORM_BARS): number[] {
  const peaks = new Array<number>(bars).fill(0);
  for (let bar = 0; bar < bars; bar++) {
    const start = Math.floor((bar * length) / bars);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * length) / bars));
    let max = 0;
    for (let i = start; i < Math.min(end, length); i++) {
      const v = Math.abs(samples[i]!);
      if (v > max) max = v;
    }
    peaks[bar] = max;
  }
  const loudest = Math.max(...peaks) || 1;
  return peaks.map((p) => Math.round((p / loudest) * 1000) / 1000);
}

// wavefile's package points loaders at a CommonJS build and at ES sources by turns; require() always
// takes the CommonJS build, in every runner and in the bundle.
const { WaveFile } = createRequire(import.meta.url)('wavefile') as typeof import('wavefile');

/** WAV frames read per piece. */
const WAV_FRAMES = 16 * 1024;

/**
 * Linear PCM and float WAV: wavefile parses the RIFF chunks, the samples are read a piece at a time.
 * (Compressed WAV codecs such as ADPCM are refused as undecodable.)
 */
async function* decodeWav(bytes: Uint8Array): AsyncGenerator<Decoded> {
  const wav = new WaveFile();
  wav.fromBuffer(bytes);
  const fmt = wav.fmt as {
    audioFormat: number;
    numChannels: number;
    sampleRate: number;
    bitsPerSample: number;
    subformat?: number[];
  };
  // WAVE_FORMAT_EXTENSIBLE names the real encoding in its sub-format.
  const encoding = fmt.audioFormat === 0xfffe ? fmt.subformat?.[0] : fmt.audioFormat;
  const bytesPer = fmt.bitsPerSample / 8;
  const float = encoding === 3;
  if (!(encoding === 1 || float) || !fmt.numChannels || !fmt.sampleRate || ![1, 2, 3, 4, 8].includes(bytesPer)) {
    throw new Error('unsupported WAV encoding');
  }
  const data = (wav.data as { samples: Uint8Array }).samples;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const read = sampleReader(view, bytesPer, float);
  const frameBytes = bytesPer * fmt.numChannels;
  const frames = Math.floor(data.length / frameBytes);
  for (let first = 0; first < frames; first += WAV_FRAMES) {
    const count = Math.min(WAV_FRAMES, frames - first);
    const channelData = Array.from({ length: fmt.numChannels }, () => new Float32Array(count));
    for (let f = 0; f < count; f++) {
      for (let c = 0; c < fmt.numChannels; c++) channelData[c]![f] = read((first + f) * frameBytes + c * bytesPer);
    }
    yield { channelData, samplesDecoded: count, sampleRate: fmt.sampleRate };
  }
}

function sampleReader(view: DataView, bytesPer: number, float: boolean): (offset: number) => number {
  if (float) return bytesPer === 8 ? (o) => view.getFloat64(o, true) : (o) => view.getFloat32(o, true);
  switch (bytesPer) {
    case 1:
      return (o) => (view.getUint8(o) - 128) / 128;
    case 2:
      return (o) => view.getInt16(o, true) / 32768;
    case 3:
      return (o) => (view.getUint8(o) | (view.getUint8(o + 1) << 8) | (view.getInt8(o + 2) << 16)) / 8388608;
    default:
      return (o) => view.getInt32(o, true) / 2147483648;
  }
}
