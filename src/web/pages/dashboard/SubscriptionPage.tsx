import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { billingMessages, PAID_PLANS, type BillingInterval, type PaidPlan } from '../../../shared/billing';
import { limitText, planEnd, type Plan } from '../../../shared/plans';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { Segmented } from '../../components/ui/segmented';
import { toast } from '../../components/ui/toast';
import { useSession } from '../../features/auth/api/session';
import { useBilling, useCheckout, usePortal, useRefreshUser } from '../../features/plans/api/billing';
import { useMyPlan, usePlans } from '../../features/plans/api/plans';
import { rememberedTier } from '../../features/plans/chosen-plan';
import { PlanOffer } from '../../features/plans/PlanOffer';
import { UsageCard } from '../../features/plans/UsageCard';
import { errorText } from '../../lib/api';
import { formatDate } from '../../lib/format';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between border-b border-slate-100 py-2 text-sm last:border-0">
      <dt className="text-slate-700">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

/** Stripe statuses under which the account has a subscription to manage rather than buy. */
const LIVE = new Set(['active', 'trialing', 'past_due']);
const INTERVALS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly (save 17%)' },
] as const;
const isPaid = (name: string): name is PaidPlan => (PAID_PLANS as readonly string[]).includes(name);

export default function SubscriptionPage() {
  const plan = useMyPlan();
  const plans = usePlans();
  const current = plan.data;
  const { user } = useSession();
  const picked = user ? rememberedTier(user.id) : null;
  const [params, setParams] = useSearchParams();
  const returned = params.get('checkout') === 'done';
  const billing = useBilling(returned);
  const live = Boolean(billing.data?.status && LIVE.has(billing.data.status));
  // Back from Checkout: the plan is the webhook's to change; until it has landed, say so and ask again.
  const processing = returned && !(billing.data?.status === 'active' || billing.data?.status === 'trialing');
  const refreshUser = useRefreshUser();
  useEffect(() => {
    if (returned && !processing && billing.data) {
      void refreshUser();
      setParams({}, { replace: true });
    }
  }, [returned, processing, billing.data, refreshUser, setParams]);
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  const checkout = useCheckout();
  const portal = usePortal();
  const failed = (err: unknown) => toast.error(errorText(err) ?? billingMessages.stripeUnavailable);

  const choose = (p: Plan) => {
    if (p.name === current?.planName) return toast.info(`You are already on the ${p.name} plan`);
    // Without Stripe nothing pretends to charge: the spec's toast. With it, a subscription is changed or
    // canceled in the portal, and bought at Checkout.
    if (!billing.data?.configured) return toast.info(billingMessages.comingSoon);
    if (live) return portal.mutate(undefined, { onError: failed });
    if (!isPaid(p.name)) return toast.info(`You are already on the ${current?.planName ?? 'Free'} plan`);
    checkout.mutate({ plan: p.name, interval }, { onError: failed });
  };
  const onTrial = picked?.id === 'growth' && current?.planName === 'Premium' && current.subscriptionEnd;
  // What the end date is: a renewal, a trial's end, or a plan's end (the account goes back to Free).
  const ends = current ? planEnd(current.subscriptionEnd, billing.data) : null;
  const leaving = checkout.isPending || checkout.isSuccess || portal.isPending || portal.isSuccess;

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Subscription</h1>
      {picked && picked.id !== 'starter' && (
        <p role="status" className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
          You chose the <strong>{picked.name}</strong> plan on our pricing page.{' '}
          {onTrial
            ? `Your 14-day Premium trial runs until ${formatDate(current.subscriptionEnd!)}; then your account goes back to the Free plan, keeping every ad.`
            : picked.id === 'growth'
              ? `Your account is on the ${current?.planName ?? 'Free'} plan: Premium trials last 14 days, and your ads stay whatever the plan.`
              : `Your account is on the ${current?.planName ?? 'Free'} plan.`}
        </p>
      )}
      {processing && (
        <p role="status" className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm font-medium">
          {billingMessages.processing}
        </p>
      )}
      {billing.data?.status === 'past_due' && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <strong>{billingMessages.paymentFailed}</strong>. Your plan stays in force for a few days while we try again.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => portal.mutate(undefined, { onError: failed })}
          >
            Update your card
          </button>
        </div>
      )}
      {billing.data && !billing.data.configured && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
          {billingMessages.notConfigured} Paid plans cannot be bought here; the 14-day Premium trial works.
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
              {ends && (
                <Row
                  label={ends.label}
                  value={`${formatDate(current.subscriptionEnd!)}${ends.thenFree ? ', then Free' : ''}`}
                />
              )}
            </dl>
          ) : (
            <Skeleton className="mt-3 h-32 w-full" />
          )}
          {billing.data?.cancelAtPeriodEnd && live && current?.subscriptionEnd && (
            <p className="mt-3 text-sm text-slate-800">
              Canceled: your plan ends on {formatDate(current.subscriptionEnd)}, then the account is on Free.
            </p>
          )}
          {billing.data?.configured && billing.data.hasCustomer && (
            <Button
              variant="secondary"
              className="mt-4"
              disabled={leaving}
              onClick={() => portal.mutate(undefined, { onError: failed })}
            >
              Manage billing
            </Button>
          )}
        </Card>
        <UsageCard />
      </div>

      <section aria-labelledby="plans-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plans-heading" className="text-xl font-bold">
            Available Plans
          </h2>
          {billing.data?.configured && !live && (
            <Segmented label="Billing period" options={INTERVALS} value={interval} onChange={setInterval} />
          )}
        </div>
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
                      disabled={leaving}
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
        <p className="mt-4 max-w-3xl text-sm text-slate-700">
          Moving to a smaller plan deletes nothing: every ad stays public. New ads can be created once the month's count
          is under the new limit, and featured ads beyond it lose their featured place, oldest first.
        </p>
      </section>

      {billing.data?.configured && billing.data.hasCustomer && (
        <section aria-labelledby="invoices-heading">
          <h2 id="invoices-heading" className="text-xl font-bold">
            Invoices
          </h2>
          {billing.data.invoices === null ? (
            <p className="mt-4 text-sm text-slate-700">{billingMessages.stripeUnavailable}</p>
          ) : billing.data.invoices.length === 0 ? (
            <p className="mt-4 text-sm text-slate-700">No invoices yet.</p>
          ) : (
            <Card className="mt-4 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-700">
                  <tr>
                    <th className="px-4 py-2 font-medium">Date</th>
                    <th className="px-4 py-2 font-medium">Amount</th>
                    <th className="px-4 py-2 font-medium">Status</th>
                    <th className="px-4 py-2 font-medium">PDF</th>
                  </tr>
                </thead>
                <tbody>
                  {billing.data.invoices.map((i) => (
                    <tr key={i.id} className="border-b border-slate-100 last:border-0">
                      <td className="px-4 py-2">{formatDate(i.date)}</td>
                      <td className="px-4 py-2">
                        {(i.amount / 100).toFixed(2)} {i.currency.toUpperCase()}
                      </td>
                      <td className="px-4 py-2 capitalize">{i.status}</td>
                      <td className="px-4 py-2">
                        {i.pdfUrl ? (
                          <a className="font-medium text-brand-700 underline" href={i.pdfUrl}>
                            Download
                          </a>
                        ) : (
                          '-'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          )}
        </section>
      )}
    </div>
  );
}
