import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import {
  billingMessages,
  lookupKeyOf,
  PAYMENT_GRACE_DAYS,
  type BillingState,
  type CheckoutRequest,
} from '../../../shared/billing.js';
import { TRIAL_DAYS } from '../../../shared/plans.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '../../errors.js';
import type { BillingRepository } from './billing.repository.js';

/** The SDK, pointed at STRIPE_API_URL when it is set (the SDK's protocol, host and port options). */
export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(api && {
      host: api.hostname,
      port: Number(api.port) || (protocol === 'http' ? 80 : 443),
      protocol,
    }),
  });
}

/** Stripe statuses under which the plan is in force (past_due: for the grace period). */
const LIVE = new Set(['active', 'trialing', 'past_due']);
const DAY = 86_400_000;

/** The subscription an event is about, whatever its object. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const ref = (v: unknown) =>
    typeof v === 'string' ? v : v && typeof v === 'object' ? (v as { id: string }).id : null;
  switch (object.object) {
    case 'subscription':
      return object.id as string;
    case 'checkout.session':
      return ref(object.subscription);
    case 'invoice': {
      const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null;
      return ref(parent?.subscription_details?.subscription);
    }
    default:
      return null;
  }
}

/** The paid plan a subscription is for, by its price's lookup key (basic_monthly -> Basic). */
function planOf(sub: Stripe.Subscription): 'Basic' | 'Premium' | null {
  const key = sub.items.data[0]?.price.lookup_key ?? '';
  if (key.startsWith('basic_')) return 'Basic';
  if (key.startsWith('premium_')) return 'Premium';
  return null;
}

/**
 * Payments (decision 46): Checkout Sessions bound to the signed-in user, the Customer Portal, invoices, and
 * the webhook that decides the plan. Each event is verified, recorded once, and answered by retrieving the
 * subscription's current state, so events arriving late or out of order end in the same plan.
 */
