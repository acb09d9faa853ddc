import { Download, Info, MousePointerClick, Play, QrCode, Radio, Sparkles } from 'lucide-react';
import { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  AnalyticsQuery,
  changeOf,
  clickRate,
  engagementRate,
  formatRate,
  PERIOD_LABELS,
  PERIODS,
  periodPhrase,
  rateChangeOf,
  type AdAnalytics,
  type EventCounts,
  type AnalyticsSummary,
  type Period,
} from '../../../shared/analytics';
import { messages } from '../../../shared/messages';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { Segmented } from '../../components/ui/segmented';
import { ChangeBadge, Stat } from '../../components/ui/stat';
import { formatCount, plural } from '../../lib/format';
import { DailyChart, DevicesChart, ListeningHoursCharts, SourcesChart } from './charts';
import { exportCsvUrl, useListeningHours } from './api/analytics';
import { TableHead } from '../../components/ui/table-head';

const QrPanel = lazy(() => import('../../components/ad/QrPanel'));

const PERIOD_OPTIONS = PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }));

/** The period lives in the URL (?period=), so a shared or reloaded address shows the same figures. */
export function usePeriod(): [Period, (period: Period) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = AnalyticsQuery.safeParse({ period: params.get('period') ?? undefined });
  const period = parsed.success ? parsed.data.period : AnalyticsQuery.parse({}).period;
  const setPeriod = (next: Period) =>
    setParams((p) => {
      p.set('period', next);
      return p;
    });
  return [period, setPeriod];
}

