import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { dollars, planFeatures, type Plan } from '../../../shared/plans';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

/**
 * One plan of the price list as the marketing page and the dashboard both show it: name, monthly price,
 * yearly price, features; only the call to action differs.
 */
export function PlanOffer({
  plan,
  note,
  highlight,
  children,
}: {
  plan: Plan;
  note?: string;
  highlight?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      data-testid={`plan-${plan.name.toLowerCase()}`}
      className={cn('relative flex h-full flex-col p-5', highlight && 'ring-2 ring-brand-600')}
    >
      {highlight && (
        <span className="absolute -top-3 left-5 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
          Most Popular
        </span>
      )}
      <h3 className="font-semibold">{plan.name}</h3>
      <p className="mt-2 text-3xl font-bold" data-testid="plan-price">
        {dollars(plan.priceMonthly)}
        <span className="text-sm font-normal text-slate-700">/month</span>
      </p>
      <p className="text-sm text-slate-700" data-testid="plan-yearly">
        {plan.priceYearly > 0 ? `or ${dollars(plan.priceYearly)}/year (save 17%)` : 'Free forever'}
      </p>
      {note && <p className="text-sm font-medium text-brand-700">{note}</p>}
      <ul className="mt-4 flex-1 space-y-1 text-sm">
        {planFeatures(plan).map((f) => (
          <li key={f} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden /> {f}
          </li>
        ))}
      </ul>
      {children}
    </Card>
  );
}
