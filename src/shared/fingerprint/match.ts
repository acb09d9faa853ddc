import type { Landmark } from './landmarks.js';

export interface Hit {
  id: string;
  hash: number;
  t: number;
}
export interface Candidate {
  id: string;
  /** Query landmarks agreeing on one alignment with this recording. */
  score: number;
  /** Frames from the recording's start to the query's start (db.t - query.t at the query's start). */
  offset: number;
  /**
   * The same recording's best score at any other offset (more than BACKGROUND_GAP frames away, same slope):
   * what this recording reaches by chance, or by repeating itself, against this query.
   */
  background: number;
  /** Seconds of the query holding an aligned landmark, the most within any SPAN_SECONDS in a row. */
  spans: number;
  /** Query frame of the last landmark on this alignment: how far into the query the recording is heard. */
  until: number;
}

/**
 * Time-scale factors tried when aligning: stations time-compress ads by a few percent, which stretches the
 * offsets of a long query across several frames; a straight line with one of these slopes gathers them.
 */
const SLOPES = [1, 0.99, 1.01, 0.98, 1.02, 0.97, 1.03];
/** Offsets within this many frames of each other count as one alignment (a peak may move by a frame). */
const TOLERANCE = 1;
/** Offsets at least this many frames from the best count as another alignment, for the background. */
const BACKGROUND_GAP = 2 * TOLERANCE + 3;
/** Frames in one second of the query (rounded down), for `spans`. */
const SECOND_FRAMES = 31;
/**
 * The window `spans` is counted in: a true match holds across the whole of a short query, but a longer
 * recording (a partner's minute of air, the browser's growing query) may hold other sound around the ad.
 */
const SPAN_SECONDS = 8;

