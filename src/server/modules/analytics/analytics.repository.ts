import { canonicalTimeZone } from '../../../shared/reports.js';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LISTENERS_PER_ADDRESS, type DeviceClass, type EventType } from '../../../shared/analytics.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { users } from '../../db/schema.js';

/** An accepted event waiting for the next batch write. */
export interface PendingEvent {
  adId: string;
  eventType: EventType;
  /** What the dedupe window is per: the event type, and for clicks which button. */
  kind: string;
  referrer: string | null;
  userAgent: string;
  source: string;
  device: DeviceClass;
  listenerKey: string;
  /** The address and ad it came from, for the cap on listeners per address (LISTENERS_PER_ADDRESS). */
  addressKey: string;
  createdAt: Date;
  /** Until when later events of this listener and kind are duplicates. */
  countedUntil: Date;
}

/** Figures over a range of UTC days, grouped four ways in one pass over the roll-ups. */
export interface RollupRow {
  set: 'ad' | 'day' | 'source' | 'device';
  adId: string | null;
  day: string | null;
  eventType: EventType | null;
  source: string | null;
  device: DeviceClass | null;
  events: number;
  listeners: number;
}

export interface DayRange {
  /** First UTC day, or null for all time. */
  from: string | null;
  to: string;
}

export function createAnalyticsRepository(db: Db) {
  const inRange = (range: DayRange, adId?: string) => sql`
    ${range.from ? sql`AND d.day >= ${range.from}::date` : sql``}
    AND d.day <= ${range.to}::date
    ${adId ? sql`AND d.ad_id = ${adId}::uuid` : sql``}`;

  return {
    /**
     * Counts a batch (at most one event per listener code and kind) in one statement. The dedupe gate
     * takes an event only when its ad is visible and the window of the listener's last counted event of
     * that kind has passed, and returns exactly those events; the raw rows and daily roll-ups are written
     * from that output, so the two can never disagree. Returns how many events were counted.
     */
    async countEvents(batch: PendingEvent[]): Promise<number> {
      if (!batch.length) return 0;
      const payload = JSON.stringify(
        batch.map((e) => ({
          listener_key: e.listenerKey,
          kind: e.kind,
          counted_at: e.createdAt.toISOString(),
          counted_until: e.countedUntil.toISOString(),
          ad_id: e.adId,
          event_type: e.eventType,
          referrer: e.referrer,
          user_agent: e.userAgent,
          source: e.source,
          device: e.device,
          address_key: e.addressKey,
        })),
      );
      const adIds = `{${[...new Set(batch.map((e) => e.adId))].join(',')}}`;
      const [result] = await rows<{ counted: number }>(
        db,
        sql`
        -- The batch's visible ads, locked against deletion until it commits: analytics.ad_id has no foreign
        -- key (its check was a trigger per event); an ad deleted first is not counted, one deleted after
        -- takes these rows with it (the trigger on ads, migration 0014).
        WITH visible AS (
          SELECT id FROM ads WHERE id = ANY(${adIds}::uuid[]) AND status = 'published' AND is_active
          FOR KEY SHARE
        ),
        input AS (
          SELECT t.* FROM json_populate_recordset(NULL::analytics_dedupe, ${payload}::json) AS t
          JOIN visible ON visible.id = t.ad_id
        ),
        -- The listener cap: the codes each address already has for each ad today (an address key, like a
        -- listener code, is of one day), and the batch's new codes in the order they came. A new code past
        -- the cap is not counted, as a listener or otherwise.
        known AS (
          SELECT DISTINCT address_key, listener_key FROM analytics_dedupe
          WHERE address_key IN (SELECT address_key FROM input)
        ),
        fresh AS (
          SELECT listener_key,
                 row_number() OVER (PARTITION BY address_key ORDER BY min(counted_at), listener_key)
                   + (SELECT count(*) FROM known k WHERE k.address_key = i.address_key) AS nth
          FROM input i
          WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.listener_key = i.listener_key)
          GROUP BY address_key, listener_key
        ),
        gate AS (
          INSERT INTO analytics_dedupe AS g
          SELECT i.* FROM input i
          WHERE EXISTS (SELECT 1 FROM known k WHERE k.listener_key = i.listener_key)
             OR i.listener_key IN (SELECT listener_key FROM fresh WHERE nth <= ${LISTENERS_PER_ADDRESS})
          ON CONFLICT (listener_key, kind) DO UPDATE
            SET counted_at = excluded.counted_at, counted_until = excluded.counted_until, ad_id = excluded.ad_id,
                event_type = excluded.event_type, referrer = excluded.referrer, user_agent = excluded.user_agent,
                source = excluded.source, device = excluded.device
            WHERE g.counted_until <= excluded.counted_at
          -- A fresh row is the listener code's first event of its kind that day: for plays, a new listener.
          RETURNING g.*, (xmax = 0) AS first_of_day
        ),
        raw AS (
          INSERT INTO analytics (ad_id, event_type, referrer, user_agent, source, device, listener_key, created_at)
          SELECT ad_id, event_type, referrer, user_agent, source, device, listener_key, counted_at FROM gate
        ),
        daily AS (
          INSERT INTO analytics_daily AS r (ad_id, day, event_type, source, device, events, listeners)
          SELECT ad_id, (counted_at AT TIME ZONE 'UTC')::date, event_type, source, device, count(*),
                 count(*) FILTER (WHERE event_type = 'play' AND first_of_day)
          FROM gate GROUP BY 1, 2, 3, 4, 5
          ON CONFLICT (ad_id, day, event_type, source, device) DO UPDATE
            SET events = r.events + excluded.events, listeners = r.listeners + excluded.listeners
        )
        SELECT count(*)::int AS counted FROM gate`,
      );
      return result?.counted ?? 0;
    },

    /** The day's salt, created by whichever process asks first. */
    async saltFor(day: string): Promise<string> {
      const fresh = randomBytes(32).toString('base64url');
      await db.execute(
        sql`INSERT INTO analytics_salts (day, salt) VALUES (${day}::date, ${fresh}) ON CONFLICT DO NOTHING`,
      );
      const [row] = await rows<{ salt: string }>(db, sql`SELECT salt FROM analytics_salts WHERE day = ${day}::date`);
      return row!.salt;
    },

    /**
     * Forgets what can no longer matter: dedupe rows of listener codes whose day is over (a code
     * lives one UTC day; windows are at most an hour) and the salts of past days, after which a
     * listener code can no longer be recomputed from anything.
     */
    async prune(now: Date, today: string): Promise<void> {
      const cutoff = new Date(now.getTime() - 25 * 3600_000).toISOString();
      await db.execute(sql`DELETE FROM analytics_dedupe WHERE counted_at < ${cutoff}::timestamptz`);
      await db.execute(sql`DELETE FROM analytics_salts WHERE day < ${today}::date - 1`);
    },

    /** null: no such ad; else whether the public can see it (only visible ads are counted). */
    async visibility(adId: string): Promise<boolean | null> {
      const [row] = await rows<{ visible: boolean }>(
        db,
        sql`SELECT (status = 'published' AND is_active) AS visible FROM ads WHERE id = ${adId}::uuid`,
      );
      return row ? row.visible : null;
    },

    /** One owner's roll-ups over a range: per ad and type, per day and type, per source, per device. */
    async rollups(userId: string, range: DayRange, adId?: string): Promise<RollupRow[]> {
      const found = await rows<Omit<RollupRow, 'set'> & { g: number }>(
        db,
        sql`
        SELECT grouping(d.ad_id, d.day, d.source, d.device) AS g,
               d.ad_id AS "adId", d.day::text AS day, d.event_type AS "eventType", d.source, d.device,
               sum(d.events)::int AS events, sum(d.listeners)::int AS listeners
        FROM analytics_daily d JOIN ads a ON a.id = d.ad_id
        WHERE a.user_id = ${userId} ${inRange(range, adId)}
        GROUP BY GROUPING SETS ((d.ad_id, d.event_type), (d.day, d.event_type), (d.source), (d.device))`,
      );
      // grouping() sets a bit for each column left out: ad_id=8, day=4, source=2, device=1.
      const SETS: Record<number, RollupRow['set']> = { 7: 'ad', 11: 'day', 13: 'source', 14: 'device' };
      return found.map(({ g, ...r }) => ({ ...r, set: SETS[g]! }));
    },

    /** One owner's figures per event type over a range (the previous period's totals, for the change). */
    async totals(userId: string, range: DayRange, adId?: string) {
      return rows<{ eventType: EventType; events: number; listeners: number }>(
        db,
        sql`
        SELECT d.event_type AS "eventType", sum(d.events)::int AS events, sum(d.listeners)::int AS listeners
        FROM analytics_daily d JOIN ads a ON a.id = d.ad_id
        WHERE a.user_id = ${userId} ${inRange(range, adId)}
        GROUP BY 1`,
      );
    },

    /**
     * The account's time zone (Settings); UTC for an account that no longer exists, or whose stored zone is
     * not one (written before update-user refused it), rather than an error on every chart.
     */
    async timeZoneOf(userId: string): Promise<string> {
      const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
      return canonicalTimeZone(user?.timeZone) ?? 'UTC';
    },

    /**
     * Counted plays by local weekday (ISO, 1 = Monday) and hour, read from the raw events of the range's
     * UTC days: the roll-ups keep no time of day. Bounded per ad by analytics_ad_created_idx.
     */
    async playsByHour(userId: string, range: DayRange, timeZone: string, adId?: string) {
      return rows<{ weekday: number; hour: number; plays: number }>(
        db,
        sql`
        SELECT extract(isodow FROM e.created_at AT TIME ZONE ${timeZone})::int AS weekday,
               extract(hour FROM e.created_at AT TIME ZONE ${timeZone})::int AS hour,
               count(*)::int AS plays
        FROM analytics e JOIN ads a ON a.id = e.ad_id
        WHERE a.user_id = ${userId} AND e.event_type = 'play'
          ${range.from ? sql`AND e.created_at >= (${range.from}::date)::timestamp AT TIME ZONE 'UTC'` : sql``}
          AND e.created_at < (${range.to}::date + 1)::timestamp AT TIME ZONE 'UTC'
          ${adId ? sql`AND e.ad_id = ${adId}::uuid` : sql``}
        GROUP BY 1, 2`,
      );
    },

    /** Daily figures per ad for the CSV export. */
    async dailyByAd(userId: string, range: DayRange, adId?: string) {
      return rows<{
        day: string;
        title: string;
        slug: string;
        eventType: EventType;
        events: number;
        listeners: number;
      }>(
        db,
        sql`
        SELECT d.day::text AS day, a.title, a.slug, d.event_type AS "eventType",
               sum(d.events)::int AS events, sum(d.listeners)::int AS listeners
        FROM analytics_daily d JOIN ads a ON a.id = d.ad_id
        WHERE a.user_id = ${userId} ${inRange(range, adId)}
        GROUP BY 1, 2, 3, 4, a.created_at, a.id
        ORDER BY 1, a.created_at DESC, a.id, 4`,
      );
    },

    /** Every counted event of an owner's ads; changes whenever one of their figures does. */
    async totalForOwner(userId: string): Promise<number> {
      const [row] = await rows<{ total: number }>(
        db,
        sql`SELECT coalesce(sum(d.events), 0)::int AS total
            FROM analytics_daily d JOIN ads a ON a.id = d.ad_id WHERE a.user_id = ${userId}`,
      );
      return row?.total ?? 0;
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
