import { describe, expect, it } from 'vitest';
import {
  alignMatches,
  alignmentSpread,
  createFingerprinter,
  FINGERPRINT_SAMPLE_RATE,
  fingerprint,
  FRAME_SECONDS,
  HASH_BITS,
  isConfidentMatch,
  type Landmark,
  matchConfidences,
  MIN_SCORE,
  querySpan,
  resample,
  Resampler,
  scoreBounds,
  spannedSeconds,
} from './index.js';
import { seededRandom } from '../random.js';
import { toneBursts, withNoise } from './test-signals.js';

const RATE = FINGERPRINT_SAMPLE_RATE;
const ad = toneBursts(30, 1);
const adPrints = fingerprint(ad);
const others = [2, 3, 4].map((seed) => ({ id: `other-${seed}`, prints: fingerprint(toneBursts(30, seed)) }));

/** The in-memory stand-in of the stored index: every stored landmark sharing a hash with the query. */
function lookUp(query: Landmark[]) {
  const wanted = new Set(query.map((l) => l.hash));
  return [{ id: 'ad', prints: adPrints }, ...others].flatMap(({ id, prints }) =>
    prints.filter((l) => wanted.has(l.hash)).map((l) => ({ id, ...l })),
  );
}
const identify = (clip: Float32Array) => {
  const query = fingerprint(clip);
  return { query, candidates: alignMatches(query, lookUp(query)) };
};

/** Low-pass by going down to twice the cut-off and back: the resampler's own anti-aliasing filter. */
const lowPass = (samples: Float32Array, cutoffHz: number) =>
  resample(resample(samples, RATE, 2 * cutoffHz), 2 * cutoffHz, RATE).subarray(0, samples.length);
/** Telephone band: 300-3400 Hz. */
const phoneBand = (samples: Float32Array) => {
  const low = lowPass(samples, 300);
  return lowPass(samples, 3400).map((s, i) => s - low[i]!);
};

describe('landmarks', () => {
  it('are the same every time for the same audio, with hashes under 2^19 and whole frame times', () => {
    expect(fingerprint(ad)).toEqual(adPrints);
    expect(adPrints.length).toBeGreaterThan(30 * 20);
    for (const { hash, t } of adPrints) {
      expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** HASH_BITS).toBe(true);
      expect(Number.isInteger(t) && t >= 0 && t <= 30 / FRAME_SECONDS).toBe(true);
    }
    expect(HASH_BITS).toBeLessThanOrEqual(31); // PostgreSQL int4 holds it with no signed cast
    expect(new Set(adPrints.map((l) => l.hash)).size).toBeGreaterThan(adPrints.length / 3);
  });

  it('are the same streamed in any chunking as for the whole buffer', () => {
    const random = seededRandom(7);
    for (const maxChunk of [1, 97, 800, 5000]) {
      const streamer = createFingerprinter();
      const streamed: Landmark[] = [];
      for (let at = 0; at < ad.length;) {
        const size = 1 + Math.floor(random() * maxChunk);
        streamed.push(...streamer.push(ad.subarray(at, at + size)));
        at += size;
      }
      streamed.push(...streamer.flush());
      expect(streamed).toEqual(adPrints);
    }
  });

  it('are the same streamed at the microphone rate as for the resampled buffer', () => {
    const at48k = toneBursts(6, 11, 48_000);
    const whole = fingerprint(resample(at48k, 48_000));
    expect(fingerprint(at48k, 48_000)).toEqual(whole);
    const streamer = createFingerprinter(48_000);
    const streamed: Landmark[] = [];
    for (let at = 0; at < at48k.length; at += 4800) streamed.push(...streamer.push(at48k.subarray(at, at + 4800)));
    streamed.push(...streamer.flush());
    expect(streamed).toEqual(whole);
  });

  it('come out while audio arrives, not only at the end', () => {
    const streamer = createFingerprinter();
    const early = streamer.push(ad.subarray(0, 3 * RATE));
    expect(early.length).toBeGreaterThan(30);
    expect(Math.max(...early.map((l) => l.t))).toBeGreaterThan(2 / FRAME_SECONDS);
  });
});

