import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, type BillingState } from '../../../shared/billing.js';
import { DEFAULT_FREE_PLAN, type UserPlan } from '../../../shared/plans.js';
import { ads, billingEvents, userSubscriptions } from '../../db/schema.js';
import { insertAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { syncPlans } from '../../db/seed/plans.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';
import { createBillingRepository } from './billing.repository.js';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from '../../test/stripe-stand-in.js';

const DAY = 86_400_000;
const priceOf = (name: string, yearly = false) => {
  const p = PLAN_SEED.find((plan) => plan.name === name)!;
  return yearly ? p.priceYearly : p.priceMonthly;
};

let stripe: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeStandIn({
    prices: {
      basic_monthly: priceOf('Basic'),
      basic_yearly: priceOf('Basic', true),
      premium_monthly: priceOf('Premium'),
      premium_yearly: priceOf('Premium', true),
    },
  });
  t = await createTestApp(stripe.env);
  await syncPlans(t.db);
  stripe.setDeliver(async (payload, signature) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    return res.statusCode;
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const post = (cookie: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, origin: t.config.PUBLIC_ORIGIN }, payload });
const planOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/my/plan', headers: { cookie } })).json() as UserPlan;
const billingOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/my/billing', headers: { cookie } })).json() as BillingState;
const periodEndOf = (subId: string) => stripe.subscription(subId).items.data[0]!.current_period_end * 1000;

/** Signs a user up, opens a Checkout Session for `plan` and pays it on the stand-in's page. */
async function subscribe(plan: 'Basic' | 'Premium', interval: 'monthly' | 'yearly' = 'monthly') {
  const user = await signUpUser(t);
  const res = await post(user.cookie, '/api/my/billing/checkout', { plan, interval });
  expect(res.statusCode).toBe(200);
  const sessionId = new URL((res.json() as { url: string }).url).pathname.split('/').pop()!;
  const sub = await stripe.pay(sessionId);
  return { user, sessionId, sub };
}

