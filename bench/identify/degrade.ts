/**
 * What a phone hears of a radio, made with ffmpeg: the telephone band plus Opus at 24 kbit/s (what a
 * browser's recorder produces), room reverb (a generated impulse response through afir), tempo changed by
 * 2% (atempo, pitch kept, as stations time-compress ads), and pink noise (ffmpeg's anoisesrc) mixed at an
 * exact signal-to-noise ratio over each clip. Whole recordings are degraded once and cached as 16 kHz s16.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CACHE_DIR, type Item, SOURCE_RATE } from './catalogue.js';
import { run } from './tools.js';

export const CONDITIONS = [
  { name: 'clean', label: 'clean' },
  { name: 'phone-opus', label: 'phone band + Opus 24k' },
  { name: 'noise-10', label: 'pink noise 10 dB SNR', snr: 10 },
  { name: 'noise-5', label: 'pink noise 5 dB SNR', snr: 5 },
  { name: 'noise-0', label: 'pink noise 0 dB SNR', snr: 0 },
  { name: 'reverb', label: 'room reverb, phone ~1.5 m away (RT60 0.5 s, DRR -3 dB)' },
  { name: 'reverb-near', label: 'room reverb, phone ~0.5 m away (RT60 0.5 s, DRR +5 dB)' },
  { name: 'tempo-up', label: 'tempo +2% (atempo 1.02)', tempo: 1.02 },
  { name: 'tempo-down', label: 'tempo -2% (atempo 0.98)', tempo: 0.98 },
] as const;
export type Condition = (typeof CONDITIONS)[number];

const RAW = ['-f', 's16le', '-ac', '1', '-ar', String(SOURCE_RATE)];
const IR_FILES = {
  reverb: path.join(CACHE_DIR, 'room-ir.wav'),
  'reverb-near': path.join(CACHE_DIR, 'room-ir-near.wav'),
};
const NOISE_FILE = path.join(CACHE_DIR, 'pink-noise.s16');
/**
 * A living room's impulse response: the direct sound, then a noise tail decaying 60 dB in 0.5 s. The tail's
 * level sets the direct-to-reverberant ratio: 0.1 gives -3 dB (beyond the critical distance of such a
 * room, about 1.5 m from the radio), 0.04 gives +5 dB (the phone held half a metre away).
 */
const irExpr = (tail: number) =>
  `aevalsrc=exprs='if(eq(n,0),1,${tail}*(2*random(0)-1)*exp(-13.8*t))':s=${SOURCE_RATE}:d=0.5`;
/** Telephone band: two passes of each second-order filter make 24 dB per octave at 300 and 3400 Hz. */
const PHONE_BAND = 'highpass=f=300,highpass=f=300,lowpass=f=3400,lowpass=f=3400';

export async function prepareDegradations(): Promise<void> {
  for (const [name, tail] of [
    ['reverb', 0.1],
    ['reverb-near', 0.04],
  ] as const) {
    const file = IR_FILES[name];
    if (!existsSync(file)) await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', irExpr(tail), file]);
  }
  if (!existsSync(NOISE_FILE)) {
    const noise = await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `anoisesrc=color=pink:seed=42:r=${SOURCE_RATE}:d=300`, ...RAW, '-']); // prettier-ignore
    await writeFile(NOISE_FILE, noise);
  }
}

/** The ffmpeg run giving a whole recording under a condition (noise is mixed per clip, later). */
function degradeCommand(condition: Condition, file: string): [string, string[]] {
  const input = ['-v', 'error', '-i', file];
  switch (condition.name) {
    case 'phone-opus': {
      // Encode to Opus and decode back: the codec's own artefacts, not just its band.
      const encode = `ffmpeg -v error -i '${file}' -af ${PHONE_BAND} -c:a libopus -b:a 24k -f ogg -`;
      return ['sh', ['-c', `${encode} | ffmpeg -v error -i - ${RAW.join(' ')} -`]];
    }
    case 'reverb':
    case 'reverb-near':
      return ['ffmpeg', [...input, '-i', IR_FILES[condition.name], '-filter_complex', '[0:a][1:a]afir=gtype=peak,volume=15', ...RAW, '-']]; // prettier-ignore
    case 'tempo-up':
    case 'tempo-down':
      return ['ffmpeg', [...input, '-af', `atempo=${condition.tempo}`, ...RAW, '-']];
    default:
      return ['ffmpeg', [...input, ...RAW, '-']];
  }
}

const toFloat = (bytes: Buffer): Float32Array => {
  const ints = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1);
  return Float32Array.from(ints, (v) => v / 32768);
};

/** A whole recording under a condition, at SOURCE_RATE (noise conditions give the clean recording). */
export async function loadDegraded(item: Item, condition: Condition): Promise<Float32Array> {
  const kind = 'snr' in condition ? 'clean' : condition.name;
  const cached = path.join(CACHE_DIR, 'variants', kind, `${item.id}.s16`);
  if (existsSync(cached)) return toFloat(await readFile(cached));
  const [program, args] = degradeCommand(kind === 'clean' ? CONDITIONS[0] : condition, item.file);
  const bytes = await run(program, args);
  await mkdir(path.dirname(cached), { recursive: true });
  await writeFile(`${cached}.part`, bytes);
  await rename(`${cached}.part`, cached);
  return toFloat(bytes);
}

let noise: Float32Array | null = null;
/** Pink noise from `from` in the cached noise, scaled so the clip stands `snr` dB above it. */
export async function addNoise(clip: Float32Array, snr: number, from: number): Promise<Float32Array> {
  noise ??= toFloat(await readFile(NOISE_FILE));
  const start = from % (noise.length - clip.length);
  let signal = 0;
  let power = 0;
  for (let i = 0; i < clip.length; i++) {
    signal += clip[i]! ** 2;
    power += noise[start + i]! ** 2;
  }
  const gain = Math.sqrt(signal / Math.max(power, 1e-12)) / 10 ** (snr / 20);
  return clip.map((s, i) => s + gain * noise![start + i]!);
}
