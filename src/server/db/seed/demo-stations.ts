import { instantOf, localParts } from '../../../shared/zoned-time.js';
import type { Db } from '../client.js';
import { airings, stations } from '../schema.js';

const DAY = 86_400_000;

/** Two demo stations of the demo account, so a newcomer finds a station page with its airings. */
const DEMO_STATIONS = [
  {
    callSign: 'KXRP',
    name: 'KXRP Community Radio',
    frequency: '101.5 FM',
    city: 'Portland, OR',
    timeZone: 'America/Los_Angeles',
    // Local times of its spots each day, and which demo ads (by asset key) ran then, in turn.
    clock: [
      [7, 14],
      [8, 42],
      [12, 5],
      [17, 31],
      [21, 48],
    ],
    ads: ['sunrise-bakery', 'kxrp-pledge-drive', 'harbor-pizza', 'quick-tire', 'bean-there-coffee'],
  },
  {
    callSign: 'WLKS',
    name: 'Lakeside 94.1',
    frequency: '94.1 FM',
    city: 'Madison, WI',
    timeZone: 'America/Chicago',
    clock: [
      [6, 50],
      [9, 20],
      [16, 45],
    ],
    ads: ['lakeside-credit-union', 'miller-motors', 'flowright-plumbing'],
  },
] as const;

/**
 * The demo stations (reported, no stream: 'no stream' in the dashboard) and their as-run logs of the last
 * three days up to `now`, in each station's own zone.
 */
export async function seedDemoStations(
  tx: Db,
  userId: string,
  adOf: (key: string) => { id: string; durationMs: number | null },
  now: number,
) {
  for (const { clock, ads, ...station } of DEMO_STATIONS) {
    const [row] = await tx
      .insert(stations)
      .values({ ...station, userId })
      .returning({ id: stations.id });
    const rows: (typeof airings.$inferInsert)[] = [];
    for (let daysAgo = 3; daysAgo >= 0; daysAgo--) {
      const date = localParts(new Date(now - daysAgo * DAY), station.timeZone).date;
      clock.forEach(([hour, minute], i) => {
        const startedAt = instantOf(date, hour, minute, station.timeZone);
        if (startedAt.getTime() > now) return;
        const ad = adOf(ads[(i + daysAgo) % ads.length]!);
        rows.push({
          stationId: row!.id,
          adId: ad.id,
          startedAt,
          heardMs: ad.durationMs ?? 30_000,
          source: 'reported',
          spotId: `${date}-${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}`,
        });
      });
    }
    if (rows.length) await tx.insert(airings).values(rows);
  }
}
