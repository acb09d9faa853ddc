import { and, countDistinct, desc, eq, gte, inArray, isNull, lt, sql, count } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ads, airings, analytics, reportSends, users } from '../../db/schema.js';

/** A claim older than this belongs to a process that died while sending: another may take it. */
const CLAIM_TIMEOUT = '10 minutes';

export interface Range {
  from: Date;
  to: Date;
}

export interface AdWeek {
  adId: string;
  title: string;
  slug: string;
  plays: number;
  listeners: number;
  clicks: number;
}

const hasAds = (userId: typeof users.id) => sql`EXISTS (SELECT 1 FROM ${ads} WHERE ${ads.userId} = ${userId})`;

/** Who gets the report: it is on, the account has ads, and no moderator has suspended it. */
const readers = and(eq(users.weeklyReport, true), isNull(users.suspendedAt), hasAds(users.id));

export function createReportsRepository(db: Db) {
  return {
    async settings(userId: string) {
      const [row] = await db
        .select({
          timeZone: users.timeZone,
          weeklyReport: users.weeklyReport,
          email: users.email,
          firstName: users.firstName,
          suspendedAt: users.suspendedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async updateSettings(userId: string, values: { timeZone: string; weeklyReport: boolean }) {
      const [row] = await db
        .update(users)
        .set(values)
        .where(eq(users.id, userId))
        .returning({ timeZone: users.timeZone, weeklyReport: users.weeklyReport });
      return row ?? null;
    },

    /** Turns the report off; false when there is no such account. */
    async unsubscribe(userId: string) {
      const rows = await db
        .update(users)
        .set({ weeklyReport: false })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** The time zones of the people who get the report (it is due per zone). */
    async zonesWithReaders() {
      const rows = await db.selectDistinct({ timeZone: users.timeZone }).from(users).where(readers);
      return rows.map((r) => r.timeZone);
    },

    /** Who in these zones gets the report and has not had this week's. */
    async readersDue(zones: string[], weekOf: (timeZone: string) => string) {
      if (zones.length === 0) return [];
      const rows = await db
        .select({ id: users.id, timeZone: users.timeZone })
        .from(users)
        .where(and(readers, inArray(users.timeZone, zones)));
      const weeks = new Map(zones.map((z) => [z, weekOf(z)]));
      if (rows.length === 0) return [];
      const sent = await db
        .select({ userId: reportSends.userId, week: reportSends.week })
        .from(reportSends)
        .where(
          and(
            inArray(
              reportSends.userId,
              rows.map((r) => r.id),
            ),
            inArray(reportSends.week, [...new Set(weeks.values())]),
            eq(reportSends.state, 'sent'),
          ),
        );
      const done = new Set(sent.map((s) => `${s.userId} ${s.week}`));
      return rows
        .map((r) => ({ userId: r.id, week: weeks.get(r.timeZone)! }))
        .filter((r) => !done.has(`${r.userId} ${r.week}`));
    },

    /**
     * Claims the person's report of `week`: true when this caller is to send it. A report sent, or being
     * sent by a live process, is not claimed again; a stale claim (its process died) is taken over.
     */
    async claim(userId: string, week: string, at: Date) {
      const rows = await db
        .insert(reportSends)
        .values({ userId, week, state: 'sending', claimedAt: at })
        .onConflictDoUpdate({
          target: [reportSends.userId, reportSends.week],
          set: { claimedAt: at },
          setWhere: sql`${reportSends.state} = 'sending' AND ${reportSends.claimedAt} < ${at.toISOString()}::timestamptz - interval '${sql.raw(CLAIM_TIMEOUT)}'`,
        })
        .returning({ userId: reportSends.userId });
      return rows.length === 1;
    },

    async markSent(userId: string, week: string, at: Date) {
      await db
        .update(reportSends)
        .set({ state: 'sent', sentAt: at })
        .where(and(eq(reportSends.userId, userId), eq(reportSends.week, week)));
    },

    /** Gives a failed send's claim back, so that the retry may send. */
    async release(userId: string, week: string) {
      await db
        .delete(reportSends)
        .where(and(eq(reportSends.userId, userId), eq(reportSends.week, week), eq(reportSends.state, 'sending')));
    },

    async sendState(userId: string, week: string) {
      const [row] = await db
        .select({ state: reportSends.state })
        .from(reportSends)
        .where(and(eq(reportSends.userId, userId), eq(reportSends.week, week)));
      return row?.state ?? null;
    },

    /** Each of the person's ads with its plays, distinct listener codes and clicks in the range. */
    async adWeeks(userId: string, range: Range): Promise<AdWeek[]> {
      const inRange = and(
        sql`${analytics.adId} = ${ads.id}`,
        gte(analytics.createdAt, range.from),
        lt(analytics.createdAt, range.to),
      );
      const rows = await db
        .select({
          adId: ads.id,
          title: ads.title,
          slug: ads.slug,
          plays: sql<number>`count(${analytics.id}) FILTER (WHERE ${analytics.eventType} = 'play')`.mapWith(Number),
          // A listener code is per ad and per day (see /about/measurement): the dashboard's listeners, summed.
          listeners:
            sql<number>`count(DISTINCT ${analytics.listenerKey}) FILTER (WHERE ${analytics.eventType} = 'play')`.mapWith(
              Number,
            ),
          clicks: sql<number>`count(${analytics.id}) FILTER (WHERE ${analytics.eventType} = 'click')`.mapWith(Number),
        })
        .from(ads)
        .leftJoin(analytics, inRange)
        .where(eq(ads.userId, userId))
        .groupBy(ads.id, ads.title, ads.slug)
        .orderBy(desc(ads.createdAt));
      return rows;
    },

    /** The person's ads' airings on stations in the range (detected or reported). */
    async airings(userId: string, range: Range) {
      const [row] = await db
        .select({ airings: count(), stations: countDistinct(airings.stationId) })
        .from(airings)
        .innerJoin(ads, eq(ads.id, airings.adId))
        .where(and(eq(ads.userId, userId), gte(airings.startedAt, range.from), lt(airings.startedAt, range.to)));
      return { airings: row?.airings ?? 0, stations: row?.stations ?? 0 };
    },

    async hasAds(userId: string) {
      const [row] = await db.select({ id: ads.id }).from(ads).where(eq(ads.userId, userId)).limit(1);
      return Boolean(row);
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
