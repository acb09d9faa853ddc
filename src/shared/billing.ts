import { z } from 'zod';

/** The plans bought through Stripe; Enterprise is sold by contact, Free needs nothing. */
export const PAID_PLANS = ['Basic', 'Premium'] as const;
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The Stripe price of a plan and interval is found by this lookup key (basic_monthly, ...). */
export const lookupKeyOf = (plan: PaidPlan, interval: BillingInterval) => `${plan.toLowerCase()}_${interval}`;

/** A past_due subscription keeps its plan this long after its period ended, while Stripe retries the card. */
export const PAYMENT_GRACE_DAYS = 7;

export const CheckoutRequest = z.object({
  plan: z.enum(PAID_PLANS),
  interval: z.enum(BILLING_INTERVALS),
});
export type CheckoutRequest = z.output<typeof CheckoutRequest>;
export const RedirectUrl = z.object({ url: z.url() });

export const Invoice = z.object({
  id: z.string(),
  date: z.string(),
  /** Cents. */
  amount: z.int(),
  currency: z.string(),
  status: z.string(),
  pdfUrl: z.string().nullable(),
});
export type Invoice = z.output<typeof Invoice>;

/** What the subscription page shows of payments. */
export const BillingState = z.object({
  /** Whether this server takes payments (Stripe configured). */
  configured: z.boolean(),
  /** The subscription's Stripe status as the last webhook left it (active, trialing, past_due, canceled, ...). */
  status: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  /** Whether the Customer Portal can be opened (the account has a Stripe customer). */
  hasCustomer: z.boolean(),
  /** Newest first; null when Stripe could not be reached just now. */
  invoices: z.array(Invoice).nullable(),
});
export type BillingState = z.output<typeof BillingState>;

export const billingMessages = {
  notConfigured: 'Payments are not set up on this server.',
  comingSoon: 'Stripe integration coming soon!',
  processing: 'Processing your payment...',
  paymentFailed: 'Your last payment failed',
  alreadySubscribed: 'This account already has a subscription: change it with Manage billing',
  noCustomer: 'This account has no billing history yet',
  priceMissing: 'This plan has no price in Stripe yet',
  badSignature: 'Invalid Stripe signature',
  stripeUnavailable: 'Stripe could not be reached; try again in a minute',
} as const;
