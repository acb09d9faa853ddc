/** Seeded test audio for the fingerprint tests: no fixtures, the same samples on every run. */
import { seededRandom } from '../random.js';
import { FINGERPRINT_SAMPLE_RATE } from './params.js';

/**
 * Music-like audio: overlapping notes (a few harmonics each, with attack and decay) at random pitches and
 * times, so its spectrogram has distinct peaks the way a jingle or a voice does.
 */
export function toneBursts(seconds: number, seed: number, rate: number = FINGERPRINT_SAMPLE_RATE): Float32Array {
  const random = seededRandom(seed);
  const out = new Float32Array(Math.round(seconds * rate));
  let start = 0;
  while (start < seconds) {
    const length = 0.08 + random() * 0.35;
    const f0 = 180 * 2 ** (random() * 3.5); // 180-2000 Hz
    const gain = 0.05 + random() * 0.15;
    const s0 = Math.round(start * rate);
    const n = Math.min(Math.round(length * rate), out.length - s0);
    for (let i = 0; i < n; i++) {
      const env = Math.min(1, i / (0.01 * rate)) * Math.exp((-3 * i) / (length * rate));
      const x = (2 * Math.PI * f0 * i) / rate;
      out[s0 + i]! += gain * env * (Math.sin(x) + 0.5 * Math.sin(2 * x) + 0.25 * Math.sin(3 * x));
    }
    start += 0.03 + random() * 0.12;
  }
  return out;
}

/** Pink noise (Paul Kellet's filter over seeded white noise), scaled to the given RMS. */
export function pinkNoise(length: number, seed: number, rms: number): Float32Array {
  const random = seededRandom(seed);
  const out = new Float32Array(length);
  let b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0, b6 = 0; // prettier-ignore
  for (let i = 0; i < length; i++) {
    const white = random() * 2 - 1;
    b0 = 0.99886 * b0 + white * 0.0555179;
    b1 = 0.99332 * b1 + white * 0.0750759;
    b2 = 0.969 * b2 + white * 0.153852;
    b3 = 0.8665 * b3 + white * 0.3104856;
    b4 = 0.55 * b4 + white * 0.5329522;
    b5 = -0.7616 * b5 - white * 0.016898;
    out[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362;
    b6 = white * 0.115926;
  }
  const scale = rms / rmsOf(out);
  for (let i = 0; i < length; i++) out[i]! *= scale;
  return out;
}

export function rmsOf(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** The signal with pink noise added at the given signal-to-noise ratio (dB). */
export function withNoise(samples: Float32Array, snrDb: number, seed: number): Float32Array {
  const noise = pinkNoise(samples.length, seed, rmsOf(samples) / 10 ** (snrDb / 20));
  return samples.map((s, i) => s + noise[i]!);
}