describe('checkout, then the webhook', () => {
  it('opens a subscription-mode session bound to the user; the plan changes only when the webhook lands', async () => {
    const user = await signUpUser(t);
    const res = await post(user.cookie, '/api/my/billing/checkout', { plan: 'Premium', interval: 'yearly' });
    expect(res.statusCode).toBe(200);
    const sessionId = new URL((res.json() as { url: string }).url).pathname.split('/').pop()!;
    const session = stripe.session(sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      metadata: { userId: user.id },
      subscription_metadata: { userId: user.id },
      price: 'price_premium_yearly',
      success_url: `${t.config.PUBLIC_ORIGIN}/dashboard/subscription?checkout=done`,
    });
    // Nothing is paid yet: still Free.
    expect(await planOf(user.cookie)).toEqual({ ...DEFAULT_FREE_PLAN });

    const sub = await stripe.pay(sessionId);
    const plan = await planOf(user.cookie);
    expect(plan).toMatchObject({ planName: 'Premium', adLimit: 10, analyticsEnabled: true });
    expect(new Date(plan.subscriptionEnd!).getTime()).toBe(periodEndOf(sub.id));
    const billing = await billingOf(user.cookie);
    expect(billing).toMatchObject({ configured: true, status: 'active', cancelAtPeriodEnd: false, hasCustomer: true });
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices![0]).toMatchObject({ amount: priceOf('Premium', true), status: 'paid', currency: 'usd' });
    expect(billing.invoices![0]!.pdfUrl).toMatch(/\.pdf$/);
  });

  it('renews: the plan runs to the new period end, with a second paid invoice', async () => {
    const { user, sub } = await subscribe('Basic');
    const firstEnd = periodEndOf(sub.id);
    await stripe.renew(sub.id);
    const plan = await planOf(user.cookie);
    expect(plan.planName).toBe('Basic');
    expect(new Date(plan.subscriptionEnd!).getTime()).toBe(periodEndOf(sub.id));
    expect(periodEndOf(sub.id)).toBeGreaterThan(firstEnd);
    expect((await billingOf(user.cookie)).invoices!.map((i) => i.status)).toEqual(['paid', 'paid']);
  });

  it('a failed payment keeps the plan for the grace period (past_due), and paying again recovers it', async () => {
    const { user, sub } = await subscribe('Premium');
    await stripe.failPayment(sub.id);
    let plan = await planOf(user.cookie);
    expect(plan.planName).toBe('Premium');
    expect(new Date(plan.subscriptionEnd!).getTime()).toBe(periodEndOf(sub.id) + 7 * DAY);
    const billing = await billingOf(user.cookie);
    expect(billing.status).toBe('past_due');
    expect(billing.invoices!.map((i) => i.status)).toEqual(['open', 'paid']);

    await stripe.recover(sub.id);
    plan = await planOf(user.cookie);
    expect(plan.planName).toBe('Premium');
    expect(new Date(plan.subscriptionEnd!).getTime()).toBe(periodEndOf(sub.id));
    expect((await billingOf(user.cookie)).status).toBe('active');
  });

  it('cancel at period end: the plan runs on, then Free with every ad kept and featured flags cleared', async () => {
    const { user, sub } = await subscribe('Premium');
    const featured = [];
    for (let i = 0; i < 3; i++) featured.push(await insertAd(t.db, { userId: user.id, isFeatured: true }));
    await stripe.cancelAtPeriodEnd(sub.id);
    expect((await planOf(user.cookie)).planName).toBe('Premium');
    expect(await billingOf(user.cookie)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    await stripe.endPeriod(sub.id);
    expect(await planOf(user.cookie)).toEqual({ ...DEFAULT_FREE_PLAN });
    expect((await billingOf(user.cookie)).status).toBe('canceled');
    const left = await t.db.select().from(ads).where(eq(ads.userId, user.id));
    expect(left).toHaveLength(3);
    expect(left.filter((a) => a.isFeatured)).toHaveLength(0);
    // The account may subscribe again.
    const again = await post(user.cookie, '/api/my/billing/checkout', { plan: 'Basic', interval: 'monthly' });
    expect(again.statusCode).toBe(200);
  });

  it('a plan with fewer featured places clears the oldest featured flags first, and keeps the newest', async () => {
    const { user } = await subscribe('Basic');
    const limit = PLAN_SEED.find((p) => p.name === 'Basic')!.featuredAdLimit;
    const start = Date.now() - 10 * DAY;
    const featured = [];
    for (let i = 0; i < limit + 2; i++) {
      const createdAt = new Date(start + i * DAY);
      featured.push(await insertAd(t.db, { userId: user.id, isFeatured: true, createdAt }));
    }
    expect(await createBillingRepository(t.db).clearExcessFeatured(user.id)).toBe(2);
    const rows = await t.db.select().from(ads).where(eq(ads.userId, user.id));
    const still = new Set(rows.filter((a) => a.isFeatured).map((a) => a.id));
    expect(featured.map((a) => still.has(a.id))).toEqual([false, false, ...Array<boolean>(limit).fill(true)]);
  });

  it('refuses a second checkout while a subscription is in force', async () => {
    const { user } = await subscribe('Basic');
    const res = await post(user.cookie, '/api/my/billing/checkout', { plan: 'Premium', interval: 'monthly' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: billingMessages.alreadySubscribed });
  });
});