describe('alignment', () => {
  it('finds a clip cut from the middle at its offset', () => {
    const startSample = 12 * RATE + 123;
    const { query, candidates } = identify(ad.slice(startSample, startSample + 5 * RATE));
    const [best, second] = candidates;
    expect(best?.id).toBe('ad');
    expect(Math.abs(best!.offset - startSample / RATE / FRAME_SECONDS)).toBeLessThanOrEqual(1);
    expect(isConfidentMatch(candidates, query)).toBe(true);
    expect(best!.score).toBeGreaterThan(0.3 * query.length);
    expect(second?.score ?? 0).toBeLessThan(best!.score / 10);
  });

  it('finds a clip through noise at 0 dB and the telephone band', () => {
    const startSample = 20 * RATE + 7;
    const clip = phoneBand(withNoise(ad.slice(startSample, startSample + 5 * RATE), 0, 5));
    const { query, candidates } = identify(clip);
    expect(candidates[0]?.id).toBe('ad');
    expect(Math.abs(candidates[0]!.offset - startSample / RATE / FRAME_SECONDS)).toBeLessThanOrEqual(1);
    expect(isConfidentMatch(candidates, query)).toBe(true);
  });

  it('finds a clip heard through a room whose reverberation outlasts the direct sound', () => {
    // A living room's impulse response: the direct sound, then a noise tail decaying 60 dB in 0.5 s,
    // as loud in all as the direct sound is (a direct-to-reverberant ratio near 0 dB).
    const random = seededRandom(17);
    const ir = Float32Array.from({ length: RATE / 2 }, (_, i) =>
      i === 0 ? 1 : 0.06 * (2 * random() - 1) * Math.exp((-13.8 * i) / RATE),
    );
    const startSample = 8 * RATE;
    const dry = ad.slice(startSample - RATE / 2, startSample + 5 * RATE);
    const wet = new Float32Array(dry.length);
    for (let i = 0; i < dry.length; i++) {
      if (!dry[i]) continue;
      for (let k = 0; k < ir.length && i + k < wet.length; k++) wet[i + k]! += dry[i]! * ir[k]!;
    }
    const { query, candidates } = identify(wet.subarray(RATE / 2));
    expect(candidates[0]?.id).toBe('ad');
    expect(Math.abs(candidates[0]!.offset - startSample / RATE / FRAME_SECONDS)).toBeLessThanOrEqual(1);
    expect(isConfidentMatch(candidates, query)).toBe(true);
  });

  it('gives unrelated audio a low score and no confident match', () => {
    for (const seed of [21, 22, 23]) {
      const { query, candidates } = identify(toneBursts(5, seed));
      for (const { score } of candidates) expect(score).toBeLessThan(0.05 * query.length);
      expect(isConfidentMatch(candidates, query)).toBe(false);
    }
  });

  it('gathers a query whose tempo differs by 2% on one alignment', () => {
    // Stored landmarks of a recording played 2% faster than the query: db.t = 400 + 1.02 · query.t.
    const random = seededRandom(3);
    const query = Array.from({ length: 300 }, (_, i) => ({ hash: i, t: Math.floor(random() * 312) }));
    const hits = query.map(({ hash, t }) => ({ id: 'fast', hash, t: Math.round(400 + 1.02 * t) }));
    const [best] = alignMatches(query, hits);
    expect(best).toMatchObject({ id: 'fast', offset: 400 });
    expect(best!.score).toBeGreaterThanOrEqual(290);
  });

  it('counts each query landmark once and ranks best first', () => {
    const query = [
      { hash: 1, t: 0 },
      { hash: 2, t: 5 },
      { hash: 3, t: 9 },
    ];
    const hits = [
      { id: 'b', hash: 1, t: 100 },
      { id: 'b', hash: 1, t: 101 },
      { id: 'a', hash: 1, t: 50 },
      { id: 'a', hash: 2, t: 55 },
      { id: 'a', hash: 3, t: 59 },
      { id: 'c', hash: 99, t: 1 },
    ];
    expect(alignMatches(query, hits)).toEqual([
      { id: 'a', score: 3, offset: 50, background: 0, spans: 1, until: 9 },
      { id: 'b', score: 1, offset: 100, background: 0, spans: 1, until: 0 },
    ]);
  });
});

describe('score bounds', () => {
  it("are never below any recording's alignment score, tempo changed or not", () => {
    const random = seededRandom(27);
    for (let trial = 0; trial < 200; trial++) {
      const length = 20 + Math.floor(random() * 400);
      const query = Array.from({ length }, () => ({ hash: Math.floor(random() * 200), t: Math.floor(random() * 470) }));
      const hits = Array.from({ length: Math.floor(random() * 2000) }, () => ({
        id: `ad-${Math.floor(random() * 30)}`,
        hash: Math.floor(random() * 200),
        t: Math.floor(random() * 600),
      }));
      // One recording the query was cut from, played 3% slower or faster, with a frame of jitter.
      const slope = [0.97, 1, 1.03][trial % 3]!;
      for (const l of query) {
        if (random() < 0.4)
          hits.push({ id: 'heard', hash: l.hash, t: Math.round(50 + slope * l.t + random() * 2 - 1) });
      }
      const bounds = scoreBounds(query, hits);
      const aligned = alignMatches(query, hits);
      expect([...bounds.keys()].sort()).toEqual(aligned.map((c) => c.id).sort());
      for (const c of aligned) expect(c.score).toBeLessThanOrEqual(bounds.get(c.id)!);
      expect(aligned[0]!.id).toBe('heard');
    }
    expect(alignmentSpread(0)).toBe(4);
    expect(alignmentSpread(469)).toBe(18);
    expect(
      querySpan([
        { hash: 1, t: 30 },
        { hash: 2, t: 12 },
        { hash: 1, t: 200 },
      ]),
    ).toBe(188);
  });
});

