import { usagePercent, UNLIMITED } from '../../../shared/plans';
import { Card, Skeleton } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useMyPlan, useMyUsage } from './api/plans';

/** This month's ad creations against the plan's limit; the badge turns destructive above 80%. */
export function UsageCard() {
  const plan = useMyPlan();
  const usage = useMyUsage();
  if (plan.isPending || usage.isPending) return <Skeleton className="h-32 w-full" />;
  const limit = plan.data?.adLimit ?? 3;
  const used = usage.data?.adsCreated ?? 0;
  const pct = usagePercent(used, limit);
  const destructive = pct > 80;
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">Monthly Usage</h2>
        <span
          data-testid="usage-badge"
          data-variant={destructive ? 'destructive' : 'default'}
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            destructive ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-800',
          )}
        >
          {limit === UNLIMITED ? 'Unlimited' : `${pct}%`}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {used} of {limit === UNLIMITED ? 'unlimited' : limit} ads created this month on the{' '}
        {plan.data?.planName ?? 'Free'} plan.
      </p>
      <p className="mt-1 text-xs text-slate-700" data-testid="usage-rule">
        The count is of ads made this month that you still have: deleting one gives its slot back.
      </p>
      {limit !== UNLIMITED && (
        <div className="mt-3 h-2 rounded-full bg-slate-200" aria-hidden>
          <div
            className={cn('h-2 rounded-full', destructive ? 'bg-red-700' : 'bg-brand-600')}
            style={{ width: `${Math.min(100, pct)}%` }}
          />
        </div>
      )}
    </Card>
  );
}
