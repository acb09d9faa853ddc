import { performance } from 'node:perf_hooks';
import { buffer } from 'node:stream/consumers';
import {
  alignMatches,
  alignmentSpread,
  FRAME_SECONDS,
  isConfidentMatch,
  matchConfidences,
  MIN_SCORE,
  querySpan,
  type Candidate,
  type Hit,
  type Landmark,
} from '../../../shared/fingerprint/index.js';
import type { Category } from '../../../shared/categories.js';
import {
  IDENTIFY_CANDIDATES,
  IDENTIFY_FILE_MAX_SECONDS,
  identifyMessages,
  type IdentifyCandidate,
  type IdentifyResponse,
} from '../../../shared/identify.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Db } from '../../db/client.js';
import { BadRequestError } from '../../errors.js';
import { AudioRefusedError, AudioTooLongError, type AudioFormat, type LandmarkColumns } from '../media/audio-facts.js';
import { analyseAudio, AudioBusyError, audioCallerOf } from '../media/audio-analyser.js';
import { detectAudioFormat } from '../media/upload.js';
import type { HitBounds, IdentifyRepository } from './identify.repository.js';

/**
 * The version of the stored landmarks. Raise it with any change of src/shared/fingerprint's parameters
 * or hashing: the backfill then recomputes every ad's landmarks in the background.
 */
export const LANDMARKS_VERSION = 2;

/**
 * Bounds of one lookup. A hash stored more than `perHash` times is left out of the vote (it is in so
 * many ads that it says nothing), and no query reads more than `total` rows, whatever its hashes.
 */
export const HIT_BOUNDS: HitBounds = { perHash: 100, total: 60_000, ads: 20 };

/** Ads looked at per pass of the backfill. */
const BACKFILL_BATCH = 20;
/** Wait before asking the audio workers again when they are full. */
const BUSY_WAIT_MS = 2_000;
/** The backfill's turns on the audio workers: one caller among the accounts, never more than its share. */
const BACKFILL_CALLER = 'landmarks-backfill';

/** Where one identify call spent its time (ms), and how many stored rows its lookup read. */
export interface IdentifyTiming {
  lookupMs: number;
  rows: number;
  alignMs: number;
  cardsMs: number;
}

/** The timing as a Server-Timing header value (what a browser's network panel and the benchmark read). */
export function serverTiming(timing: IdentifyTiming): string {
  const ms = (n: number) => n.toFixed(1);
  return [
    `lookup;dur=${ms(timing.lookupMs)}`,
    `align;dur=${ms(timing.alignMs)}`,
    `cards;dur=${ms(timing.cardsMs)}`,
    `rows;desc=${timing.rows}`,
  ].join(', ');
}

/** The ad a stretch of a stream matches (IdentifyService.matchWindow). */
export interface WindowMatch {
  adId: string;
  offsetSeconds: number;
  heardUntilSeconds: number;
  confidence: number;
}

const toLandmarks = ({ hashes, frames }: LandmarkColumns): Landmark[] =>
  Array.from(hashes, (hash, i) => ({ hash: hash >>> 0, t: frames[i]! }));

/**
 * The IDENTIFY_CANDIDATES best alignments among `likely` (ads ranked by their bound on the score, highest
 * first), aligning only while an ad can still beat the last kept: an ad's score never exceeds its bound.
 * Given every ad with a hit, this is exactly alignMatches' ranking (tested against aligning all).
 */
export function bestAligned(query: Landmark[], likely: readonly { bound: number; hits: Hit[] }[]): Candidate[] {
  let kept: Candidate[] = [];
  for (const ad of likely) {
    const last = kept.length < IDENTIFY_CANDIDATES ? 0 : kept[kept.length - 1]!.score;
    if (ad.bound < last) break;
    kept = [...kept, ...alignMatches(query, ad.hits)]
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, IDENTIFY_CANDIDATES);
  }
  return kept;
}

/**
 * Whether an ad not aligned, whose score is at most `unseen`, could change the answer aligning every ad
 * gives: by being the best (a score at least the best's and the test's minimum), or by being the runner-up
 * the confidence test holds the best against (decision 0030), so that a match would no longer be one.
 */
