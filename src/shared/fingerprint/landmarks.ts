import FFT from 'fft.js';
import {
  FAN_OUT,
  FFT_SIZE,
  FINGERPRINT_SAMPLE_RATE,
  HASH_BIN_SHIFT,
  HASH_DT_SHIFT,
  HOP,
  MAX_BIN,
  MAX_DF,
  MAX_DT,
  MIN_BIN,
  PEAK_BINS,
  PEAK_FLOOR_DB,
  PEAK_FRAMES,
  PEAK_OVER_FRAME_DB,
  REPEAT_FRAMES,
  TAIL_DECAY_DB,
} from './params.js';
import { Resampler } from './resample.js';

/**
 * One landmark: a pair of spectrogram peaks. `t` is the earlier peak's frame (FRAME_SECONDS each, from the
 * start of the audio); `hash` packs the two peaks' frequencies and the time between them into 19 bits (an
 * unsigned value under 2^19), so it fits PostgreSQL's int4 as it is, with no signed cast.
 */
export type Landmark = { hash: number; t: number };

const BANDS = MAX_BIN - MIN_BIN; // bins MIN_BIN..MAX_BIN-1: 208, so 104 pairs of bins (7 bits)
const DB_SCALE = 10 / Math.LN10;
/** Per frame, the share of power a reverberant tail keeps (TAIL_DECAY_DB). */
const TAIL_KEPT = 10 ** (-TAIL_DECAY_DB / 10);

/** Hash bits: earlier peak's bin pair (7) | later peak's bin pair (7) | frames between, in pairs (5). */
export const HASH_BITS = 19;
/** Packs a pair of peaks (band bins from 0, frames apart 1..MAX_DT), quantised as params.ts says. */
export const landmarkHash = (bin1: number, bin2: number, dt: number): number =>
  ((bin1 >> HASH_BIN_SHIFT) << 12) | ((bin2 >> HASH_BIN_SHIFT) << 5) | (dt >> HASH_DT_SHIFT);

const HANN = Float32Array.from({ length: FFT_SIZE }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE));

interface Peak {
  t: number;
  bin: number;
}

export interface Fingerprinter {
  /** Takes the next chunk of audio; returns the landmarks it completes (their peaks are final). */
  push(samples: Float32Array): Landmark[];
  /** Ends the stream: the landmarks of its last moments, reading silence past the end. */
  flush(): Landmark[];
}

/**
 * Streaming landmark extraction. Every decision depends only on the audio around it, counted from the start
 * of the stream, so any chunking of the same audio gives the same landmarks, as the whole buffer does.
 * A landmark is returned as soon as its later peak is confirmed (PEAK_FRAMES frames after it).
 * `sampleRate`: the rate of the pushed audio; other than FINGERPRINT_SAMPLE_RATE, it is resampled here.
 */
