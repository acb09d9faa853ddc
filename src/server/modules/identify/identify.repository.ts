import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { adFingerprintSets, adIsPublic, ads } from '../../db/schema.js';
import { OFFSET_BASE } from '../../../shared/fingerprint/index.js';
import type { LandmarkColumns } from '../media/audio-facts.js';

/** A stored landmark that one of a query's hashes found: the ad, the (unsigned) hash and the ad's frame. */
export interface Hit {
  id: string;
  hash: number;
  t: number;
}

/** A query's landmarks, hashes as signed int4. */
export interface QueryColumns {
  hashes: Int32Array;
  frames: Int32Array;
}

/** An ad that may match a query: its bound on the alignment score, and its landmarks the query's hashes found. */
export interface LikelyAd {
  id: string;
  bound: number;
  hits: Hit[];
  /** Rows the lookup read in all (the same on every ad of one answer). */
  rows: number;
}

export interface HitBounds {
  /** Rows read per hash at most: a hash found this often says little about which ad it is. */
  perHash: number;
  /** Rows read per query at most. */
  total: number;
  /** Ads whose hits the lookup sends, those of highest bound on their score (the answer lists the best five). */
  ads: number;
}

export function createIdentifyRepository(db: Db) {
  return {
    /**
     * The public ads that may match a query, with their landmarks that share a hash with it, in one
     * statement: per hash at most `perHash + 1` rows through the hash index (index-only; a hash found more
     * than `perHash` times is left out), `total` rows in all; then, in the database, each ad's bound on its
     * alignment score (scoreBounds in src/shared/fingerprint, buckets of `spread` frames), and the `limit`
     * ads of highest bound (all with null), best first. Only those ads' rows leave the database.
     */
    async likelyAds(query: QueryColumns, spread: number, bounds: HitBounds, limit: number | null): Promise<LikelyAd[]> {
      const found = await rows<{ id: string; bound: number; hashes: number[]; frames: number[]; rows: number }>(
        db,
        sql`
        WITH q AS (
          SELECT * FROM unnest(${sql.param(Array.from(query.hashes))}::int4[], ${sql.param(Array.from(query.frames))}::int4[]) AS q(hash, t)
        ),
        h AS MATERIALIZED (
          SELECT d.hash, x.ad_id, x.t
          FROM (SELECT DISTINCT hash FROM q) d
          CROSS JOIN LATERAL (
            SELECT f.ad_id, f.t, count(*) OVER () AS n FROM (
              SELECT f.ad_id, f.t FROM ad_fingerprints f WHERE f.hash = d.hash LIMIT ${bounds.perHash + 1}
            ) f
          ) x
          WHERE x.n <= ${bounds.perHash}
          LIMIT ${bounds.total}
        ),
        pairs AS MATERIALIZED (
          SELECT h.ad_id, (h.t - q.t + ${OFFSET_BASE}::int4) / ${spread}::int4 AS k FROM h JOIN q USING (hash)
        ),
        bounded AS (
          SELECT w.ad_id, max(w.n)::int4 AS bound FROM (
            SELECT ad_id, k, count(*) AS n
            FROM (SELECT ad_id, k FROM pairs UNION ALL SELECT ad_id, k - 1 FROM pairs) b
            GROUP BY ad_id, k
          ) w
          JOIN ${ads} ON ${ads.id} = w.ad_id AND ${adIsPublic}
          GROUP BY w.ad_id
          ORDER BY bound DESC, w.ad_id
          LIMIT ${limit}
        )
        SELECT b.ad_id AS id, b.bound, array_agg(h.hash) AS hashes, array_agg(h.t) AS frames,
               (SELECT count(*)::int4 FROM h) AS rows
        FROM bounded b JOIN h USING (ad_id)
        GROUP BY b.ad_id, b.bound
        ORDER BY b.bound DESC, b.ad_id`,
      );
      return found.map((r) => ({
        id: r.id,
        bound: r.bound,
        hits: r.hashes.map((hash, i) => ({ id: r.id, hash: hash >>> 0, t: r.frames[i]! })),
        rows: r.rows,
      }));
    },

    /** What an answer shows of each public ad among `ids`. */
    async publicCards(ids: string[]) {
      if (!ids.length) return [];
      return db
        .select({
          id: ads.id,
          slug: ads.slug,
          title: ads.title,
          businessName: ads.businessName,
          category: ads.category,
          logoUrl: ads.logoUrl,
        })
        .from(ads)
        .where(and(adIsPublic, inArray(ads.id, ids)));
    },

    /**
     * Replaces an ad's landmarks with those of `audioUrl`, in the caller's transaction. The ad's row is
     * locked first, so concurrent writers of one ad (an edit, the backfill of another process) take
     * turns. Writes nothing when the ad is gone or its audio is no longer `audioUrl` ('stale'), nor, with
     * `unlessCurrent`, when its landmarks already are those of this audio and version ('current').
     */
    async replace(
      tx: Db,
      adId: string,
      audioUrl: string,
      version: number,
      landmarks: LandmarkColumns,
      { unlessCurrent = false } = {},
    ): Promise<'written' | 'stale' | 'current'> {
      const [ad] = await rows<{ audio_url: string; current: boolean }>(
        tx,
        sql`SELECT a.audio_url, EXISTS (
              SELECT 1 FROM ad_fingerprint_sets s WHERE s.ad_id = a.id AND s.audio_url = a.audio_url AND s.version = ${version}
            ) AS current
            FROM ads a WHERE a.id = ${adId}::uuid FOR UPDATE OF a`,
      );
      if (ad?.audio_url !== audioUrl) return 'stale';
      if (unlessCurrent && ad.current) return 'current';
      await tx.execute(sql`DELETE FROM ad_fingerprints WHERE ad_id = ${adId}::uuid`);
      if (landmarks.hashes.length) {
        await tx.execute(sql`
          INSERT INTO ad_fingerprints (ad_id, hash, t)
          SELECT ${adId}::uuid, u.hash, u.t
          FROM unnest(${sql.param(Array.from(landmarks.hashes))}::int4[], ${sql.param(Array.from(landmarks.frames))}::int4[]) AS u(hash, t)`);
      }
      const set = { audioUrl, version, landmarks: landmarks.hashes.length, indexedAt: new Date() };
      await tx
        .insert(adFingerprintSets)
        .values({ adId, ...set })
        .onConflictDoUpdate({ target: adFingerprintSets.adId, set });
      return 'written';
    },

    /**
     * Ads (public or not: an ad may be switched back on) whose landmarks are missing, or were computed
     * from other audio or by another version of the landmark algorithm; newest first.
     */
    async unindexed(version: number, limit: number) {
      return db
        .select({ id: ads.id, audioUrl: ads.audioUrl })
        .from(ads)
        .leftJoin(adFingerprintSets, eq(adFingerprintSets.adId, ads.id))
        .where(
          or(
            isNull(adFingerprintSets.adId),
            ne(adFingerprintSets.audioUrl, ads.audioUrl),
            ne(adFingerprintSets.version, version),
          ),
        )
        .orderBy(desc(ads.createdAt), desc(ads.id))
        .limit(limit);
    },

    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },
  };
}
export type IdentifyRepository = ReturnType<typeof createIdentifyRepository>;