export function mayChange(query: Landmark[], ranked: readonly Candidate[], unseen: number): boolean {
  const [best, second] = ranked;
  if (!best) return unseen >= MIN_SCORE;
  if (unseen >= best.score && unseen >= MIN_SCORE) return true;
  if (unseen <= (second?.score ?? 0)) return false;
  const runnerUp: Candidate = { id: '', score: unseen, offset: 0, background: 0, spans: 0, until: 0 };
  return isConfidentMatch(ranked, query) && !isConfidentMatch([best, runnerUp], query);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Finds the public ad a recording comes from, and keeps every ad's landmarks in the index: written with
 * the ad (the ads service calls `store` in its transaction), rebuilt in the background for ads whose
 * landmarks are missing or stale (`backfill`), removed with the ad (the database's cascade).
 */
export function createIdentifyService(deps: {
  repo: IdentifyRepository;
  storage: Storage;
  log?: { info(msg: string): void; warn(obj: object, msg: string): void };
  bounds?: HitBounds;
  /** Hears how long each identification took, from landmarks to answer (metrics). */
  onIdentify?: (ms: number) => void;
}) {
  const { repo, storage } = deps;
  const bounds = deps.bounds ?? HIT_BOUNDS;

  /**
   * The candidates for a query's landmarks: one lookup, which bounds every ad's score in the database and
   * sends the hits of the `bounds.ads` ads of highest bound, aligned here: the candidates are the best
   * five of those. The match is always the one aligning every ad would give: should an ad left in the
   * database be able to change it (see mayChange), the lookup runs again for all ads. `timing`, when
   * given, receives where the time went.
   */
  async function rank(query: Landmark[]) {
    let at = performance.now();
    const columns = { hashes: Int32Array.from(query, (l) => l.hash | 0), frames: Int32Array.from(query, (l) => l.t) };
    const spread = alignmentSpread(querySpan(query));
    let likely = await repo.likelyAds(columns, spread, bounds, bounds.ads + 1);
    let lookupMs = performance.now() - at;
    at = performance.now();
    let ranked = bestAligned(query, likely.slice(0, bounds.ads));
    let alignMs = performance.now() - at;
    if (mayChange(query, ranked, likely[bounds.ads]?.bound ?? 0)) {
      at = performance.now();
      likely = await repo.likelyAds(columns, spread, bounds, null);
      lookupMs += performance.now() - at;
      at = performance.now();
      ranked = bestAligned(query, likely);
      alignMs += performance.now() - at;
    }
    return { ranked, rows: likely[0]?.rows ?? 0, lookupMs, alignMs };
  }

  async function identify(query: Landmark[], timing?: IdentifyTiming): Promise<IdentifyResponse> {
    const started = performance.now();
    const { ranked, rows, lookupMs, alignMs } = await rank(query);
    const at = performance.now();
    const cards = new Map((await repo.publicCards(ranked.map((c) => c.id))).map((card) => [card.id, card]));
    // Judged on the alignments as ranked: an ad hidden since the lookup still shared the query's material.
    const confidences = matchConfidences(ranked, query);
    const candidates: IdentifyCandidate[] = [];
    for (const [i, { id, offset }] of ranked.entries()) {
      const card = cards.get(id);
      if (!card) continue; // no longer public since the lookup
      candidates.push({
        slug: card.slug,
        title: card.title,
        businessName: card.businessName,
        category: card.category as Category,
        logoUrl: card.logoUrl,
        confidence: Math.round(confidences[i]! * 1000) / 1000,
        offsetSeconds: Math.round(offset * FRAME_SECONDS * 100) / 100,
      });
    }
    if (timing) {
      Object.assign(timing, {
        lookupMs,
        rows,
        alignMs,
        cardsMs: performance.now() - at,
      });
    }
    const bestShown = ranked[0] !== undefined && cards.has(ranked[0].id);
    deps.onIdentify?.(performance.now() - started);
    return { match: bestShown && isConfidentMatch(ranked, query) ? candidates[0]! : null, candidates };
  }

  /**
   * Decodes and fingerprints a recording in the audio workers, with the recording's length limit, on the
   * turns of the account `userId`.
   */
  async function fingerprintRecording(bytes: Uint8Array, format: AudioFormat, userId: string) {
    try {
      const facts = await analyseAudio(bytes, format, audioCallerOf(userId), {
        fingerprint: true,
        maxSeconds: IDENTIFY_FILE_MAX_SECONDS,
      });
      return toLandmarks(facts.landmarks!);
    } catch (err) {
      if (err instanceof AudioTooLongError) throw new BadRequestError(identifyMessages.recordingTooLong);
      if (err instanceof AudioRefusedError) throw new BadRequestError(err.message);
      throw err;
    }
  }

  /** Reads an ad's stored audio and computes its landmarks (null: the file is not there to read now). */
  async function landmarksOfStored(audioUrl: string): Promise<LandmarkColumns | null> {
    const key = storage.keyFromUrl(audioUrl);
    if (!key) return null;
    let bytes: Buffer;
    try {
      bytes = await buffer((await storage.read(key)).body);
    } catch {
      return null;
    }
    const format = await detectAudioFormat(bytes);
    const empty = { hashes: new Int32Array(0), frames: new Int32Array(0) };
    if (!format) return empty;
    const facts = await analyseAudio(bytes, format, BACKFILL_CALLER, { fingerprint: true });
    return facts.landmarks ?? empty;
  }

  return {
    identify,

    /**
     * The public ad a stretch of a stream matches (its landmarks, `t` from the stretch's start), by the same
     * lookup and confidence test as identify: the ad's id, where in the ad the stretch starts (seconds), how
     * far into the stretch the ad is heard (its last aligned landmark, seconds), and the confidence; null when
     * no ad passes the test. A stream monitor calls it for each sliding window.
     */
    async matchWindow(query: Landmark[]): Promise<WindowMatch | null> {
      if (query.length < MIN_SCORE) return null;
      const { ranked } = await rank(query);
      if (!isConfidentMatch(ranked, query)) return null;
      const best = ranked[0]!;
      return {
        adId: best.id,
        offsetSeconds: best.offset * FRAME_SECONDS,
        heardUntilSeconds: best.until * FRAME_SECONDS,
        confidence: matchConfidences(ranked, query)[0]!,
      };
    },

    /** Identifies a recording (the partner API) for account `userId`: decoded and fingerprinted like an ad's audio. */
    async identifyRecording(bytes: Uint8Array, format: AudioFormat, userId: string) {
      return identify(await fingerprintRecording(bytes, format, userId));
    },

    /** Stores an ad's landmarks for its audio, in the transaction that writes the ad. */
    async store(tx: Db, adId: string, audioUrl: string, landmarks: LandmarkColumns) {
      await repo.replace(tx, adId, audioUrl, LANDMARKS_VERSION, landmarks);
    },

    /**
     * Indexes every ad whose landmarks are missing or stale, one at a time in the audio workers (behind
     * any upload), until none is left or `signal` aborts. Safe with several app processes: each write
     * locks its ad's row and skips an ad another process has just indexed. An audio file that cannot be
     * decoded is recorded with no landmarks (tried again only when its audio or the version changes); one
     * that cannot be read now is tried at the next start. Returns the number of ads indexed.
     */
    async backfill({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
      const tried = new Set<string>();
      let indexed = 0;
      while (!signal?.aborted) {
        const todo = (await repo.unindexed(LANDMARKS_VERSION, BACKFILL_BATCH + tried.size)).filter(
          (ad) => !tried.has(`${ad.id} ${ad.audioUrl}`),
        );
        if (!todo.length) break;
        for (const ad of todo) {
          if (signal?.aborted) break;
          let landmarks: LandmarkColumns | null;
          try {
            landmarks = await landmarksOfStored(ad.audioUrl);
          } catch (err) {
            if (signal?.aborted) break;
            if (err instanceof AudioBusyError) {
              await sleep(BUSY_WAIT_MS, signal);
              break; // this batch again, from the database
            }
            deps.log?.warn({ err, adId: ad.id }, 'Fingerprinting an ad failed');
            landmarks = { hashes: new Int32Array(0), frames: new Int32Array(0) };
          }
          tried.add(`${ad.id} ${ad.audioUrl}`);
          if (!landmarks) continue;
          const written = await repo.transaction((tx) =>
            repo.replace(tx, ad.id, ad.audioUrl, LANDMARKS_VERSION, landmarks, { unlessCurrent: true }),
          );
          if (written === 'written') indexed++;
        }
      }
      return indexed;
    },
  };
}
export type IdentifyService = ReturnType<typeof createIdentifyService>;
/** What the ads service needs of the index: storing an ad's landmarks with the ad. */
export type FingerprintStore = Pick<IdentifyService, 'store'>;
