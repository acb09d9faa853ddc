import { useId, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  WEEKDAYS,
  type AnalyticsSummary,
  type DailyCounts,
  type DeviceClass,
  type ListeningHours,
} from '../../../shared/analytics';
import { Card } from '../../components/ui/card';
import { TableHead } from '../../components/ui/table-head';
import { useMediaQuery } from '../../lib/use-media-query';

/**
 * The analytics charts (recharts, loaded only by the analytics pages). Each is a figure with a caption,
 * an aria-label saying what it shows, keyboard access to its tooltips, and its figures as a table,
 * read by screen readers always and shown on request.
 */

// Colours at 3:1 or more on both themes' surfaces; the legend, tooltip and table name each series too.
const SERIES = [
  { key: 'play', label: 'Plays', color: '#5b3df5' },
  { key: 'click', label: 'Clicks', color: '#c2410c' },
  { key: 'share', label: 'Shares', color: '#047857' },
  { key: 'qr_scan', label: 'QR scans', color: '#0891b2' },
] as const satisfies readonly { key: keyof Omit<DailyCounts, 'day'>; label: string; color: string }[];

const SOURCE_LABELS: Record<string, string> = {
  direct: 'Direct',
  qr: 'QR code',
  embed: 'Embedded player',
  share: 'Share link',
  listen: 'Listen (found by sound)',
};
const DEVICE_LABELS: Record<DeviceClass, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const fullDayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

// Axis text, grid and tooltip take the theme's tokens (a class or a CSS variable), so they read in dark too.
const AXIS = { fontSize: 12, className: 'fill-slate-700' };
const GRID = { stroke: '#94a3b8', strokeOpacity: 0.3 };
const TOOLTIP = {
  contentStyle: {
    background: 'var(--color-surface)',
    border: '1px solid var(--color-slate-200)',
    borderRadius: 12,
    color: 'var(--color-slate-900)',
    fontSize: 13,
  },
  // Series names in ink, not in their colour: a series colour is at 3:1 (a graphic), not 4.5:1 (text), in dark.
  itemStyle: { color: 'var(--color-slate-900)' },
  cursor: { fill: 'var(--color-slate-100)' },
};
/** The legend's names in muted ink beside their colour swatch, for the same reason. */
const legendName = (name: string) => <span className="text-slate-700">{name}</span>;

/** About six evenly spaced day ticks, whatever the period's length. */
export function evenTicks(days: readonly string[], count = 6): string[] {
  if (days.length <= count) return [...days];
  const step = Math.ceil(days.length / count);
  return days.filter((_, i) => i % step === 0);
}

function ChartFigure({
  title,
  chart,
  table,
  empty,
  heading: Heading = 'h2',
  emptyText = 'No events in this period.',
}: {
  title: string;
  chart: ReactNode;
  table: ReactNode;
  empty?: boolean;
  /** h3 inside a section of its own. */
  heading?: 'h2' | 'h3';
  emptyText?: string;
}) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card className="p-5">
      <figure aria-labelledby={`${id}-title`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <figcaption id={`${id}-title`}>
            <Heading className="font-semibold">{title}</Heading>
          </figcaption>
          {!empty && (
            <button
              type="button"
              aria-expanded={showTable}
              aria-controls={`${id}-table`}
              onClick={() => setShowTable((s) => !s)}
              className="rounded text-sm font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {showTable ? 'Hide table' : 'Show table'}
              <span className="sr-only"> of {title.toLowerCase()}</span>
            </button>
          )}
        </div>
        {empty ? (
          <p className="mt-4 text-sm text-slate-700">{emptyText}</p>
        ) : (
          <>
            <div className="mt-4 h-64" data-testid="chart-plot">
              {chart}
            </div>
            {/* A scrolling region is reached by keyboard too (tab to it, then arrow keys). */}
            <div
              id={`${id}-table`}
              className={
                showTable
                  ? 'mt-4 max-h-80 overflow-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600'
                  : 'sr-only'
              }
              role="region"
              aria-label={`Table of ${title.toLowerCase()}`}
              tabIndex={showTable ? 0 : undefined}
            >
              {table}
            </div>
          </>
        )}
      </figure>
    </Card>
  );
}

