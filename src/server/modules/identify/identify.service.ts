import { buffer } from 'node:stream/consumers';
import {
  alignMatches,
  FRAME_SECONDS,
  isConfidentMatch,
  matchConfidences,
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
import { AudioRefusedError, AudioTooLongError, type LandmarkColumns } from '../media/audio-facts.js';
import { analyseAudio, AudioBusyError } from '../media/audio-analyser.js';
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
export const HIT_BOUNDS: HitBounds = { perHash: 100, total: 60_000 };

/** Ads looked at per pass of the backfill. */
const BACKFILL_BATCH = 20;
/** Wait before asking the audio workers again when they are full (uploads go first). */
const BUSY_WAIT_MS = 2_000;

const toLandmarks = ({ hashes, frames }: LandmarkColumns): Landmark[] =>
  Array.from(hashes, (hash, i) => ({ hash: hash >>> 0, t: frames[i]! }));

/**
 * The IDENTIFY_CANDIDATES best alignments, as alignMatches ranks them, without aligning every ad: an ad's
 * score (query landmarks agreeing on one offset) is at most the number of (hit, query landmark) pairs it
 * has, so ads are aligned from the most pairs down and the rest skipped once that bound falls below the
 * last kept score. Most ads share a hash or two with any query by chance; they are never aligned.
 */
export function bestAligned(query: Landmark[], hits: Hit[]): Candidate[] {
  const perQueryHash = new Map<number, number>();
  for (const l of query) perQueryHash.set(l.hash, (perQueryHash.get(l.hash) ?? 0) + 1);
  const byAd = new Map<string, { hits: Hit[]; pairs: number }>();
  for (const hit of hits) {
    let ad = byAd.get(hit.id);
    if (!ad) byAd.set(hit.id, (ad = { hits: [], pairs: 0 }));
    ad.hits.push(hit);
    ad.pairs += perQueryHash.get(hit.hash) ?? 0;
  }
  const order = [...byAd.values()].sort((a, b) => b.pairs - a.pairs);
  let kept: Candidate[] = [];
  for (const ad of order) {
    const last = kept.length < IDENTIFY_CANDIDATES ? 0 : kept[kept.length - 1]!.score;
    if (ad.pairs < last) break;
    kept = [...kept, ...alignMatches(query, ad.hits)]
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, IDENTIFY_CANDIDATES);
  }
  return kept;
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
}) {
  const { repo, storage } = deps;
  const bounds = deps.bounds ?? HIT_BOUNDS;

  /** The candidates for a query's landmarks: one lookup of its hashes, aligned here. */
  async function identify(query: Landmark[]): Promise<IdentifyResponse> {
    const hashes = Int32Array.from(new Set(query.map((l) => l.hash | 0)));
    const hits = await repo.hits(hashes, bounds);
    const perHash = new Map<number, number>();
    for (const hit of hits) perHash.set(hit.hash, (perHash.get(hit.hash) ?? 0) + 1);
    const telling = hits.filter((hit) => perHash.get(hit.hash)! <= bounds.perHash);
    const ranked = bestAligned(query, telling);
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
    const bestShown = ranked[0] !== undefined && cards.has(ranked[0].id);
    return { match: bestShown && isConfidentMatch(ranked, query) ? candidates[0]! : null, candidates };
  }

  /** Decodes and fingerprints a recording in the audio workers, with the recording's length limit. */
  async function fingerprintRecording(bytes: Uint8Array, format: Parameters<typeof analyseAudio>[1]) {
    try {
      const facts = await analyseAudio(bytes, format, { fingerprint: true, maxSeconds: IDENTIFY_FILE_MAX_SECONDS });
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
    const facts = await analyseAudio(bytes, format, { fingerprint: true });
    return facts.landmarks ?? empty;
  }

  return {
    identify,

    /** Identifies a recording (the partner API): decoded and fingerprinted like an ad's audio. */
    async identifyRecording(bytes: Uint8Array, format: Parameters<typeof analyseAudio>[1]) {
      return identify(await fingerprintRecording(bytes, format));
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
