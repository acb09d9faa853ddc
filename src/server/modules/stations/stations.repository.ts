import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Airing, Station } from '../../../shared/stations.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { adIsPublic, ads, airings, stations } from '../../db/schema.js';
import { cursorInstant, olderThan, type Keyset } from '../../paging.js';

export type StationRow = typeof stations.$inferSelect;
type NewStationRow = typeof stations.$inferInsert;
export type NewAiringRow = typeof airings.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidsOf = (refs: string[]) => refs.filter((r) => UUID.test(r)).map((r) => r.toLowerCase());

export function toStation(row: StationRow): Station {
  return {
    id: row.id,
    callSign: row.callSign,
    name: row.name,
    frequency: row.frequency,
    city: row.city,
    timeZone: row.timeZone,
    logoUrl: row.logoUrl,
    streamUrl: row.streamUrl,
    monitorStatus: row.monitorStatus,
    offlineSince: row.offlineSince?.toISOString() ?? null,
    lastHeardAt: row.lastHeardAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An airing with what its lists show of its station and ad. */
const airingColumns = {
  id: airings.id,
  stationId: airings.stationId,
  callSign: stations.callSign,
  stationName: stations.name,
  timeZone: stations.timeZone,
  adId: airings.adId,
  adSlug: ads.slug,
  adTitle: ads.title,
  startedAt: airings.startedAt,
  heardMs: airings.heardMs,
  partial: airings.partial,
  source: airings.source,
  confidence: airings.confidence,
  spotId: airings.spotId,
};
type AiringRow = Omit<Airing, 'startedAt'> & { startedAt: Date };
export const toAiring = (row: AiringRow): Airing => ({ ...row, startedAt: row.startedAt.toISOString() });

/** The instants a local day (YYYY-MM-DD) of a zone starts and ends, computed by the database. */
const dayBounds = (date: string, timeZone: string, hour?: number) => {
  const start = sql`(${date}::date + make_interval(hours => ${hour ?? 0}))::timestamp AT TIME ZONE ${timeZone}`;
  const end = sql`(${date}::date + make_interval(hours => ${hour === undefined ? 24 : hour + 1}))::timestamp AT TIME ZONE ${timeZone}`;
  return and(sql`${airings.startedAt} >= ${start}`, sql`${airings.startedAt} < ${end}`)!;
};

export function createStationsRepository(db: Db) {
  const airingsWhere = (where: SQL | undefined) =>
    db
      .select(airingColumns)
      .from(airings)
      .innerJoin(stations, eq(stations.id, airings.stationId))
      .innerJoin(ads, eq(ads.id, airings.adId))
      .where(where);

  return {
    listByOwner: (userId: string) =>
      db.select().from(stations).where(eq(stations.userId, userId)).orderBy(asc(stations.callSign)),

    /** A page of an owner's stations by call sign (`limit + 1` rows: the last one says whether more follow). */
    pageByOwner: (userId: string, limit: number, after: Keyset | undefined) =>
      db
        .select({ ...getTableColumns(stations), cursorKey: stations.callSign })
        .from(stations)
        .where(
          and(
            eq(stations.userId, userId),
            after && sql`(${stations.callSign}, ${stations.id}) > (${after.key}, ${after.id}::uuid)`,
          ),
        )
        .orderBy(asc(stations.callSign), asc(stations.id))
        .limit(limit + 1),

    async findOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(stations)
        .where(and(eq(stations.id, id), eq(stations.userId, userId)));
      return row ?? null;
    },

    async findByCallSign(callSign: string) {
      const [row] = await db.select().from(stations).where(eq(stations.callSign, callSign));
      return row ?? null;
    },

    /** The new station, or null when its call sign is taken. */
    async insert(values: NewStationRow) {
      try {
        const [row] = await db.insert(stations).values(values).returning();
        return row!;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** The changed station; null when it is not the owner's; 'taken' when the new call sign is. */
    async updateOwned(id: string, userId: string, values: Partial<NewStationRow>) {
      try {
        const [row] = await db
          .update(stations)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(stations.id, id), eq(stations.userId, userId)))
          .returning();
        return row ?? null;
      } catch (err) {
        if (isUniqueViolation(err)) return 'taken' as const;
        throw err;
      }
    },

    async deleteOwned(id: string, userId: string) {
      const [row] = await db
        .delete(stations)
        .where(and(eq(stations.id, id), eq(stations.userId, userId)))
        .returning();
      return row ?? null;
    },

    /** The owner's stations named by these call signs or ids. */
    async ownedByRefs(userId: string, refs: string[]) {
      const ids = uuidsOf(refs);
      const signs = [...new Set(refs.map((r) => r.toUpperCase()))];
      return db
        .select()
        .from(stations)
        .where(
          and(
            eq(stations.userId, userId),
            or(inArray(stations.callSign, signs), ...(ids.length ? [inArray(stations.id, ids)] : [])),
          ),
        );
    },

    /** The ads these ids or slugs name that a station may report: public ones, and the caller's own. */
    async reportableAds(userId: string, refs: string[]) {
      const ids = uuidsOf(refs);
      return db
        .select({ id: ads.id, slug: ads.slug, durationMs: ads.audioDurationMs })
        .from(ads)
        .where(
          and(
            or(adIsPublic, eq(ads.userId, userId)),
            or(inArray(ads.slug, [...new Set(refs)]), ...(ids.length ? [inArray(ads.id, ids)] : [])),
          ),
        );
    },

    /**
     * Writes the airings in one transaction; a spot id the station already reported keeps its first airing
     * (the unique index on station and spot id decides, so two posts at once still make one). Returns every
     * airing asked for, in order, each saying whether this call created it.
     */
    async insertAirings(rows: NewAiringRow[]) {
      return db.transaction(async (tx) => {
        const created = await tx
          .insert(airings)
          .values(rows)
          .onConflictDoNothing({ target: [airings.stationId, airings.spotId], where: sql`spot_id IS NOT NULL` })
          .returning({ id: airings.id });
        const key = (stationId: string, spotId: string | null | undefined) => `${stationId} ${spotId}`;
        const keys = rows.map((r) => key(r.stationId, r.spotId));
        const stored = await tx
          .select(airingColumns)
          .from(airings)
          .innerJoin(stations, eq(stations.id, airings.stationId))
          .innerJoin(ads, eq(ads.id, airings.adId))
          .where(
            and(
              inArray(airings.stationId, [...new Set(rows.map((r) => r.stationId))]),
              inArray(airings.spotId, [...new Set(rows.map((r) => r.spotId!))]),
            ),
          );
        const byKey = new Map(stored.map((r) => [key(r.stationId, r.spotId), r]));
        const fresh = new Set(created.map((c) => c.id));
        const seen = new Set<string>();
        return keys.map((k) => {
          const row = byKey.get(k)!;
          // A spot id repeated within the batch is created once: the later items answer as repeats.
          const isNew = fresh.has(row.id) && !seen.has(row.id);
          seen.add(row.id);
          return { ...toAiring(row), created: isNew };
        });
      });
    },

    /** Which of these spot ids the station has already reported. */
    async reportedSpots(stationId: string, spotIds: string[]) {
      if (!spotIds.length) return new Set<string>();
      const rows = await db
        .select({ spotId: airings.spotId })
        .from(airings)
        .where(and(eq(airings.stationId, stationId), inArray(airings.spotId, spotIds)));
      return new Set(rows.map((r) => r.spotId!));
    },

    /** What aired on a station during a local day (or one hour of it), in time order; public ads only. */
    async stationDay(stationId: string, timeZone: string, date: string, hour?: number) {
      return db
        .select({
          id: airings.id,
          adId: airings.adId,
          startedAt: airings.startedAt,
          heardMs: airings.heardMs,
          partial: airings.partial,
          source: airings.source,
        })
        .from(airings)
        .innerJoin(ads, eq(ads.id, airings.adId))
        .where(and(eq(airings.stationId, stationId), dayBounds(date, timeZone, hour), adIsPublic))
        .orderBy(asc(airings.startedAt), asc(airings.id));
    },

    /** A station's latest airings, for its partner. */
    async recentOfStation(stationId: string, limit: number) {
      const rows = await airingsWhere(eq(airings.stationId, stationId))
        .orderBy(desc(airings.startedAt), desc(airings.id))
        .limit(limit);
      return rows.map(toAiring);
    },

    /** A page of a station's airings, newest first (`limit + 1` rows: the last one says whether more follow). */
    async pageOfStation(stationId: string, limit: number, after: Keyset | undefined) {
      const rows = await db
        .select({ ...airingColumns, cursorKey: cursorInstant(airings.startedAt) })
        .from(airings)
        .innerJoin(stations, eq(stations.id, airings.stationId))
        .innerJoin(ads, eq(ads.id, airings.adId))
        .where(and(eq(airings.stationId, stationId), after && olderThan(airings.startedAt, airings.id, after)))
        .orderBy(desc(airings.startedAt), desc(airings.id))
        .limit(limit + 1);
      return rows.map(({ cursorKey, ...row }) => ({ ...toAiring(row), cursorKey }));
    },

    /** Every airing of one of the owner's ads, newest first; null when the ad is not theirs. */
    async ofOwnedAd(adId: string, userId: string, limit: number) {
      const [ad] = await db
        .select({ id: ads.id })
        .from(ads)
        .where(and(eq(ads.id, adId), eq(ads.userId, userId)));
      if (!ad) return null;
      const rows = await airingsWhere(eq(airings.adId, adId))
        .orderBy(desc(airings.startedAt), desc(airings.id))
        .limit(limit);
      return rows.map(toAiring);
    },

    /** Every station's call sign and last change, for the sitemap. */
    listCallSigns: async () =>
      db
        .select({ callSign: stations.callSign, updatedAt: stations.updatedAt })
        .from(stations)
        .orderBy(asc(stations.callSign)),

    /** The stored logos of every station, so that the sweep of unreferenced files keeps them. */
    async logoUrls() {
      const rows = await db.select({ url: stations.logoUrl }).from(stations).where(isNotNull(stations.logoUrl));
      return rows.map((r) => r.url!);
    },
  };
}
export type StationsRepository = ReturnType<typeof createStationsRepository>;