/** Title, period presets, CSV export and the link to the counting rules. */
export function ReportHeader({
  title,
  query,
  onPeriodChange,
  exportable,
  csv = true,
  children,
}: {
  title: string;
  query: AnalyticsQuery;
  onPeriodChange: (period: Period) => void;
  /** False while there is nothing to export (loading, or no events in the period). */
  exportable: boolean;
  /** Whether the plan includes the CSV export. */
  csv?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="space-y-4">
      {children}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <Link
            to="/about/measurement"
            className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
          >
            <Info className="h-4 w-4" aria-hidden /> How we count
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Segmented label="Period" options={PERIOD_OPTIONS} value={query.period} onChange={onPeriodChange} />
          {!csv ? null : exportable ? (
            <a href={exportCsvUrl(query)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Download className="h-4 w-4" aria-hidden /> Export CSV
            </a>
          ) : (
            <Button variant="secondary" size="sm" disabled title="No events in this period to export">
              <Download className="h-4 w-4" aria-hidden /> Export CSV
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

export function ReportLoading() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p className="text-slate-700">{messages.loadingAnalytics}</p>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

export function ReportError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Card role="alert" className="border-red-200 bg-red-50 p-6">
      <h2 className="font-semibold text-red-800">Unable to load analytics</h2>
      <p className="mt-1 text-sm text-red-800">{error.message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try Again
      </Button>
    </Card>
  );
}

/** Whether the period holds any event, so that an export would have rows. */
export const hasEvents = (t: AnalyticsSummary['totals']) => t.plays + t.clicks + t.shares + t.qrScans > 0;

/** What the change of a period's figures is against, in words: '30 days' (none for all time). */
export const previousWords = (period: Period) => (period === 'all' ? null : PERIOD_LABELS[period].toLowerCase());

/**
 * The cards: all ads' totals, or one ad's (its QR scans in place of the ad count). Each names its period and,
 * but for all time, how it moved against the period of equal length before.
 */
export function SummaryCards({ summary, single }: { summary: AnalyticsSummary; single?: boolean }) {
  const { totals, previous, period } = summary;
  const words = periodPhrase(period);
  const against = previousWords(period);
  const change = (now: number, before: (p: EventCounts) => number) =>
    previous && against ? <ChangeBadge change={changeOf(now, before(previous))} against={against} /> : undefined;
  const rateChange = (rate: (c: EventCounts) => number | null) =>
    previous && against ? (
      <ChangeBadge change={rateChangeOf(rate(totals), rate(previous))} against={against} unit=" pts" />
    ) : undefined;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {!single && (
        <Stat
          label="Total Ads"
          period="right now"
          value={formatCount(totals.ads)}
          icon={Radio}
          detail={`${formatCount(totals.activeAds)} active`}
        />
      )}
      <Stat
        label="Plays"
        period={words}
        value={formatCount(totals.plays)}
        icon={Play}
        change={change(totals.plays, (p) => p.plays)}
        detail={plural(totals.listeners, 'unique listener')}
      />
      <Stat
        label="Click Rate"
        period={words}
        value={formatRate(clickRate(totals))}
        icon={MousePointerClick}
        change={rateChange(clickRate)}
        detail={plural(totals.clicks, 'click')}
        note="Calls and website visits for every 100 plays."
      />
      <Stat
        label="Engagement"
        period={words}
        value={formatRate(engagementRate(totals))}
        icon={Sparkles}
        change={rateChange(engagementRate)}
        detail={`${plural(totals.shares, 'share')} · ${plural(totals.qrScans, 'QR scan')}`}
        note="Clicks, shares and QR scans for every 100 plays; above 100% when listeners act more than they play."
      />
      {single && (
        <Stat
          label="QR Scans"
          period={words}
          value={formatCount(totals.qrScans)}
          icon={QrCode}
          change={change(totals.qrScans, (p) => p.qrScans)}
        />
      )}
    </dl>
  );
}

/** 'When your listeners play': plays by local hour and weekday, in the account's time zone (Settings). */
function ListeningHoursSection({ query }: { query: AnalyticsQuery }) {
  const hours = useListeningHours(query, true);
  return (
    <section aria-labelledby="hours-heading" className="space-y-3">
      <div>
        <h2 id="hours-heading" className="text-lg font-semibold">
          When your listeners play
        </h2>
        <p className="text-sm text-slate-700">
          Plays by hour of the day and day of the week, {periodPhrase(query.period)}
          {hours.data ? `, in your time zone (${hours.data.timeZone})` : ''}.
        </p>
      </div>
      {hours.isPending ? (
        <div aria-busy="true" className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
        </div>
      ) : hours.isError ? (
        <ReportError error={hours.error} onRetry={() => void hours.refetch()} />
      ) : (
        <ListeningHoursCharts hours={hours.data} />
      )}
    </section>
  );
}

/** The report's charts; `hours` off where the reader is not the owner (the hours are read with a session). */
export function ReportCharts({
  summary,
  adId,
  hours = true,
}: {
  summary: AnalyticsSummary;
  adId?: string;
  hours?: boolean;
}) {
  return (
    <div className="space-y-6">
      <DailyChart daily={summary.daily} />
      {hours && <ListeningHoursSection query={{ period: summary.period, adId }} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <SourcesChart sources={summary.sources} />
        <DevicesChart devices={summary.devices} />
      </div>
    </div>
  );
}

/** Per-ad figures with a link to each ad's detail and its QR code on request. */
export function AdsTable({ ads, period }: { ads: AdAnalytics[]; period: Period }) {
  const [qrOpen, setQrOpen] = useState<ReadonlySet<string>>(new Set());
  const toggleQr = (id: string) =>
    setQrOpen((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Card className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Figures per ad for the period</caption>
        <TableHead
          className="border-b border-slate-200 bg-slate-50 text-slate-700"
          cell="px-4 py-3"
          columns={[
            'Ad',
            { label: 'Plays', numeric: true },
            { label: 'CTR', numeric: true },
            { label: 'Details', className: 'hidden sm:table-cell' },
          ]}
        />
        <tbody>
          {ads.map((ad) => {
            const open = qrOpen.has(ad.id);
            // In a column of their own from sm up; on a phone, in a row of their own under the figures.
            const actions = (
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/dashboard/analytics/${ad.id}?period=${period}`}
                  className={buttonClass({ variant: 'secondary', size: 'sm' })}
                >
                  Details<span className="sr-only"> of {ad.title}</span>
                </Link>
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={`qr-${ad.id}`}
                  onClick={() => toggleQr(ad.id)}
                  className={buttonClass({ variant: 'secondary', size: 'sm' })}
                >
                  <QrCode className="h-4 w-4" aria-hidden /> {open ? 'Hide QR' : 'Show QR'}
                  <span className="sr-only"> of {ad.title}</span>
                </button>
              </div>
            );
            return (
              <Fragment key={ad.id}>
                <tr className="border-slate-100 sm:border-b" data-testid="analytics-row">
                  <th scope="row" className="px-4 py-3 font-normal">
                    <span className="block font-medium">{ad.title}</span>
                    <span className="text-slate-700">{ad.isActive ? 'Active' : 'Inactive'}</span>
                  </th>
                  <td className="px-4 py-3 text-right tabular-nums">{formatCount(ad.plays)}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{formatRate(clickRate(ad))}</td>
                  <td className="hidden px-4 py-3 sm:table-cell">{actions}</td>
                </tr>
                <tr className="border-b border-slate-100 sm:hidden">
                  <td colSpan={3} className="px-4 pb-3">
                    {actions}
                  </td>
                </tr>
                <tr id={`qr-${ad.id}`} hidden={!open} className="border-b border-slate-100">
                  <td colSpan={4} className="px-4 py-3">
                    {open && (
                      <Suspense fallback={<Skeleton className="h-52 w-44" />}>
                        <QrPanel slug={ad.slug} title={ad.title} caption={messages.scanToShare} />
                      </Suspense>
                    )}
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
