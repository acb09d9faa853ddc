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
}

/**
 * Time-scale factors tried when aligning: stations time-compress ads by a few percent, which stretches the
 * offsets of a long query across several frames; a straight line with one of these slopes gathers them.
 */
const SLOPES = [1, 0.99, 1.01, 0.98, 1.02, 0.97, 1.03];
/** Offsets within this many frames of each other count as one alignment (a peak may move by a frame). */
const TOLERANCE = 1;

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
    let best = { score: 0, offset: 0 };
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
function bestAlignment(
  query: readonly Landmark[],
  q: number[],
  t: number[],
  slope: number,
): { score: number; offset: number } {
  const counts = new Map<number, number>();
  const offsets = new Int32Array(q.length);
  for (let i = 0; i < q.length; i++) {
    const o = Math.round(t[i]! - slope * query[q[i]!]!.t);
    offsets[i] = o;
    counts.set(o, (counts.get(o) ?? 0) + 1);
  }
  let bestOffset = 0;
  let bestSum = -1;
  for (const [o, n] of counts) {
    let sum = n;
    for (let d = 1; d <= TOLERANCE; d++) sum += (counts.get(o - d) ?? 0) + (counts.get(o + d) ?? 0);
    if (sum > bestSum || (sum === bestSum && o < bestOffset)) {
      bestSum = sum;
      bestOffset = o;
    }
  }
  const agreeing = new Set<number>();
  for (let i = 0; i < q.length; i++) if (Math.abs(offsets[i]! - bestOffset) <= TOLERANCE) agreeing.add(q[i]!);
  return { score: agreeing.size, offset: bestOffset };
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
 * Aligned landmarks needed before a match is believed: at least MIN_SCORE, and at least MIN_SHARE of the
 * query's landmarks. Chosen from the false positives measured by bench/identify (decision 0020).
 */
export const MIN_SCORE = 14;
export const MIN_SHARE = 0.06;

/** 0..1: how far the score stands above what unrelated audio reaches; 0.5 at the match threshold. */
export function matchConfidence(score: number, queryCount: number): number {
  const needed = Math.max(MIN_SCORE, MIN_SHARE * queryCount);
  if (score <= 0) return 0;
  const ratio = score / needed;
  return ratio / (1 + ratio);
}

export function isConfidentMatch(score: number, queryCount: number): boolean {
  return score >= Math.max(MIN_SCORE, MIN_SHARE * queryCount);
}
