import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, Skeleton } from './card';

/** One figure of a dashboard: a term and its value (place inside a <dl>); a skeleton until it loads. */
export function Stat({
  label,
  value,
  icon: Icon,
  detail,
  note,
}: {
  label: string;
  value: ReactNode | undefined;
  icon: LucideIcon;
  detail?: ReactNode;
  /** One sentence saying what the figure is. */
  note?: string;
}) {
  return (
    <Card className="p-5" data-testid="stat">
      <dt className="flex items-center justify-between text-sm text-slate-700">
        {label} <Icon className="h-4 w-4" aria-hidden />
      </dt>
      <dd className="mt-2">
        <span className="block text-3xl font-bold tabular-nums" data-testid="stat-value">
          {value ?? <Skeleton className="h-8 w-12" />}
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