export function createFingerprinter(sampleRate: number = FINGERPRINT_SAMPLE_RATE): Fingerprinter {
  const resampler = sampleRate === FINGERPRINT_SAMPLE_RATE ? null : new Resampler(sampleRate);
  const fft = new FFT(FFT_SIZE);
  const power = new Float32Array(BANDS + 2);
  /** Per bin, the power a room's tail would still carry from the frames before (see TAIL_DECAY_DB). */
  const tail = new Float32Array(BANDS + 2);
  const frameIn = new Float32Array(FFT_SIZE);
  const spectrum = fft.createComplexArray() as number[];

  let pending = new Float32Array(0); // samples not yet framed
  let framed = 0; // frames computed so far
  /** Log-power spectra of the last frames, band bins only, by frame index... */
  const spectra = new Map<number, Float32Array>();
  /** ...and for each bin, the largest value within PEAK_BINS bins of it in the same frame. */
  const bandMax = new Map<number, Float32Array>();
  let examined = 0; // frames whose peaks have been decided
  const lastSeen = new Map<number, number>(); // hash -> t it was last given at
  const recent: Peak[] = []; // peaks still within MAX_DT frames of the newest

  const computeFrame = (samples: Float32Array, at: number): void => {
    for (let i = 0; i < FFT_SIZE; i++) frameIn[i] = samples[at + i]! * HANN[i]!;
    fft.realTransform(spectrum, frameIn);
    const logs = new Float32Array(BANDS);
    for (let b = -1; b <= BANDS; b++) {
      const re = spectrum[2 * (b + MIN_BIN)]!;
      const im = spectrum[2 * (b + MIN_BIN) + 1]!;
      const raw = re * re + im * im;
      // What an earlier, louder frame's tail explains is taken away (down to a floor of -20 dB), so the
      // peaks are the onsets a room does not move rather than the tails it adds.
      const expected = tail[b + 1]! * TAIL_KEPT;
      power[b + 1] = Math.max(raw - expected, 0.01 * raw);
      tail[b + 1] = Math.max(expected, raw);
    }
    for (let b = 0; b < BANDS; b++) {
      // Smoothed over three bins: reverb and noise make ragged spectra with false local maxima.
      const smoothed = 0.5 * power[b + 1]! + 0.25 * (power[b]! + power[b + 2]!);
      logs[b] = DB_SCALE * Math.log(smoothed + 1e-20);
    }
    const near = new Float32Array(BANDS);
    for (let b = 0; b < BANDS; b++) {
      let m = -Infinity;
      for (let c = Math.max(0, b - PEAK_BINS); c <= Math.min(BANDS - 1, b + PEAK_BINS); c++) m = Math.max(m, logs[c]!);
      near[b] = m;
    }
    spectra.set(framed, logs);
    bandMax.set(framed++, near);
  };

  /** Decides frame t's peaks (its neighbours up to t + PEAK_FRAMES exist, or the stream has ended). */
  const examine = (t: number, out: Landmark[]): void => {
    const logs = spectra.get(t)!;
    let mean = 0;
    for (let b = 0; b < BANDS; b++) mean += logs[b]!;
    const floor = Math.max(mean / BANDS + PEAK_OVER_FRAME_DB, PEAK_FLOOR_DB);
    for (let b = 0; b < BANDS; b++) {
      const v = logs[b]!;
      if (v <= floor) continue;
      if (!isLocalMax(t, b, v)) continue;
      pair({ t, bin: b }, out);
    }
    spectra.delete(t);
    bandMax.delete(t - PEAK_FRAMES);
    // Forget hashes too old to be repeats, so a long stream keeps a bounded map.
    if (t % 256 === 0)
      for (const [hash, seen] of lastSeen) if (seen < t - MAX_DT - REPEAT_FRAMES) lastSeen.delete(hash);
  };

  /** The largest within the neighbourhood (a tie with a neighbour keeps both). */
  const isLocalMax = (t: number, b: number, v: number): boolean => {
    for (let u = t - PEAK_FRAMES; u <= t + PEAK_FRAMES; u++) {
      const other = bandMax.get(u);
      if (other && other[b]! > v) return false;
    }
    return true;
  };

  /** Pairs a new peak with the nearest earlier peaks of its target zone. */
  const pair = (peak: Peak, out: Landmark[]): void => {
    while (recent.length && recent[0]!.t < peak.t - MAX_DT) recent.shift();
    let made = 0;
    for (let i = recent.length - 1; i >= 0 && made < FAN_OUT; i--) {
      const earlier = recent[i]!;
      const dt = peak.t - earlier.t;
      if (dt < 1 || Math.abs(peak.bin - earlier.bin) > MAX_DF) continue;
      const hash = landmarkHash(earlier.bin, peak.bin, dt);
      const seen = lastSeen.get(hash);
      if (seen !== undefined && earlier.t - seen <= REPEAT_FRAMES) continue;
      lastSeen.set(hash, earlier.t);
      out.push({ hash, t: earlier.t });
      made++;
    }
    recent.push(peak);
  };

  const frames = (samples: Float32Array): void => {
    const all = new Float32Array(pending.length + samples.length);
    all.set(pending);
    all.set(samples, pending.length);
    let at = 0;
    for (; at + FFT_SIZE <= all.length; at += HOP) computeFrame(all, at);
    pending = all.slice(at);
  };

  const take = (samples: Float32Array): Landmark[] => {
    frames(samples);
    const out: Landmark[] = [];
    while (examined + PEAK_FRAMES < framed) examine(examined++, out);
    return out;
  };

  return {
    push: (samples) => take(resampler ? resampler.push(samples) : samples),
    flush: () => {
      const out = resampler ? take(resampler.flush()) : [];
      // The last partial window, padded with silence, is one more frame.
      if (pending.length > 0) frames(new Float32Array(FFT_SIZE - pending.length));
      while (examined < framed) examine(examined++, out);
      return out;
    },
  };
}

/** All landmarks of a whole recording, in the order the stream would give them. */
export function fingerprint(samples: Float32Array, sampleRate: number = FINGERPRINT_SAMPLE_RATE): Landmark[] {
  const fingerprinter = createFingerprinter(sampleRate);
  return [...fingerprinter.push(samples), ...fingerprinter.flush()];
}
