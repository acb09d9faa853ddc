import { FINGERPRINT_SAMPLE_RATE } from './params.js';

/** Zero crossings of the windowed sinc on each side: about 60 dB of stop band with a Blackman window. */
const ZERO_CROSSINGS = 12;
/** The pass band ends at this share of the lower Nyquist frequency; the rest is the transition band. */
const ROLLOFF = 0.9;
/** Beyond this many distinct fractional positions the nearest of this many is used (sub-1/4096-sample error). */
const MAX_PHASES = 4096;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A band-limited resampler (windowed-sinc, polyphase) that takes audio in any chunking and gives the same
 * samples as one whole buffer would: output sample n depends only on input samples near n·from/to,
 * counted from the start of the stream, so chunk boundaries leave no trace.
 */
export class Resampler {
  private readonly step: number;
  private readonly phases: number;
  private readonly taps: number;
  private readonly half: number;
  private readonly table: Float32Array;
  /** Input samples kept for the next outputs, and the stream index of the first one. */
  private buf = new Float32Array(0);
  private bufStart = 0;
  private received = 0;
  private produced = 0;

  constructor(
    private readonly from: number,
    private readonly to: number = FINGERPRINT_SAMPLE_RATE,
  ) {
    if (!Number.isInteger(from) || !Number.isInteger(to) || from <= 0 || to <= 0) {
      throw new RangeError('Sample rates must be positive integers');
    }
    const g = gcd(from, to);
    this.step = to / g;
    this.phases = Math.min(this.step, MAX_PHASES);
    // Cut-off in cycles per input sample: below the lower of the two Nyquist frequencies.
    const cutoff = 0.5 * Math.min(1, to / from) * ROLLOFF;
    this.half = Math.ceil(ZERO_CROSSINGS / (2 * cutoff));
    this.taps = 2 * this.half;
    this.table = new Float32Array(this.phases * this.taps);
    for (let p = 0; p < this.phases; p++) {
      const frac = p / this.phases;
      let sum = 0;
      for (let j = 0; j < this.taps; j++) {
        const x = j - this.half + 1 - frac; // distance from the output position, in input samples
        const w = x / (this.half + 1);
        const window = Math.abs(w) >= 1 ? 0 : 0.42 + 0.5 * Math.cos(Math.PI * w) + 0.08 * Math.cos(2 * Math.PI * w);
        const arg = 2 * cutoff * x;
        const sinc = arg === 0 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
        const h = 2 * cutoff * sinc * window;
        this.table[p * this.taps + j] = h;
        sum += h;
      }
      // Unit gain at DC for every phase, so a constant stays constant.
      for (let j = 0; j < this.taps; j++) this.table[p * this.taps + j]! /= sum;
    }
  }

  /** Resamples the next chunk; returns the output samples whose inputs have all arrived. */
  push(samples: Float32Array): Float32Array {
    const kept = this.buf.length;
    const next = new Float32Array(kept + samples.length);
    next.set(this.buf);
    next.set(samples, kept);
    this.buf = next;
    this.received += samples.length;
    return this.drain(false);
  }

  /** Ends the stream: the remaining outputs, reading silence past the end. */
  flush(): Float32Array {
    return this.drain(true);
  }

  private drain(final: boolean): Float32Array {
    const { from, to, half, taps, table, step, phases } = this;
    const total = final ? Math.ceil((this.received * to) / from) : Infinity;
    const out: number[] = [];
    for (;;) {
      const n = this.produced;
      if (n >= total) break;
      const num = n * from;
      const base = Math.floor(num / to);
      if (!final && base + half >= this.received) break;
      const phase = phases === step ? (num - base * to) / (to / step) : Math.floor(((num - base * to) / to) * phases);
      const row = phase * taps;
      let acc = 0;
      const first = base - half + 1 - this.bufStart;
      // Inputs before the stream's start or past its end are silence.
      const jEnd = Math.min(taps, this.buf.length - first);
      for (let j = Math.max(0, -first); j < jEnd; j++) acc += this.buf[first + j]! * table[row + j]!;
      out.push(acc);
      this.produced++;
    }
    // Keep only what later outputs can still read.
    const keepFrom = Math.floor((this.produced * from) / to) - half + 1;
    const drop = Math.max(0, Math.min(this.buf.length, keepFrom - this.bufStart));
    if (drop > 0) {
      this.buf = this.buf.slice(drop);
      this.bufStart += drop;
    }
    return Float32Array.from(out);
  }
}

/** The whole buffer at FINGERPRINT_SAMPLE_RATE (or `to`), low-passed below the lower Nyquist frequency. */
export function resample(samples: Float32Array, fromRate: number, to: number = FINGERPRINT_SAMPLE_RATE): Float32Array {
  if (fromRate === to) return samples.slice();
  const resampler = new Resampler(fromRate, to);
  const head = resampler.push(samples);
  const tail = resampler.flush();
  const out = new Float32Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}
