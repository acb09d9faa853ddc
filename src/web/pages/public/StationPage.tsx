import { ChevronLeft, ChevronRight, Radio } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { StationDay } from '../../../shared/stations';
import { stationPath } from '../../../shared/station-links';
import { clockAt } from '../../../shared/zoned-time';
import { LoadFailure } from '../../components/layout/LoadFailure';
import { Button, ButtonLink, buttonClass } from '../../components/ui/button';
import { Card, LogoLinesSkeleton, Skeleton } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/input';
import { AdCard } from '../../features/player/AdCard';
import { StationStatus } from '../../features/stations/StationStatus';
import { stationDayParams, useStationDay } from '../../features/stations/api/stations';
import { isRefusal } from '../../lib/query-client';
import { usePageMeta } from '../../lib/page-meta';
import { plural } from '../../lib/format';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => `${h % 12 || 12} ${h < 12 ? 'AM' : 'PM'}`;

/** The day before or after a YYYY-MM-DD day. */
function shiftDay(date: string, days: number) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const longDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** The URL is the state: ?date=YYYY-MM-DD (the station's today when absent) and ?hour=0-23. */
function useDayParams() {
  const [params, setParams] = useSearchParams();
  const { date, hour } = stationDayParams(params);
  const go = (next: { date?: string; hour?: number }) => {
    const out = new URLSearchParams();
    if (next.date) out.set('date', next.date);
    if (next.hour !== undefined) out.set('hour', String(next.hour));
    setParams(out);
  };
  return { date, hour, go };
}

function DayNav({ day, hour, go }: { day: StationDay; hour?: number; go: ReturnType<typeof useDayParams>['go'] }) {
  const isToday = day.date === day.today;
  const to = (date: string) => (date === day.today ? undefined : date);
  return (
    <nav aria-label="Day and hour" className="flex flex-wrap items-end gap-2">
      <Button variant="secondary" size="icon" onClick={() => go({ date: shiftDay(day.date, -1), hour })}>
        <ChevronLeft className="h-4 w-4" aria-hidden />
        <span className="sr-only">Day before</span>
      </Button>
      <span className="w-40">
        <Input
          aria-label="Day"
          type="date"
          value={day.date}
          max={day.today}
          onChange={(e) => e.target.value && go({ date: to(e.target.value), hour })}
        />
      </span>
      <Button
        variant="secondary"
        size="icon"
        disabled={isToday}
        onClick={() => go({ date: to(shiftDay(day.date, 1)), hour })}
      >
        <ChevronRight className="h-4 w-4" aria-hidden />
        <span className="sr-only">Day after</span>
      </Button>
      {!isToday && (
        <Button variant="ghost" onClick={() => go({ hour })}>
          Today
        </Button>
      )}
      <Select
        aria-label="Hour"
        value={hour ?? ''}
        onChange={(e) => go({ date: to(day.date), hour: e.target.value === '' ? undefined : Number(e.target.value) })}
        className="w-36"
      >
        <option value="">All day</option>
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {hourLabel(h)} – {hourLabel((h + 1) % 24)}
          </option>
        ))}
      </Select>
    </nav>
  );
}

function StationHeader({ day }: { day: StationDay }) {
  const { station } = day;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {station.logoUrl ? (
        <img
          src={station.logoUrl}
          alt={`${station.callSign} logo`}
          className="h-20 w-20 rounded-xl object-cover ring-1 ring-black/5"
        />
      ) : (
        <span className="flex h-20 w-20 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
          <Radio className="h-8 w-8" aria-hidden />
        </span>
      )}
      <div className="min-w-0">
        <h1 className="text-3xl font-bold">
          {station.callSign} <span className="font-normal text-slate-700">{station.name}</span>
        </h1>
        <p className="mt-1 text-slate-700">
          {[station.frequency, station.city].filter(Boolean).join(' · ')}
          {station.frequency || station.city ? ' · ' : ''}
          Times in {station.timeZone.replace(/_/g, ' ')}
        </p>
        {station.monitorStatus !== 'idle' && (
          <div className="mt-2">
            <StationStatus station={station} />
          </div>
        )}
      </div>
    </div>
  );
}

