import { toast } from '../../components/ui/toast';
import { limitText, type Plan } from '../../../shared/plans';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { useSession } from '../../features/auth/api/session';
import { useMyPlan, usePlans } from '../../features/plans/api/plans';
import { rememberedTier } from '../../features/plans/chosen-plan';
import { PlanOffer } from '../../features/plans/PlanOffer';
import { UsageCard } from '../../features/plans/UsageCard';
import { formatDate } from '../../lib/format';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between border-b border-slate-100 py-2 text-sm last:border-0">
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

export default function SubscriptionPage() {
  const plan = useMyPlan();
  const plans = usePlans();
  const current = plan.data;
  const { user } = useSession();
  const picked = user ? rememberedTier(user.id) : null;
  // Only a Free account is 'already on the Free plan'; any other change of plan needs payment.
  const choose = (p: Plan) =>
    p.name === current?.planName
      ? toast.info(`You are already on the ${p.name} plan`)
      : toast.info('Stripe integration coming soon!');
  const onTrial = picked?.id === 'growth' && current?.planName === 'Premium' && current.subscriptionEnd;

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Subscription</h1>
      {picked && picked.id !== 'starter' && (
        <p role="status" className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
          You chose the <strong>{picked.name}</strong> plan on our pricing page.{' '}
          {onTrial
            ? `Your 14-day Premium trial runs until ${formatDate(current.subscriptionEnd!)} (the Renewal Date below); then your account goes back to the Free plan, keeping every ad.`
            : picked.id === 'growth'
              ? `Your account is on the ${current?.planName ?? 'Free'} plan: Premium trials last 14 days, and your ads stay whatever the plan.`
              : `Paid plans cannot be bought here yet, so your account is on the ${current?.planName ?? 'Free'} plan for now.`}
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="p-5">
          <h2 className="font-semibold">Current Plan</h2>
          {current ? (
            <dl className="mt-3">
              <Row label="Plan" value={current.planName} />
              <Row label="Ad Limit" value={`${limitText(current.adLimit)} per month`} />
              <Row label="Featured Ads" value={limitText(current.featuredAdLimit)} />
              <Row label="Analytics" value={current.analyticsEnabled ? 'Enabled' : 'Disabled'} />
              <Row label="Priority Support" value={current.prioritySupport ? 'Included' : 'Not included'} />
              {current.subscriptionEnd && <Row label="Renewal Date" value={formatDate(current.subscriptionEnd)} />}
            </dl>
          ) : (
            <Skeleton className="mt-3 h-32 w-full" />
          )}
        </Card>
        <UsageCard />
      </div>

      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="text-xl font-bold">
          Available Plans
        </h2>
        {plans.isPending ? (
          <Skeleton className="mt-4 h-48 w-full" />
        ) : !plans.data?.plans.length ? (
          <p className="mt-4 text-slate-700">No subscription plans available at the moment.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {plans.data.plans.map((p) => (
              <li key={p.id}>
                <PlanOffer plan={p} highlight={p.name === 'Premium'}>
                  {p.name === 'Enterprise' && current?.planName !== p.name ? (
                    <ButtonLink to="/contact" variant="secondary" className="mt-4">
                      Contact Sales
                    </ButtonLink>
                  ) : (
                    <Button
                      className="mt-4"
                      variant={current?.planName === p.name ? 'secondary' : 'primary'}
                      onClick={() => choose(p)}
                    >
                      {current?.planName === p.name ? 'Current Plan' : `Choose ${p.name}`}
                    </Button>
                  )}
                </PlanOffer>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