describe('the webhook', () => {
  it('ignores a replayed event: 200, recorded once, nothing changed', async () => {
    const { user, sub } = await subscribe('Premium');
    const created = stripe.events.find((e) => e.type === 'customer.subscription.created')!;
    await stripe.endPeriod(sub.id);
    expect((await planOf(user.cookie)).planName).toBe('Free');
    const before = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, user.id));
    expect(await stripe.resend(created)).toBe(200);
    expect(await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, user.id))).toEqual(before);
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, created.id))).toHaveLength(1);
  });

  it('events arriving out of order end in the state the subscription is in now', async () => {
    const { user, sub } = await subscribe('Premium');
    const held: { payload: string; signature: string }[] = [];
    const deliver = (payload: string, signature: string) => {
      held.push({ payload, signature });
      return Promise.resolve(200);
    };
    stripe.setDeliver(deliver);
    await stripe.failPayment(sub.id);
    await stripe.recover(sub.id);
    // Restore the app as the receiver, then deliver newest first: the failure's events come last.
    stripe.setDeliver(async (payload, signature) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      return res.statusCode;
    });
    for (const { payload } of held.reverse()) {
      expect(await stripe.resend(JSON.parse(payload) as StandInEvent)).toBe(200);
    }
    expect((await billingOf(user.cookie)).status).toBe('active');
    const plan = await planOf(user.cookie);
    expect(plan.planName).toBe('Premium');
    expect(new Date(plan.subscriptionEnd!).getTime()).toBe(periodEndOf(sub.id));
  });

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const { user, sub } = await subscribe('Basic');
    const event: StandInEvent = {
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...stripe.subscription(sub.id), status: 'canceled' } },
    };
    const payload = JSON.stringify(event);
    const forged = stripe.sign(payload).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    for (const headers of [{ 'stripe-signature': forged }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: billingMessages.badSignature });
    }
    // Signed over other bytes than those sent.
    expect(await stripe.resend(event, stripe.sign(`${payload} `))).toBe(400);
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_forged'))).toHaveLength(0);
    expect((await planOf(user.cookie)).planName).toBe('Basic');
  });

  it("a session created for one user never upgrades another, whatever the subscription's metadata says", async () => {
    const victim = await signUpUser(t);
    const { user, sub } = await subscribe('Premium');
    // The subscription is the payer's customer's: metadata naming someone else is not believed.
    stripe.subscription(sub.id).metadata.userId = victim.id;
    await stripe.renew(sub.id);
    expect(await planOf(victim.cookie)).toEqual({ ...DEFAULT_FREE_PLAN });
    expect(
      await t.db
        .select()
        .from(userSubscriptions)
        .where(and(eq(userSubscriptions.userId, victim.id))),
    ).toHaveLength(0);
    expect((await planOf(user.cookie)).planName).toBe('Premium');
  });
});

describe('without a session', () => {
  it('checkout, portal and the billing state need one', async () => {
    for (const url of ['/api/my/billing/checkout', '/api/my/billing/portal']) {
      expect((await post('', url, { plan: 'Basic', interval: 'monthly' })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/my/billing' })).statusCode).toBe(401);
  });

  it('refuses a plan that is not sold through Stripe', async () => {
    const user = await signUpUser(t);
    for (const plan of ['Enterprise', 'Free', 'premium']) {
      expect((await post(user.cookie, '/api/my/billing/checkout', { plan, interval: 'monthly' })).statusCode).toBe(400);
    }
  });
});

describe('the Premium trial with Stripe configured', () => {
  it('is a 14-day Stripe trial begun at Checkout; the local trial is refused', async () => {
    const user = await signUpUser(t);
    const local = await post(user.cookie, '/api/my/plan/trial');
    expect(local.statusCode).toBe(409);
    const res = await post(user.cookie, '/api/my/billing/checkout', {
      plan: 'Premium',
      interval: 'monthly',
      trial: true,
    });
    expect(res.statusCode).toBe(200);
    const sessionId = new URL((res.json() as { url: string }).url).pathname.split('/').pop()!;
    expect(stripe.session(sessionId)!.trial_period_days).toBe(14);
    const sub = await stripe.pay(sessionId);
    expect(sub.status).toBe('trialing');
    const plan = await planOf(user.cookie);
    expect(plan.planName).toBe('Premium');
    expect(new Date(plan.subscriptionEnd!).getTime()).toBe(periodEndOf(sub.id));
    expect(periodEndOf(sub.id) - Date.now()).toBeGreaterThan(14 * DAY - 60_000);
    expect((await billingOf(user.cookie)).status).toBe('trialing');
    // Once per account.
    await stripe.endPeriod(sub.id);
    const again = await post(user.cookie, '/api/my/billing/checkout', {
      plan: 'Premium',
      interval: 'monthly',
      trial: true,
    });
    expect(again.statusCode).toBe(409);
  });
});
