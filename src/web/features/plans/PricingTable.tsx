import { ButtonLink, RetryButton } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { usePlans } from './api/plans';
import { PlanOffer } from './PlanOffer';

/** The call to action of each plan on the marketing page; Premium is the one with the 14-day trial. */
const CTA: Record<string, { label: string; to: string }> = {
  Free: { label: 'Get Started', to: '/register' },
  Basic: { label: 'Get Started', to: '/register' },
  Premium: { label: 'Start Free Trial', to: '/register?plan=growth' },
  Enterprise: { label: 'Contact Sales', to: '/contact' },
};

/** The price list (the plans table, through /api/plans), as the dashboard's plan grid shows it too. */
export function PricingTable() {
  const plans = usePlans();
  if (plans.isPending) return <Skeleton className="h-96 w-full" />;
  if (plans.isError) return <RetryButton onRetry={() => void plans.refetch()} retrying={plans.isFetching} />;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {plans.data.plans.map((p) => {
        const cta = CTA[p.name] ?? CTA.Free!;
        return (
          <li key={p.id}>
            <PlanOffer
              plan={p}
              highlight={p.name === 'Premium'}
              note={p.name === 'Premium' ? '14-day free trial' : undefined}
            >
              <ButtonLink to={cta.to} variant={p.name === 'Premium' ? 'primary' : 'secondary'} className="mt-6">
                {cta.label}
              </ButtonLink>
            </PlanOffer>
          </li>
        );
      })}
    </ul>
  );
}
