import {
  dayOf,
  DEVICE_CLASSES,
  PERIOD_DAYS,
  type AdAnalytics,
  type AnalyticsQuery,
  type AnalyticsSummary,
  type DailyCounts,
  type DeviceClass,
  type EventCounts,
  type EventType,
  type ListeningHours,
  type ListeningHoursQuery,
} from '../../../shared/analytics.js';
import type { MyAdsService } from '../ads/my-ads.service.js';
import type { AnalyticsRepository, DayRange } from './analytics.repository.js';

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(day) + n * DAY_MS));

const COUNT_OF: Record<EventType, keyof EventCounts> = {
  play: 'plays',
  click: 'clicks',
  share: 'shares',
  qr_scan: 'qrScans',
};
const noCounts = (): EventCounts => ({ plays: 0, clicks: 0, shares: 0, qrScans: 0, listeners: 0 });

/** Every UTC day from `from` to `to`, zero-filled. */
function days(from: string, to: string): DailyCounts[] {
  const out: DailyCounts[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push({ day, play: 0, click: 0, share: 0, qr_scan: 0 });
  return out;
}

/** RFC 4180 quoting, and no cell a spreadsheet would run as a formula. */
function csvCell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** An owner's figures, read from the daily roll-ups over whole UTC days. */
export function createAnalyticsService(deps: { repo: AnalyticsRepository; ads: MyAdsService; clock?: () => Date }) {
  const { repo, ads } = deps;
  const clock = deps.clock ?? (() => new Date());

  function rangeOf(period: AnalyticsQuery['period']): DayRange {
    const to = dayOf(clock());
    return { from: period === 'all' ? null : addDays(to, 1 - PERIOD_DAYS[period]), to };
  }

  /**
   * The period of equal length just before a range (none for all time). Its figures are read from the same
   * roll-ups, over every ad the owner has now (a deleted ad's events go with it).
   */
  function previousOf(period: AnalyticsQuery['period'], range: DayRange): DayRange | null {
    if (period === 'all' || !range.from) return null;
    return { from: addDays(range.from, -PERIOD_DAYS[period]), to: addDays(range.from, -1) };
  }

  /** Someone else's ad answers exactly like a missing one (the ads service's NotFoundError). */
  async function assertOwned(userId: string, adId: string | undefined) {
    if (adId) await ads.get(userId, adId);
  }

  return {
    async summary(userId: string, { period, adId }: AnalyticsQuery): Promise<AnalyticsSummary> {
      await assertOwned(userId, adId);
      const range = rangeOf(period);
      const before = previousOf(period, range);
      const [mine, rollups, previousRows] = await Promise.all([
        ads.list(userId),
        repo.rollups(userId, range, adId),
        before ? repo.totals(userId, before, adId) : null,
      ]);
      const scoped = adId ? mine.filter((a) => a.id === adId) : mine;
      let previous: EventCounts | null = null;
      if (previousRows) {
        previous = noCounts();
        for (const r of previousRows) {
          previous[COUNT_OF[r.eventType]] += r.events;
          previous.listeners += r.listeners;
        }
      }

      const perAd = new Map<string, EventCounts>(scoped.map((a) => [a.id, noCounts()]));
      const byDay = new Map<string, DailyCounts>();
      const sources: AnalyticsSummary['sources'] = [];
      const devices = new Map<DeviceClass, number>(DEVICE_CLASSES.map((d) => [d, 0]));
      for (const r of rollups) {
        if (r.set === 'ad') {
          const counts = perAd.get(r.adId!);
          if (!counts) continue;
          counts[COUNT_OF[r.eventType!]] += r.events;
          counts.listeners += r.listeners;
        } else if (r.set === 'day') {
          const day = byDay.get(r.day!) ?? { day: r.day!, play: 0, click: 0, share: 0, qr_scan: 0 };
          day[r.eventType!] += r.events;
          byDay.set(r.day!, day);
        } else if (r.set === 'source') {
          sources.push({ source: r.source!, events: r.events });
        } else {
          devices.set(r.device!, (devices.get(r.device!) ?? 0) + r.events);
        }
      }

      const firstDay = [...byDay.keys()].sort()[0];
      // Charts start when the first of the ads in view was made, not with empty days before it existed;
      // all time starts there too. Events dated earlier (imported history) still show.
      const born = scoped.map((a) => dayOf(new Date(a.createdAt))).sort()[0];
      let from: string | null = range.from;
      if (born && born <= range.to && (!from || born > from)) from = born;
      if (firstDay && (!from || firstDay < from)) from = firstDay;
      const daily = days(from ?? range.to, range.to).map((d) => byDay.get(d.day) ?? d);
      const adRows: AdAnalytics[] = scoped.map((a) => ({
        id: a.id,
        title: a.title,
        slug: a.slug,
        isActive: a.isActive,
        ...perAd.get(a.id)!,
      }));
      const totals = adRows.reduce((t, a) => {
        for (const k of Object.keys(t) as (keyof EventCounts)[]) t[k] += a[k];
        return t;
      }, noCounts());
      return {
        period,
        from,
        to: range.to,
        totals: { ...totals, ads: scoped.length, activeAds: scoped.filter((a) => a.isActive).length },
        daily,
        sources: sources.sort((a, b) => b.events - a.events || a.source.localeCompare(b.source)),
        devices: [...devices].map(([device, events]) => ({ device, events })),
        ads: adRows,
        previous,
      };
    },

    /** When listeners play: the period's counted plays by local hour of day and weekday. */
    async hours(userId: string, { period, adId, tz }: ListeningHoursQuery): Promise<ListeningHours> {
      await assertOwned(userId, adId);
      const range = rangeOf(period);
      // The advertiser's own zone (kept from the browser at sign-up, changed in Settings) unless one is asked.
      const zone = tz ?? (await repo.timeZoneOf(userId));
      const found = await repo.playsByHour(userId, range, zone, adId);
      const byHour = Array.from({ length: 24 }, () => 0);
      const byWeekday = Array.from({ length: 7 }, () => 0);
      let plays = 0;
      for (const r of found) {
        byHour[r.hour]! += r.plays;
        byWeekday[r.weekday - 1]! += r.plays;
        plays += r.plays;
      }
      return { timeZone: zone, from: range.from, to: range.to, plays, byHour, byWeekday };
    },

    /** The daily figures of the period as CSV: one row per day and ad with any event. */
    async csv(userId: string, { period, adId }: AnalyticsQuery): Promise<string> {
      await assertOwned(userId, adId);
      const found = await repo.dailyByAd(userId, rangeOf(period), adId);
      const lines = new Map<string, { day: string; title: string; slug: string } & EventCounts>();
      for (const r of found) {
        const key = `${r.day}\n${r.slug}`;
        const line = lines.get(key) ?? { day: r.day, title: r.title, slug: r.slug, ...noCounts() };
        line[COUNT_OF[r.eventType]] += r.events;
        line.listeners += r.listeners;
        lines.set(key, line);
      }
      const header = 'date,ad,slug,plays,clicks,shares,qr_scans,listeners';
      const body = [...lines.values()].map((l) =>
        [l.day, l.title, l.slug, l.plays, l.clicks, l.shares, l.qrScans, l.listeners].map(csvCell).join(','),
      );
      return [header, ...body].join('\r\n') + '\r\n';
    },

    /** The range of a period, for the export's file name. */
    rangeOf,
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
