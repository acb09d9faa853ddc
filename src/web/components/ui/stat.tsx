import { ArrowDownRight, ArrowUpRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Change } from '../../../shared/analytics';
import { cn } from '../../lib/cn';
import { Card, Skeleton } from './card';

/**
 * How a figure moved, as Stripe and Plausible show it: '+12%' / '−5%' / 'New' on screen, and the whole
 * sentence ('up 12% from the previous 30 days') for screen readers. `against` names the period before.
 */
export function ChangeBadge({ change, against, unit = '%' }: { change: Change; against: string; unit?: string }) {
  if (change.kind === 'none') return null;
  const base = 'inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums';
  if (change.kind === 'new') {
    return (
      <span className={cn(base, 'bg-brand-50 text-brand-800')} data-testid="stat-change">
        <span aria-hidden>New</span>
        <span className="sr-only">new: none in the previous {against}</span>
      </span>
    );
  }
  const { kind, percent } = change;
  const Arrow = kind === 'down' ? ArrowDownRight : ArrowUpRight;
  const shown = kind === 'same' ? `0${unit}` : `${kind === 'up' ? '+' : '−'}${percent}${unit}`;
  const said =
    kind === 'same'
      ? `unchanged from the previous ${against}`
      : `${kind} ${percent}${unit} from the previous ${against}`;
  return (
    <span
      className={cn(
        base,
        kind === 'up' && 'bg-green-50 text-green-900',
        kind === 'down' && 'bg-slate-100 text-slate-900',
        kind === 'same' && 'bg-slate-100 text-slate-700',
      )}
      data-testid="stat-change"
    >
      {kind !== 'same' && <Arrow className="h-3 w-3" aria-hidden />}
      <span aria-hidden>{shown}</span>
      <span className="sr-only">{said}</span>
    </span>
  );
}

/**
 * One figure of a dashboard: a term and its value (place inside a <dl>); a skeleton until it loads. `period`
 * names what the figure is over ('last 30 days', 'all time'); `change` how it moved against the period before.
 */
export function Stat({
  label,
  period,
  value,
  icon: Icon,
  change,
  detail,
  note,
}: {
  label: string;
  period?: string;
  value: ReactNode | undefined;
  icon: LucideIcon;
  change?: ReactNode;
  detail?: ReactNode;
  /** One sentence saying what the figure is. */
  note?: string;
}) {
  return (
    <Card className="flex flex-col p-4 sm:p-5" data-testid="stat">
      <dt className="flex items-start justify-between gap-2 text-sm text-slate-700">
        <span className="min-w-0">
          <span className="block font-medium text-slate-900">{label}</span>
          {period && (
            <span className="block text-xs">
              <span className="sr-only">, </span>
              <span data-testid="stat-period">{period}</span>
            </span>
          )}
        </span>
        <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      </dt>
      <dd className="mt-2">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="block text-2xl font-bold tabular-nums sm:text-3xl" data-testid="stat-value">
            {value ?? <Skeleton className="h-8 w-12" />}
          </span>
          {value !== undefined && change}
        </span>
        {detail !== undefined && (
          <span className="mt-1 block text-sm text-slate-700" data-testid="stat-detail">
            {detail}
          </span>
        )}
        {note && <span className="mt-2 block text-xs leading-snug text-slate-700">{note}</span>}
      </dd>
    </Card>
  );
}