export function createBilling(deps: {
  stripe: Stripe | null;
  webhookSecret: string | undefined;
  repo: BillingRepository;
  db: Db;
  origin: string;
  log: FastifyBaseLogger;
  /** Whether the user has had a plan or a trial (the trial is once per account). */
  hadPlan: (userId: string) => Promise<boolean>;
  /** Called when featured flags were cleared, so public pages are read again. */
  publicChanged: () => void;
}) {
  const { stripe, repo, origin, log } = deps;

  const needStripe = (): Stripe => {
    if (!stripe) throw new ConflictError(billingMessages.notConfigured);
    return stripe;
  };
  /** A failure of Stripe's API is the caller's 503, never a 500. */
  const calling = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) {
        log.warn({ err }, 'Stripe request failed');
        throw new ServiceUnavailableError(billingMessages.stripeUnavailable, 60);
      }
      throw err;
    }
  };

  async function customerOf(s: Stripe, user: { id: string; email: string }) {
    const existing = await repo.account(user.id);
    if (existing) return existing;
    const customer = await calling(() => s.customers.create({ email: user.email, metadata: { userId: user.id } }));
    return repo.saveCustomer(user.id, customer.id);
  }

  async function checkout(user: { id: string; email: string }, req: CheckoutRequest & { trial?: boolean }) {
    const s = needStripe();
    const account = await repo.account(user.id);
    if (account?.status && LIVE.has(account.status)) throw new ConflictError(billingMessages.alreadySubscribed);
    if (req.trial && (req.plan !== 'Premium' || (await deps.hadPlan(user.id)))) {
      throw new ConflictError('This account has already had a plan or a trial');
    }
    const key = lookupKeyOf(req.plan, req.interval);
    const prices = await calling(() => s.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
    const price = prices.data[0];
    if (!price) throw new ServiceUnavailableError(billingMessages.priceMissing, 3600);
    const { customerId } = await customerOf(s, user);
    const session = await calling(() =>
      s.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.id,
        metadata: { userId: user.id },
        line_items: [{ price: price.id, quantity: 1 }],
        subscription_data: { metadata: { userId: user.id }, ...(req.trial && { trial_period_days: TRIAL_DAYS }) },
        ...(req.trial && { payment_method_collection: 'if_required' as const }),
        success_url: `${origin}/dashboard/subscription?checkout=done`,
        cancel_url: `${origin}/dashboard/subscription`,
      }),
    );
    if (!session.url) throw new ServiceUnavailableError(billingMessages.stripeUnavailable, 60);
    return { url: session.url };
  }

  async function portal(userId: string) {
    const s = needStripe();
    const account = await repo.account(userId);
    if (!account) throw new ConflictError(billingMessages.noCustomer);
    const session = await calling(() =>
      s.billingPortal.sessions.create({ customer: account.customerId, return_url: `${origin}/dashboard/subscription` }),
    );
    return { url: session.url };
  }

  async function state(userId: string): Promise<BillingState> {
    const account = await repo.account(userId);
    let invoices: BillingState['invoices'] = [];
    if (stripe && account) {
      invoices = await stripe.invoices.list({ customer: account.customerId, limit: 24 }).then(
        (list) =>
          list.data.map((i) => ({
            id: i.id!,
            date: new Date(i.created * 1000).toISOString(),
            amount: i.status === 'paid' ? i.amount_paid : i.amount_due,
            currency: i.currency,
            status: i.status ?? 'draft',
            pdfUrl: i.invoice_pdf ?? null,
          })),
        (err: unknown) => {
          log.warn({ err }, 'Listing invoices failed');
          return null;
        },
      );
    }
    return {
      configured: stripe !== null,
      status: account?.status ?? null,
      cancelAtPeriodEnd: account?.cancelAtPeriodEnd ?? false,
      currentPeriodEnd: account?.currentPeriodEnd?.toISOString() ?? null,
      hasCustomer: Boolean(account),
      invoices,
    };
  }

  /**
   * POST /api/billing/webhook. A bad or missing signature: 400, nothing written. A replay: 200, nothing
   * changed. Otherwise the subscription is retrieved (its state now, not the event's snapshot) and applied
   * with the event's id in one transaction; when Stripe cannot be reached the answer is 503 and nothing is
   * recorded, so Stripe's own retries deliver it again.
   */
  async function webhook(raw: Buffer, signature: string | undefined): Promise<{ applied: boolean }> {
    const s = needStripe();
    let event: Stripe.Event;
    try {
      event = s.webhooks.constructEvent(raw, signature ?? '', deps.webhookSecret!);
    } catch {
      throw new BadRequestError(billingMessages.badSignature);
    }
    if (await repo.eventSeen(event.id)) return { applied: false };
    const subscriptionId = subscriptionIdOf(event);
    const sub = subscriptionId ? await calling(() => s.subscriptions.retrieve(subscriptionId)) : null;
    let clearFor: string | null = null;
    const applied = await deps.db.transaction(async (tx) => {
      if (!(await repo.recordEvent(tx, event.id, event.type))) return false;
      if (!sub) return true;
      const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
      // The customer was created by the app for one user: it, not anything in the event, names the user.
      const account = await repo.accountOfCustomer(tx, customerId);
      if (!account) {
        log.warn({ event: event.id, customer: customerId }, 'Stripe event for a customer of no user');
        return true;
      }
      if (sub.metadata.userId && sub.metadata.userId !== account.userId) {
        log.warn({ event: event.id }, 'Stripe subscription names another user than its customer');
        return true;
      }
      // An older subscription ending must not undo the one in force.
      if (account.subscriptionId && account.subscriptionId !== sub.id && !LIVE.has(sub.status)) return true;
      const item = sub.items.data[0];
      const periodEnd = item ? new Date(item.current_period_end * 1000) : new Date();
      await repo.saveSubscription(tx, account.userId, {
        subscriptionId: sub.id,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end,
        currentPeriodEnd: periodEnd,
      });
      const plan = planOf(sub);
      if (!plan) return true;
      if (sub.status === 'active' || sub.status === 'trialing') {
        await repo.setPlan(tx, account.userId, plan, periodEnd);
      } else if (sub.status === 'past_due') {
        await repo.setPlan(tx, account.userId, plan, new Date(periodEnd.getTime() + PAYMENT_GRACE_DAYS * DAY));
      } else if (sub.status === 'canceled' || sub.status === 'unpaid' || sub.status === 'incomplete_expired') {
        // Free from the end of the period that was paid for (now, when it has passed).
        await repo.setPlan(tx, account.userId, plan, periodEnd);
        clearFor = account.userId;
      }
      return true;
    });
    if (clearFor && (await repo.clearExcessFeatured(clearFor)) > 0) deps.publicChanged();
    return { applied };
  }

  /** The periodic sweep: featured flags beyond the plan in force, for plans that ended by their date. */
  async function sweepDowngrades() {
    const cleared = await repo.clearExcessFeatured();
    if (cleared > 0) deps.publicChanged();
    return cleared;
  }

  return { configured: stripe !== null, checkout, portal, state, webhook, sweepDowngrades };
}
export type Billing = ReturnType<typeof createBilling>;
