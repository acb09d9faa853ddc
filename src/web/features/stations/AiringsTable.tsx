import { Link } from 'react-router';
import type { Airing } from '../../../shared/stations';
import { stationPath } from '../../../shared/station-links';
import { clockAt, localParts } from '../../../shared/zoned-time';
import { cn } from '../../lib/cn';

/** A local day (YYYY-MM-DD) as 'Fri, Nov 27, 2026'. */
export const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/** Airings grouped by station, then by the station's own local day, newest first. */
export function groupAirings(airings: Airing[]) {
  const groups = new Map<string, { station: Airing; days: Map<string, Airing[]> }>();
  for (const a of airings) {
    const group = groups.get(a.stationId) ?? { station: a, days: new Map() };
    groups.set(a.stationId, group);
    const day = localParts(a.startedAt, a.timeZone).date;
    group.days.set(day, [...(group.days.get(day) ?? []), a]);
  }
  return [...groups.values()];
}

const SOURCE = { detected: 'Detected', reported: 'Reported' } as const;

/** One list of airings: time in the station's zone, what ran, for how long, how we know. */
export function AiringRows({ airings, show }: { airings: Airing[]; show: 'ad' | 'station' }) {
  return (
    <ul className="divide-y divide-slate-200">
      {airings.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm" data-testid="airing-row">
          <time dateTime={a.startedAt} className="w-20 font-medium tabular-nums">
            {clockAt(a.startedAt, a.timeZone)}
          </time>
          <span className="min-w-0 flex-1 truncate">
            {show === 'ad' ? (
              <Link to={`/ad/${a.adSlug}`} className="hover:text-brand-700 hover:underline">
                {a.adTitle}
              </Link>
            ) : (
              <Link to={stationPath(a.callSign)} className="hover:text-brand-700 hover:underline">
                {a.callSign}
              </Link>
            )}
          </span>
          <span className="tabular-nums text-slate-700">{Math.round(a.heardMs / 1000)} s</span>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              a.source === 'detected' ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-800',
            )}
          >
            {SOURCE[a.source]}
            {a.source === 'detected' && a.confidence !== null ? ` · ${Math.round(a.confidence * 100)}%` : ''}
          </span>
          {a.partial && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Partial</span>
          )}
        </li>
      ))}
    </ul>
  );
}
