import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { adFingerprintSets, adIsPublic, ads } from '../../db/schema.js';
import type { LandmarkColumns } from '../media/audio-facts.js';

/** A stored landmark that one of a query's hashes found: the ad, the (unsigned) hash and the ad's frame. */
export interface Hit {
  id: string;
  hash: number;
  t: number;
}

export interface HitBounds {
  /** Rows read per hash at most: a hash found this often says little about which ad it is. */
  perHash: number;
  /** Rows read per query at most. */
  total: number;
}

export function createIdentifyRepository(db: Db) {
  return {
    /**
     * The landmarks of public ads with any of `hashes` (signed), in one statement: per hash at most
     * `perHash + 1` rows through the hash index (index-only), so that the service can tell a hash too
     * common to count, and `total` rows in all.
     */
    async hits(hashes: Int32Array, bounds: HitBounds): Promise<Hit[]> {
      const found = await rows<{ id: string; hash: number; t: number }>(
        db,
        sql`
        SELECT h.ad_id AS id, q.hash, h.t
        FROM unnest(${sql.param(Array.from(hashes))}::int4[]) AS q(hash)
        CROSS JOIN LATERAL (
          SELECT f.ad_id, f.t FROM ad_fingerprints f
          JOIN ${ads} ON ${ads.id} = f.ad_id AND ${adIsPublic}
          WHERE f.hash = q.hash
          LIMIT ${bounds.perHash + 1}
        ) h
        LIMIT ${bounds.total}`,
      );
      return found.map((r) => ({ id: r.id, hash: r.hash >>> 0, t: r.t }));
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
