import { z } from 'zod';
import { SOURCE_HOST as HOSTNAME } from './sources.js';
import { isTimeZone } from './zoned-time.js';

/** Engagement events of spec section 3, and the counting rules of /about/measurement. */
export const EVENT_TYPES = ['play', 'click', 'share', 'qr_scan'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a click was on (the spec's referrer values for clicks). */
export const CLICK_TARGETS = ['website_button', 'call_button'] as const;
export type ClickTarget = (typeof CLICK_TARGETS)[number];

/**
 * How a listener reached the ad, when the page knows it from `?src=` (`listen`: found by the Listen button);
 * otherwise the referring host or direct.
 */
export const ENTRY_SOURCES = ['direct', 'qr', 'embed', 'share', 'listen'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Dedupe windows per listener and ad: one play per 30 minutes, one of each other kind per hour. */
export const DEDUPE_WINDOW_MS: Record<EventType, number> = {
  play: 30 * 60_000,
  click: 60 * 60_000,
  share: 60 * 60_000,
  qr_scan: 60 * 60_000,
};
/** Events one client may send per minute before it is refused (429). */
export const EVENTS_PER_MINUTE = 60;
/**
 * Most listeners one address (its network) adds to one ad in one UTC day. A user agent is whatever the
 * client writes, so without a cap one address could be any number of listeners; the events of further
 * browsers on it are received but not counted. Stated on /about/measurement.
 */
export const LISTENERS_PER_ADDRESS = 10;

/** NUL, and a half of a surrogate pair without its other half: PostgreSQL text can hold neither. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = (s: string) => !s.includes('\0') && !LONE_SURROGATE.test(s);

/** One event as the page sends it (POST /api/events). */
export const EventInput = z
  .object({
    ad_id: z.uuid({ error: 'ad_id must be an ad id' }),
    event_type: z.enum(EVENT_TYPES, { error: `event_type must be one of: ${EVENT_TYPES.join(', ')}` }),
    /** The document referrer for plays; which button for clicks. */
    referrer: z
      .string()
      .max(500, 'referrer must be at most 500 characters')
      .refine(storable, 'referrer must not contain NUL or unpaired surrogate characters')
      .nullish(),
    /** An entry source, or the host of the referring site. */
    source: z
      .union([z.enum(ENTRY_SOURCES), z.string().toLowerCase().regex(HOSTNAME)], {
        error: 'source must be direct, qr, embed, share, listen or a host name',
      })
      .default('direct'),
  })
  .refine((e) => e.event_type !== 'click' || CLICK_TARGETS.includes(e.referrer as ClickTarget), {
    error: `a click's referrer must be one of: ${CLICK_TARGETS.join(', ')}`,
    path: ['referrer'],
  });
export type EventInput = z.output<typeof EventInput>;

/** The UTC day of a moment, YYYY-MM-DD: the unit of every figure. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export const PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  all: 'All time',
};
export const PERIOD_DAYS: Record<Exclude<Period, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const AnalyticsQuery = z.object({
  period: z.enum(PERIODS, { error: `period must be one of: ${PERIODS.join(', ')}` }).default('30d'),
  adId: z.uuid({ error: 'adId must be an ad id' }).optional(),
});
export type AnalyticsQuery = z.output<typeof AnalyticsQuery>;

/** What a figure of the period is over, in words: 'last 30 days', 'all time'. */
export const periodPhrase = (period: Period) => (period === 'all' ? 'all time' : `last ${PERIOD_LABELS[period]}`);

/** GET /api/analytics/hours: the period and ads of the summary, and the zone the hours are read in. */
export const ListeningHoursQuery = AnalyticsQuery.extend({
  tz: z
    .string()
    .refine(isTimeZone, { error: 'tz must be an IANA time zone name, e.g. Europe/Madrid' })
    .optional()
    .meta({ description: "IANA time zone the hours and weekdays are read in (default: the account's, in Settings)" }),
});
export type ListeningHoursQuery = z.output<typeof ListeningHoursQuery>;

const count = z.int().min(0);

export const EventCounts = z.object({
  plays: count,
  clicks: count,
  shares: count,
  qrScans: count,
  listeners: count.meta({
    description: 'Distinct listeners who played, counted per ad and UTC day (the listener code changes daily)',
  }),
});
export type EventCounts = z.output<typeof EventCounts>;

export const AdAnalytics = EventCounts.extend({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
});
export type AdAnalytics = z.output<typeof AdAnalytics>;

export const DailyCounts = z.object({
  day: z.iso.date().meta({ description: 'UTC day, YYYY-MM-DD' }),
  play: count,
  click: count,
  share: count,
  qr_scan: count,
});
export type DailyCounts = z.output<typeof DailyCounts>;

/** GET /api/analytics: one owner's figures over a period, for all their ads or one. */
export const AnalyticsSummary = z
  .object({
    period: z.enum(PERIODS),
    from: z.iso.date().nullable().meta({
      description: "First UTC day shown: the period's, or the first ad's creation if later (null: no ads, no events)",
    }),
    to: z.iso.date().meta({ description: 'Last UTC day of the period' }),
    totals: EventCounts.extend({ ads: count, activeAds: count }),
    daily: z.array(DailyCounts).meta({ description: 'Every day from `from` to `to`, zero-filled' }),
    sources: z.array(z.object({ source: z.string(), events: count })).meta({
      description:
        'Events by source: direct, qr, embed, share, listen (found by sound), or the host of a referring site',
    }),
    devices: z.array(z.object({ device: z.enum(DEVICE_CLASSES), events: count })),
    ads: z.array(AdAnalytics),
    previous: EventCounts.nullable().meta({
      description:
        'The same figures over the period of equal length just before `from` (null for all time), for the change',
    }),
  })
  .meta({ description: "An owner's figures over a period" });
export type AnalyticsSummary = z.output<typeof AnalyticsSummary>;

/** How a figure moved against the period before: a whole percentage, or 'new' when there was none before. */
export type Change = { kind: 'new' } | { kind: 'none' } | { kind: 'up' | 'down' | 'same'; percent: number };

export function changeOf(current: number, previous: number): Change {
  if (previous === 0) return current === 0 ? { kind: 'none' } : { kind: 'new' };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  if (percent === 0) return { kind: 'same', percent };
  return { kind: current > previous ? 'up' : 'down', percent };
}

/** How a rate moved, in percentage points (one decimal): 'new' when there was no rate before. */
export function rateChangeOf(current: number | null, previous: number | null): Change {
  if (current === null) return { kind: 'none' };
  if (previous === null) return { kind: 'new' };
  const percent = Math.round(Math.abs(current - previous) * 1000) / 10;
  if (percent === 0) return { kind: 'same', percent };
  return { kind: current > previous ? 'up' : 'down', percent };
}

/** Click rate = clicks / plays; engagement = (clicks + shares + QR scans) / plays; null without plays. */
export function clickRate(c: EventCounts): number | null {
  return c.plays ? c.clicks / c.plays : null;
}
export function engagementRate(c: EventCounts): number | null {
  return c.plays ? (c.clicks + c.shares + c.qrScans) / c.plays : null;
}
/** A rate as a percentage with one decimal, or '—' when there is nothing to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

/** Weekdays as ISO numbers them: 1 is Monday, 7 Sunday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const ListeningHours = z
  .object({
    timeZone: z.string(),
    from: z.iso.date().nullable().meta({ description: 'First UTC day counted (null: all time)' }),
    to: z.iso.date(),
    plays: count.meta({ description: 'Counted plays in the period' }),
    byHour: z.array(count).length(24).meta({ description: 'Plays per hour of the day, 0 to 23, local time' }),
    byWeekday: z.array(count).length(7).meta({ description: 'Plays per weekday, Monday first, local time' }),
  })
  .meta({ description: 'When listeners play: counted plays by local hour of day and day of week' });
export type ListeningHours = z.output<typeof ListeningHours>;
