import { sql } from 'drizzle-orm';
import { CLICK_TARGETS, DEVICE_CLASSES, type DeviceClass } from '../../../shared/analytics.js';
import { seededRandom } from '../../../shared/random.js';
import type { Db } from '../client.js';
import { analytics } from '../schema.js';

/**
 * The demo advertiser's analytics: up to 90 days of events for each demo ad, from the day it was added to the
 * moment of seeding, so the dashboard shows on first start what the product does. Seeded demo data, not
 * counted traffic: the events are made up deterministically (same ads and day, same figures), written as raw
 * counted events, and the daily roll-ups are then computed from those rows, so the two agree exactly.
 */

export const HISTORY_DAYS = 90;
const DAY = 86_400_000;

export interface HistoryAd {
  id: string;
  key: string;
  createdAt: Date;
  isFeatured: boolean;
}

type Row = typeof analytics.$inferInsert;

const hash = (s: string) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619), 2_166_136_261);

/** Knuth's method: fine for the small means of one ad's day. */
function poisson(mean: number, random: () => number) {
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = random(); p > limit; p *= random()) k++;
  return k;
}

function pick<T>(weighted: readonly (readonly [T, number])[], random: () => number): T {
  let r = random() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of weighted) if ((r -= weight) < 0) return value;
  return weighted[weighted.length - 1]![0];
}

// Radio ads are heard on weekdays, on the way to work: Sunday is the quietest day (UTC day 0).
const WEEKDAY = [0.65, 1, 1.05, 1.1, 1.1, 1.2, 0.8] as const;
const SOURCES = [
  ['direct', 46],
  ['share', 12],
  ['embed', 10],
  ['qr', 7],
  ['listen', 5],
  ['facebook.com', 11],
  ['news.google.com', 6],
  ['x.com', 4],
  ['reddit.com', 4],
] as const;
const DEVICES: readonly (readonly [DeviceClass, number])[] = DEVICE_CLASSES.map(
  (d) => [d, { desktop: 32, mobile: 60, tablet: 8 }[d]] as const,
);
const CLICKS = CLICK_TARGETS.map((target) => [target, target === 'website_button' ? 3 : 2] as const);
const USER_AGENT = 'Mozilla/5.0 (demo history)';

/** The events of one ad, day by day, from the day it was added (at most HISTORY_DAYS back) to `now`. */
export function demoEvents(ad: HistoryAd, now: number): Row[] {
  const random = seededRandom(hash(ad.key));
  const rows: Row[] = [];
  const popularity = 5 + random() * 16 + (ad.isFeatured ? 9 : 0);
  const first = Math.max(ad.createdAt.getTime(), now - (HISTORY_DAYS - 1) * DAY);
  for (let start = Math.floor(first / DAY) * DAY; start <= now; start += DAY) {
    const age = (start - ad.createdAt.getTime()) / DAY;
    const launch = 1 + 0.8 * Math.exp(-Math.max(age, 0) / 4); // a new ad is talked about, then settles
    const mean = popularity * launch * WEEKDAY[new Date(start).getUTCDay()]! * (0.85 + random() * 0.3);
    const from = Math.max(start, ad.createdAt.getTime());
    const span = Math.min(start + DAY, now) - from;
    if (span <= 0) continue;
    const listeners: { key: string; source: string; device: DeviceClass }[] = [];
    const at = () => new Date(from + Math.floor(random() * span));
    const event = (eventType: Row['eventType'], source: string, device: DeviceClass, listenerKey: string) => ({
      adId: ad.id,
      eventType,
      source,
      device,
      listenerKey,
      referrer: eventType === 'click' ? pick(CLICKS, random) : null,
      userAgent: USER_AGENT,
      createdAt: at(),
    });
    const plays = poisson(mean, random);
    for (let i = 0; i < plays; i++) {
      // About one play in five is a listener playing the ad again the same day, on the same device.
      const again = listeners.length > 0 && random() < 0.2;
      const listener = again
        ? listeners[Math.floor(random() * listeners.length)]!
        : { key: `demo:${ad.key}:${start}:${i}`, source: pick(SOURCES, random), device: pick(DEVICES, random) };
      if (!again) listeners.push(listener);
      const { key, source, device } = listener;
      rows.push(event('play', source, device, key));
      if (random() < 0.13) rows.push(event('click', source, device, key));
      if (random() < 0.035) rows.push(event('share', source, device, key));
    }
    const scans = poisson(mean * 0.05, random);
    for (let i = 0; i < scans; i++) rows.push(event('qr_scan', 'qr', 'mobile', `demo:${ad.key}:${start}:qr${i}`));
  }
  return rows;
}

/**
 * Writes the demo ads' history and its daily roll-ups. A play is a new listener when it is the first play of
 * its listener code that day, as the counting rules have it.
 */
export async function seedDemoHistory(tx: Db, demoAds: HistoryAd[], now: number): Promise<number> {
  const rows = demoAds.flatMap((ad) => demoEvents(ad, now));
  // One statement from one JSON document: about three times faster on the embedded database than bound rows.
  const payload = JSON.stringify(
    rows.map((r) => ({
      ad_id: r.adId,
      event_type: r.eventType,
      referrer: r.referrer,
      user_agent: r.userAgent,
      source: r.source,
      device: r.device,
      listener_key: r.listenerKey,
      created_at: r.createdAt!.toISOString(),
    })),
  );
  await tx.execute(sql`
    INSERT INTO analytics (ad_id, event_type, referrer, user_agent, source, device, listener_key, created_at)
    SELECT ad_id, event_type, referrer, user_agent, source, device, listener_key, created_at
    FROM json_populate_recordset(NULL::analytics, ${payload}::json)`);
  const ids = demoAds.map((ad) => ad.id);
  await tx.execute(sql`
    INSERT INTO analytics_daily (ad_id, day, event_type, source, device, events, listeners)
    SELECT ad_id, day, event_type, source, device, count(*), count(*) FILTER (WHERE event_type = 'play' AND first)
    FROM (
      SELECT a.*, (a.created_at AT TIME ZONE 'UTC')::date AS day,
             row_number() OVER (
               PARTITION BY a.ad_id, a.event_type, a.listener_key, (a.created_at AT TIME ZONE 'UTC')::date
               ORDER BY a.created_at
             ) = 1 AS first
      FROM analytics a
      WHERE a.ad_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    ) counted
    GROUP BY 1, 2, 3, 4, 5`);
  return rows.length;
}
