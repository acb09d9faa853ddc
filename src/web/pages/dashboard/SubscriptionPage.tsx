import { Check } from 'lucide-react';
import { toast } from '../../components/ui/toast';
import { UNLIMITED, type Plan } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { useSession } from '../../features/auth/api/session';
import { useMyPlan, usePlans } from '../../features/plans/api/plans';
import { rememberedTier } from '../../features/plans/chosen-plan';
import { UsageCard } from '../../features/plans/UsageCard';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';

const dollars = (cents: number) => `$${Math.round(cents / 100)}`;
const limitText = (n: number) => (n === UNLIMITED ? 'Unlimited' : String(n));

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
                <Card
                  className={cn('relative flex h-full flex-col p-5', p.name === 'Premium' && 'ring-2 ring-brand-600')}
                >
                  {p.name === 'Premium' && (
                    <span className="absolute -top-3 left-5 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                      Most Popular
                    </span>
                  )}
                  <h3 className="font-semibold">{p.name}</h3>
                  <p className="mt-2 text-3xl font-bold">
                    {dollars(p.priceMonthly)}
                    <span className="text-sm font-normal text-slate-700">/month</span>
                  </p>
                  {p.priceYearly > 0 && (
                    <p className="text-sm text-slate-700">or {dollars(p.priceYearly)}/year (save 17%)</p>
                  )}
                  <ul className="mt-4 flex-1 space-y-1 text-sm">
                    {[
                      `${limitText(p.adLimit)} ads per month`,
                      `${limitText(p.featuredAdLimit)} featured ads`,
                      p.analyticsEnabled ? 'Analytics' : 'Basic stats',
                      p.prioritySupport ? 'Priority support' : 'Community support',
                    ].map((f) => (
                      <li key={f} className="flex items-center gap-2">
                        <Check className="h-4 w-4 text-brand-700" aria-hidden /> {f}
                      </li>
                    ))}
                  </ul>
                  <Button
                    className="mt-4"
                    variant={current?.planName === p.name ? 'secondary' : 'primary'}
                    onClick={() => choose(p)}
                  >
                    {current?.planName === p.name ? 'Current Plan' : `Choose ${p.name}`}
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