describe('match confidence', () => {
  /** A 5 s query of 40 landmarks a second, and a candidate whose aligned landmarks sit at `times`. */
  const query = Array.from({ length: 200 }, (_, i) => ({ hash: i, t: Math.floor(i * (156 / 200)) }));
  const at = (times: number[], id = 'x') =>
    times.map((t, i) => ({ id, hash: query.findIndex((l) => l.t >= t) + (i % 2), t: 1000 + t }));
  const spread = (n: number) => Array.from({ length: n }, (_, i) => Math.floor((i * 155) / n));

  it('counts the seconds an alignment holds in, the most within 8 seconds in a row', () => {
    expect(spannedSeconds([])).toBe(0);
    expect(spannedSeconds([0, 5, 30, 31, 62, 100])).toBe(4);
    expect(spannedSeconds([0, 31, 62, 93, 124, 155, 186, 217, 248, 279])).toBe(8);
    expect(spannedSeconds([0, 31, 62, 400, 431])).toBe(3);
  });

  it('believes a few aligned landmarks spread over the query, standing alone', () => {
    const candidates = alignMatches(query, at(spread(MIN_SCORE)));
    expect(candidates[0]).toMatchObject({ score: MIN_SCORE, spans: 5, background: 0 });
    expect(isConfidentMatch(candidates, query)).toBe(true);
    expect(isConfidentMatch(alignMatches(query, at(spread(MIN_SCORE - 1))), query)).toBe(false);
  });

  it('does not believe many aligned landmarks within one or two seconds: material two recordings share', () => {
    const sentence = Array.from({ length: 30 }, (_, i) => 40 + i);
    const candidates = alignMatches(query, at(sentence));
    expect(candidates[0]!.score).toBeGreaterThanOrEqual(20);
    expect(candidates[0]!.spans).toBeLessThanOrEqual(2);
    expect(isConfidentMatch(candidates, query)).toBe(false);
  });

  it('does not believe a best candidate that others nearly equal, or that lines up as well elsewhere', () => {
    const times = spread(16);
    expect(isConfidentMatch(alignMatches(query, at(times)), query)).toBe(true);
    const alike = alignMatches(query, [...at(times, 'a'), ...at(times.slice(0, 10), 'b')]);
    expect(alike.map((c) => c.score)).toEqual([16, 10]);
    expect(isConfidentMatch(alike, query)).toBe(false);
    // The same recording lining up again 2 s later, as a loop of music does.
    const again = at(times).concat(at(times.slice(0, 10)).map((hit) => ({ ...hit, t: hit.t + 62 })));
    const repeating = alignMatches(query, again);
    expect(repeating[0]).toMatchObject({ score: 16, background: 10 });
    expect(isConfidentMatch(repeating, query)).toBe(false);
  });

  it('gives 0.5 exactly at the test, more above it and less below, within 0..1', () => {
    for (const n of [MIN_SCORE - 1, MIN_SCORE, 12, 40]) {
      const candidates = alignMatches(query, at(spread(n)));
      const [confidence] = matchConfidences(candidates, query);
      expect(confidence! >= 0.5).toBe(isConfidentMatch(candidates, query));
      expect(confidence!).toBeGreaterThan(0);
      expect(confidence!).toBeLessThan(1);
    }
    const exact = matchConfidences(alignMatches(query, at(spread(MIN_SCORE))), query)[0]!;
    expect(exact).toBeCloseTo(0.5, 10);
    const more = matchConfidences(alignMatches(query, at(spread(12))), query)[0]!;
    expect(more).toBeGreaterThan(exact);
  });
});

describe('resample', () => {
  const sine = (hz: number, rate: number, seconds: number) =>
    Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));

  it('keeps a tone in the pass band, in time and level', () => {
    for (const from of [48_000, 44_100, 22_050, 11_025, 16_000]) {
      const out = resample(sine(1000, from, 1), from);
      expect(out.length).toBe(RATE);
      let worst = 0;
      for (let i = 200; i < RATE - 200; i++) {
        worst = Math.max(worst, Math.abs(out[i]! - Math.sin((2 * Math.PI * 1000 * i) / RATE)));
      }
      expect(worst).toBeLessThan(0.01);
    }
  });

  it('removes what lies above the new Nyquist frequency instead of folding it back', () => {
    for (const from of [48_000, 44_100]) {
      const out = resample(sine(5000, from, 1), from); // would alias to 3 kHz
      let energy = 0;
      for (let i = 200; i < RATE - 200; i++) energy += out[i]! ** 2;
      expect(Math.sqrt(energy / (RATE - 400))).toBeLessThan(0.002); // under -50 dB
    }
  });

  it('keeps a constant constant and gives the same samples in any chunking', () => {
    const ones = resample(new Float32Array(48_000).fill(0.5), 48_000);
    expect(Math.abs(ones[4000]! - 0.5)).toBeLessThan(1e-6);
    const input = toneBursts(2, 9, 44_100);
    const whole = resample(input, 44_100);
    const r = new Resampler(44_100);
    const parts: number[] = [];
    for (let at = 0; at < input.length; at += 1234) parts.push(...r.push(input.subarray(at, at + 1234)));
    parts.push(...r.flush());
    expect(Float32Array.from(parts)).toEqual(whole);
  });
});