function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <TableHead
        className="border-b border-slate-200 text-slate-700"
        cell="px-2 py-1"
        columns={head.map((label, i) => ({ label, numeric: i > 0 }))}
      />
      <tbody className="tabular-nums">
        {rows.map(([first, ...rest]) => (
          <tr key={first} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="px-2 py-1 font-normal">
              {first}
            </th>
            {rest.map((v, i) => (
              <td key={i} className="px-2 py-1 text-right">
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DailyChart({ daily }: { daily: DailyCounts[] }) {
  const title = 'Events per day';
  const narrow = useMediaQuery('(max-width: 639px)'); // a phone fits four date labels, not six
  const first = daily[0]?.day;
  const last = daily.at(-1)?.day;
  const range = first && last ? ` from ${fullDayLabel(first)} to ${fullDayLabel(last)} (UTC days)` : '';
  return (
    <ChartFigure
      title={title}
      empty={daily.every((d) => SERIES.every((s) => d[s.key] === 0))}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={daily}
            margin={{ top: 5, right: 10, bottom: 5, left: -10 }}
            aria-label={`Bar chart of plays, clicks, shares and QR scans per day${range}`}
          >
            <CartesianGrid {...GRID} vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={dayLabel}
              tick={AXIS}
              ticks={evenTicks(
                daily.map((d) => d.day),
                narrow ? 4 : 6,
              )}
              interval={0}
            />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip labelFormatter={(day) => fullDayLabel(String(day))} {...TOOLTIP} />
            <Legend itemSorter={null} wrapperStyle={{ fontSize: 13 }} formatter={legendName} />
            {SERIES.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stackId="day"
                fill={s.color}
                radius={i === SERIES.length - 1 ? [3, 3, 0, 0] : 0}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={`${title}${range}`}
          head={['Day', ...SERIES.map((s) => s.label)]}
          rows={daily.map((d) => [fullDayLabel(d.day), ...SERIES.map((s) => d[s.key])])}
        />
      }
    />
  );
}

function BreakdownChart({
  title,
  kind,
  rows,
  color,
}: {
  title: string;
  kind: string;
  rows: { label: string; events: number }[];
  color: string;
}) {
  return (
    <ChartFigure
      title={title}
      empty={rows.every((r) => r.events === 0)}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={rows}
            layout="vertical"
            margin={{ top: 5, right: 10, bottom: 5, left: 0 }}
            aria-label={`Bar chart of ${title.toLowerCase()}: ${rows.map((r) => `${r.label} ${r.events}`).join(', ')}`}
          >
            <CartesianGrid {...GRID} horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={AXIS} />
            <YAxis type="category" dataKey="label" width={120} tick={AXIS} interval={0} />
            <Tooltip {...TOOLTIP} />
            <Bar dataKey="events" name="Events" fill={color} radius={[0, 3, 3, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={<DataTable caption={title} head={[kind, 'Events']} rows={rows.map((r) => [r.label, r.events])} />}
    />
  );
}

export function SourcesChart({ sources }: { sources: AnalyticsSummary['sources'] }) {
  // Every source, with zero where none came, as the device chart lists every device.
  const known = Object.keys(SOURCE_LABELS).map((source) => ({
    label: SOURCE_LABELS[source]!,
    events: sources.find((s) => s.source === source)?.events ?? 0,
  }));
  const others = sources
    .filter((s) => !(s.source in SOURCE_LABELS))
    .map((s) => ({ label: s.source, events: s.events }));
  return <BreakdownChart title="Events by source" kind="Source" rows={[...known, ...others]} color="#5b3df5" />;
}

export function DevicesChart({ devices }: { devices: AnalyticsSummary['devices'] }) {
  const rows = (Object.keys(DEVICE_LABELS) as DeviceClass[]).map((device) => ({
    label: DEVICE_LABELS[device],
    events: devices.find((d) => d.device === device)?.events ?? 0,
  }));
  return <BreakdownChart title="Events by device" kind="Device" rows={rows} color="#047857" />;
}

/** '6 am', '12 pm': the hour of the day as an advertiser buying a slot says it. */
export const hourLabel = (hour: number) => `${hour % 12 || 12} ${hour < 12 ? 'am' : 'pm'}`;
const hourRange = (hour: number) => `${hourLabel(hour)} to ${hourLabel((hour + 1) % 24)}`;

function SlotChart({
  title,
  rows,
  ticks,
  color,
  kind,
}: {
  title: string;
  rows: { label: string; full: string; plays: number }[];
  ticks?: string[];
  color: string;
  kind: string;
}) {
  const busiest = rows.reduce((best, r) => (r.plays > best.plays ? r : best), rows[0]!);
  return (
    <ChartFigure
      title={title}
      heading="h3"
      empty={rows.every((r) => r.plays === 0)}
      emptyText="No plays in this period."
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={rows}
            margin={{ top: 5, right: 10, bottom: 5, left: -10 }}
            aria-label={`Bar chart of ${title.toLowerCase()}; most plays ${busiest.full} (${busiest.plays})`}
          >
            <CartesianGrid {...GRID} vertical={false} />
            <XAxis dataKey="label" tick={AXIS} ticks={ticks} interval={ticks ? 0 : 'preserveStartEnd'} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip labelFormatter={(_, p) => String(p[0]?.payload?.full ?? '')} {...TOOLTIP} />
            <Bar dataKey="plays" name="Plays" fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={<DataTable caption={title} head={[kind, 'Plays']} rows={rows.map((r) => [r.full, r.plays])} />}
    />
  );
}

/** When listeners play, by local hour and weekday: what a radio advertiser buys time slots by. */
export function ListeningHoursCharts({ hours }: { hours: ListeningHours }) {
  const narrow = useMediaQuery('(max-width: 639px)');
  const byHour = hours.byHour.map((plays, hour) => ({ label: hourLabel(hour), full: hourRange(hour), plays }));
  const every = narrow ? 6 : 3;
  const byDay = hours.byWeekday.map((plays, i) => ({ label: WEEKDAYS[i]!.slice(0, 3), full: WEEKDAYS[i]!, plays }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SlotChart
        title="Plays by hour of the day"
        kind="Hour"
        rows={byHour}
        ticks={byHour.filter((_, i) => i % every === 0).map((r) => r.label)}
        color="#5b3df5"
      />
      <SlotChart title="Plays by day of the week" kind="Day" rows={byDay} color="#0891b2" />
    </div>
  );
}