function Timeline({ day }: { day: StationDay }) {
  const when =
    day.hour === null
      ? day.date === day.today
        ? 'today'
        : 'on this day'
      : `between ${hourLabel(day.hour)} and ${hourLabel((day.hour + 1) % 24)}`;
  if (!day.airings.length) {
    return (
      <Card className="p-8 text-center">
        <h2 className="text-lg font-semibold">Nothing aired {when}</h2>
        <p className="mt-1 text-slate-700">
          {day.station.monitorStatus === 'offline'
            ? 'The stream could not be heard for part of this time, so airings may be missing.'
            : 'Try an earlier day, or another hour.'}
        </p>
      </Card>
    );
  }
  return (
    <>
      <h2 className="mb-4 text-sm text-slate-700">
        {plural(day.airings.length, 'ad')} aired {when}
      </h2>
      <ol className="relative space-y-4 border-l-2 border-slate-200 pl-4 sm:pl-6" data-testid="station-timeline">
        {day.airings.map((a) => (
          <li key={a.id} className="relative" data-testid="station-airing">
            <span
              aria-hidden
              className="absolute -left-[23px] top-4 h-3 w-3 rounded-full bg-brand-600 sm:-left-[31px]"
            />
            <p className="mb-1 flex items-center gap-2 text-sm font-semibold tabular-nums">
              <time dateTime={a.startedAt}>{clockAt(a.startedAt, day.station.timeZone)}</time>
              {a.partial && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                  Cut short
                </span>
              )}
            </p>
            <div className="max-w-xl">
              <AdCard ad={a.ad} />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/** A station's public page: what aired on a day (today by default) as a timeline, by hour if asked. */
export default function StationPage() {
  const { callSign = '' } = useParams();
  const { date, hour, go } = useDayParams();
  const { data, isPending, error, refetch, isFetching } = useStationDay(callSign, date, hour);
  const station = data?.station;
  usePageMeta(
    station && {
      title: `${station.callSign} ${station.name}: what aired ${data.date === data.today ? 'today' : longDay(data.date)} | AdReplay`,
      description: `Every ad heard on ${station.callSign} ${station.name}, by day and hour.`,
    },
  );
  if (isPending) {
    return (
      <div className="mx-auto min-h-screen max-w-4xl px-4 py-10" aria-busy="true">
        <LogoLinesSkeleton size="page" />
        <Skeleton className="mt-8 h-10 w-72" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    );
  }
  if (error && !isRefusal(error)) {
    return (
      <LoadFailure
        title="This station could not be loaded"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      >
        <ButtonLink to="/" variant="secondary">
          Return to Home
        </ButtonLink>
      </LoadFailure>
    );
  }
  if (error || !data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Station Not Found</h1>
        <p className="mt-3 text-slate-700">No station has the call sign {callSign.toUpperCase()}.</p>
        <Link to="/directory" className={buttonClass({}, 'mt-6')}>
          Browse Ads
        </Link>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <StationHeader day={data} />
      <div className="mt-8 flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-xl font-semibold">{data.date === data.today ? 'Today' : longDay(data.date)}</h2>
        <DayNav day={data} hour={hour} go={go} />
      </div>
      <div className="mt-6" aria-live="polite" aria-busy={isFetching}>
        <Timeline day={data} />
      </div>
      <p className="mt-8 text-sm text-slate-700">
        <Link
          to={`/directory?station=${encodeURIComponent(data.station.callSign)}`}
          className="underline hover:text-brand-700"
        >
          Every ad that aired on {data.station.callSign}
        </Link>{' '}
        ·{' '}
        <Link to={stationPath(data.station.callSign)} className="underline hover:text-brand-700">
          Today on {data.station.callSign}
        </Link>
      </p>
    </div>
  );
}
