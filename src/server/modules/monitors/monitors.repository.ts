import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { ads, stations } from '../../db/schema.js';
import type { Airing } from '../../../shared/stations.js';

/** One airing a monitor heard. */
export interface DetectedAiring {
  stationId: string;
  adId: string;
  startedAt: Date;
  heardMs: number;
  partial: boolean;
  confidence: number;
}

export function createMonitorsRepository(db: Db) {
  return {
    /** The stations with a stream to watch. */
    async streamedStations() {
      return db
        .select({ id: stations.id, streamUrl: stations.streamUrl })
        .from(stations)
        .where(isNotNull(stations.streamUrl));
    },

    async station(id: string) {
      const [row] = await db
        .select({ id: stations.id, callSign: stations.callSign, streamUrl: stations.streamUrl })
        .from(stations)
        .where(eq(stations.id, id));
      return row ?? null;
    },

    /** Each ad's length in seconds (null when unknown), for the ads among `ids` that exist. */
    async adSeconds(ids: string[]) {
      if (!ids.length) return new Map<string, number | null>();
      const found = await db.select({ id: ads.id, ms: ads.audioDurationMs }).from(ads).where(inArray(ads.id, ids));
      return new Map(found.map((r) => [r.id, r.ms === null ? null : r.ms / 1000]));
    },

    /**
     * Records one detected airing: the one place a monitor's airing is written. `announce` runs in the same
     * transaction with the airing as the API shows it and the accounts it concerns (the ad's owner and the
     * station's), so what must follow an airing (a webhook) exists exactly when it does. Returns the row, or
     * null when the station or the ad is gone since.
     */
    async recordAiring(
      airing: DetectedAiring,
      announce?: (tx: Db, written: Airing, owners: string[]) => Promise<void>,
    ): Promise<(DetectedAiring & { id: string }) | null> {
      return db.transaction(async (tx) => {
        const [row] = await rows<Airing & { adOwner: string; stationOwner: string }>(
          tx as unknown as Db,
          sql`WITH written AS (
                INSERT INTO airings (station_id, ad_id, started_at, heard_ms, partial, source, confidence)
                SELECT s.id, a.id, ${airing.startedAt.toISOString()}::timestamptz, ${Math.round(airing.heardMs)}::int4,
                       ${airing.partial}::boolean, 'detected', ${airing.confidence}::real
                FROM stations s JOIN ads a ON a.id = ${airing.adId}::uuid
                WHERE s.id = ${airing.stationId}::uuid
                RETURNING *)
              SELECT w.id, w.station_id AS "stationId", s.call_sign AS "callSign", s.name AS "stationName",
                     s.time_zone AS "timeZone", w.ad_id AS "adId", a.slug AS "adSlug", a.title AS "adTitle",
                     to_char(w.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startedAt",
                     w.heard_ms AS "heardMs", w.partial, w.source, w.confidence, w.spot_id AS "spotId",
                     a.user_id AS "adOwner", s.user_id AS "stationOwner"
              FROM written w JOIN stations s ON s.id = w.station_id JOIN ads a ON a.id = w.ad_id`,
        );
        if (!row) return null;
        const { adOwner, stationOwner, ...written } = row;
        await announce?.(tx as unknown as Db, written, [...new Set([adOwner, stationOwner])]);
        return { ...airing, id: row.id };
      });
    },

    /** The stream is heard: 'live', heard at `at`. Returns whether the status changed. */
    async markLive(stationId: string, at: Date): Promise<boolean> {
      const changed = await db
        .update(stations)
        .set({ monitorStatus: 'live', offlineSince: null, lastHeardAt: at })
        .where(and(eq(stations.id, stationId), sql`${stations.monitorStatus} <> 'live'`))
        .returning({ id: stations.id });
      if (!changed.length) await db.update(stations).set({ lastHeardAt: at }).where(eq(stations.id, stationId));
      return changed.length > 0;
    },

    /** The stream is not heard since `since` (kept when it was already offline). Returns whether it changed. */
    async markOffline(stationId: string, since: Date): Promise<boolean> {
      const changed = await db
        .update(stations)
        .set({ monitorStatus: 'offline', offlineSince: since })
        .where(and(eq(stations.id, stationId), sql`${stations.monitorStatus} <> 'offline'`))
        .returning({ id: stations.id });
      return changed.length > 0;
    },

    /** No stream to watch any more: neither live nor offline. */
    async markIdle(stationId: string) {
      await db.update(stations).set({ monitorStatus: 'idle', offlineSince: null }).where(eq(stations.id, stationId));
    },
  };
}
export type MonitorsRepository = ReturnType<typeof createMonitorsRepository>;
