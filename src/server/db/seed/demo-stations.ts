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

/** Days of as-run log the demo stations have: at least RECENT_AIRINGS of each KXRP ad before today. */
const DEMO_LOG_DAYS = 7;

/** The demo stations' airings up to `now`: each spot of their clocks on each of the last days, in their zones. */
export function demoAirings(now: number) {
  return DEMO_STATIONS.flatMap(({ callSign, timeZone, clock, ads }) => {
    const spots: { callSign: string; adKey: string; startedAt: Date; spotId: string }[] = [];
    for (let daysAgo = DEMO_LOG_DAYS; daysAgo >= 0; daysAgo--) {
      const date = localParts(new Date(now - daysAgo * DAY), timeZone).date;
      clock.forEach(([hour, minute], i) => {
        const startedAt = instantOf(date, hour, minute, timeZone);
        if (startedAt.getTime() > now) return;
        const spotId = `${date}-${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}`;
        spots.push({ callSign, adKey: ads[(i + daysAgo) % ads.length]!, startedAt, spotId });
      });
    }
    return spots;
  });
}

/**
 * The demo stations (reported, no stream: 'no stream' in the dashboard) and their as-run logs of the last
 * week up to `now`. A week, not less: an ad page lists its RECENT_AIRINGS latest airings, and with fewer
 * days their number followed the hour the seed ran (the visual baselines with it).
 */
export async function seedDemoStations(
  tx: Db,
  userId: string,
  adOf: (key: string) => { id: string; durationMs: number | null },
  now: number,
) {
  const spots = demoAirings(now);
  for (const { clock: _clock, ads: _ads, ...station } of DEMO_STATIONS) {
    const [row] = await tx
      .insert(stations)
      .values({ ...station, userId })
      .returning({ id: stations.id });
    const rows = spots
      .filter((spot) => spot.callSign === station.callSign)
      .map(({ adKey, startedAt, spotId }) => {
        const ad = adOf(adKey);
        return {
          stationId: row!.id,
          adId: ad.id,
          startedAt,
          heardMs: ad.durationMs ?? 30_000,
          source: 'reported' as const,
          spotId,
        };
      });
    if (rows.length) await tx.insert(airings).values(rows);
  }
}