/** Distinct seconds among frame times, the most within any SPAN_SECONDS consecutive seconds. */
export function spannedSeconds(times: Iterable<number>): number {
  const seconds = [...new Set(Array.from(times, (t) => Math.floor(t / SECOND_FRAMES)))].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < seconds.length; i++) {
    while (seconds[i]! - seconds[j]! >= SPAN_SECONDS) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/**
 * For each recording, the largest number of query landmarks agreeing on one alignment
 * (db.t ≈ offset + slope · query.t), best first. `hits` are the stored landmarks sharing a hash with the query.
 */
export function alignMatches(query: readonly Landmark[], hits: readonly Hit[]): Candidate[] {
  const byHash = new Map<number, number[]>();
  query.forEach((landmark, i) => {
    const list = byHash.get(landmark.hash);
    if (list) list.push(i);
    else byHash.set(landmark.hash, [i]);
  });

  // Matching pairs per recording: query landmark index and stored time.
  const pairs = new Map<string, { q: number[]; t: number[] }>();
  for (const hit of hits) {
    const matching = byHash.get(hit.hash);
    if (!matching) continue;
    let entry = pairs.get(hit.id);
    if (!entry) pairs.set(hit.id, (entry = { q: [], t: [] }));
    for (const q of matching) {
      entry.q.push(q);
      entry.t.push(hit.t);
    }
  }

  const candidates: Candidate[] = [];
  for (const [id, { q, t }] of pairs) {
    let best = { score: 0, offset: 0, background: 0, spans: 0, until: 0 };
    for (const slope of SLOPES) {
      const aligned = bestAlignment(query, q, t, slope);
      if (aligned.score > best.score) best = aligned;
      // A straight alignment is the common case; other slopes only to beat it.
      if (q.length < 2) break;
    }
    candidates.push({ id, ...best });
  }
  return candidates.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The densest offset bin (± TOLERANCE) for one slope, counting each query landmark once. */
function bestAlignment(query: readonly Landmark[], q: number[], t: number[], slope: number): Omit<Candidate, 'id'> {
  const counts = new Map<number, number>();
  const offsets = new Int32Array(q.length);
  for (let i = 0; i < q.length; i++) {
    const o = Math.round(t[i]! - slope * query[q[i]!]!.t);
    offsets[i] = o;
    counts.set(o, (counts.get(o) ?? 0) + 1);
  }
  const windowed = new Map<number, number>();
  let bestOffset = 0;
  let bestSum = -1;
  for (const [o, n] of counts) {
    let sum = n;
    for (let d = 1; d <= TOLERANCE; d++) sum += (counts.get(o - d) ?? 0) + (counts.get(o + d) ?? 0);
    windowed.set(o, sum);
    if (sum > bestSum || (sum === bestSum && o < bestOffset)) {
      bestSum = sum;
      bestOffset = o;
    }
  }
  let otherOffset: number | null = null;
  let otherSum = 0;
  for (const [o, sum] of windowed) {
    if (Math.abs(o - bestOffset) >= BACKGROUND_GAP && sum > otherSum) {
      otherSum = sum;
      otherOffset = o;
    }
  }
  const agreeingAt = (at: number) => {
    const agreeing = new Set<number>();
    for (let i = 0; i < q.length; i++) if (Math.abs(offsets[i]! - at) <= TOLERANCE) agreeing.add(q[i]!);
    return agreeing;
  };
  const agreeing = agreeingAt(bestOffset);
  const score = agreeing.size;
  const times = Array.from(agreeing, (i) => query[i]!.t);
  return {
    score,
    offset: bestOffset,
    background: otherOffset === null ? 0 : Math.min(score, agreeingAt(otherOffset).size),
    spans: spannedSeconds(times),
    until: times.reduce((a, b) => Math.max(a, b), 0),
  };
}

/**
 * How many consecutive values of `db.t - query.t` one alignment can gather for a query whose landmarks span
 * `span` frames: the ±TOLERANCE bin, widened by the farthest slope's drift across the query.
 */
export function alignmentSpread(span: number): number {
  const drift = Math.max(...SLOPES.map((s) => Math.abs(1 - s)));
  return Math.floor(2 * TOLERANCE + 1 + drift * span + 1e-9) + 1;
}

/**
 * An upper bound of each recording's alignMatches score that needs no alignment, so that a database can
 * compute it cheaply and send only the recordings that may rank: the (hit, query landmark) pairs' offsets
 * `db.t - query.t` cut into buckets of alignmentSpread(span) frames, and the most pairs in two
 * neighbouring buckets (one alignment's landmarks all fall within two, and each counts at least one pair).
 * Offsets are shifted by OFFSET_BASE so that integer division never meets a negative one.
 */
export function scoreBounds(query: readonly Landmark[], hits: readonly Hit[]): Map<string, number> {
  const width = alignmentSpread(querySpan(query));
  const byHash = new Map<number, number[]>();
  for (const { hash, t } of query) byHash.set(hash, [...(byHash.get(hash) ?? []), t]);
  const buckets = new Map<string, Map<number, number>>();
  for (const hit of hits) {
    for (const t of byHash.get(hit.hash) ?? []) {
      const k = Math.floor((hit.t - t + OFFSET_BASE) / width);
      let ad = buckets.get(hit.id);
      if (!ad) buckets.set(hit.id, (ad = new Map()));
      for (const key of [k, k - 1]) ad.set(key, (ad.get(key) ?? 0) + 1);
    }
  }
  const bounds = new Map<string, number>();
  for (const [id, ad] of buckets) bounds.set(id, Math.max(...ad.values()));
  return bounds;
}

/** Frames between a query's first and last landmark. */
export function querySpan(query: readonly Landmark[]): number {
  let min = Infinity;
  let max = -Infinity;
  for (const { t } of query) {
    if (t < min) min = t;
    if (t > max) max = t;
  }
  return query.length ? max - min : 0;
}

/** Added to `db.t - query.t` before bucketing, so that integer division never meets a negative offset. */
export const OFFSET_BASE = 1 << 16;

/**
 * The confidence test (decision 0030), chosen on clips of bench/identify at other offsets than the measured
 * ones. A match is believed when its aligned landmarks
 * - are at least MIN_SCORE;
 * - fall in at least MIN_SPANS seconds of the query, and in SPAN_SHARE of the seconds the query has (within
 *   SPAN_SECONDS): a sentence or a chord two ads share lines up for a second or two, a true match throughout;
 * - stand out, by RATIO and MARGIN, above the runner-up (another recording's best: several ads scoring alike
 *   means shared material, not this ad) and above the background (the same recording's best at another
 *   offset: music that repeats itself lines up at every bar).
 */
export const MIN_SCORE = 8;
export const MIN_SPANS = 3;
export const SPAN_SHARE = 0.6;
export const RATIO = 1.5;
export const MARGIN = 2;

/**
 * How far a candidate clears the confidence test: the smallest of its margins over each condition, as a
 * ratio (1 exactly at the threshold). `runnerUp`: the best other recording's score (0 when none).
 */
export function matchStrength(candidate: Candidate, runnerUp: number, querySpans: number): number {
  const { score, spans, background } = candidate;
  return Math.min(
    score / MIN_SCORE,
    spans / Math.max(MIN_SPANS, SPAN_SHARE * querySpans),
    score / (RATIO * runnerUp + MARGIN),
    score / (RATIO * background + MARGIN),
  );
}

/** The seconds a query holds landmarks in (within SPAN_SECONDS): what a match's `spans` is measured against. */
export const querySpans = (query: readonly Landmark[]): number => spannedSeconds(query.map((l) => l.t));

/** Whether the best of `candidates` (as alignMatches ranks them) is a match. */
export function isConfidentMatch(candidates: readonly Candidate[], query: readonly Landmark[]): boolean {
  const [best, second] = candidates;
  return best !== undefined && matchStrength(best, second?.score ?? 0, querySpans(query)) >= 1;
}

/**
 * 0..1 for each candidate: how far it stands above the test, 0.5 exactly at it. Each is judged against the
 * best of the others.
 */
export function matchConfidences(candidates: readonly Candidate[], query: readonly Landmark[]): number[] {
  const spans = querySpans(query);
  return candidates.map((candidate, i) => {
    const runnerUp = candidates[i === 0 ? 1 : 0]?.score ?? 0;
    const strength = matchStrength(candidate, runnerUp, spans);
    return strength / (1 + strength);
  });
}
