import { z } from 'zod';

export const PLAN_NAMES = ['Free', 'Basic', 'Premium', 'Enterprise'] as const;

/** A subscription plan as stored (prices in cents, ad_limit -1 = unlimited). */
export const Plan = z.object({
  id: z.string(),
  name: z.enum(PLAN_NAMES),
  adLimit: z.int(),
  featuredAdLimit: z.int(),
  analyticsEnabled: z.boolean(),
  prioritySupport: z.boolean(),
  priceMonthly: z.int(),
  priceYearly: z.int(),
  features: z.array(z.string()),
});
export type Plan = z.output<typeof Plan>;
export const PlanList = z.object({ plans: z.array(Plan) });

/** The spec's fallback when a user has no plan (section 9). */
export const DEFAULT_FREE_PLAN = {
  planName: 'Free',
  adLimit: 3,
  featuredAdLimit: 0,
  analyticsEnabled: false,
  prioritySupport: false,
  subscriptionEnd: null,
} as const;

/** The user's current plan, as the spec's get_user_subscription_plan returns it. */
export const UserPlan = z.object({
  planName: z.string(),
  adLimit: z.int(),
  featuredAdLimit: z.int(),
  analyticsEnabled: z.boolean(),
  prioritySupport: z.boolean(),
  subscriptionEnd: z.string().nullable(),
});
export type UserPlan = z.output<typeof UserPlan>;

export const MonthlyUsage = z.object({
  month: z.int(),
  year: z.int(),
  adsCreated: z.int(),
  /** Featured slots in use now (the user's featured ads), checked against featured_ad_limit. */
  featuredAdsUsed: z.int(),
});
export type MonthlyUsage = z.output<typeof MonthlyUsage>;

export const UNLIMITED = -1;

/** The Growth tier's free trial: this many days of Premium, then back to Free. */
export const TRIAL_DAYS = 14;

/** Stripe statuses under which a subscription renews by itself (unless canceled at the period's end). */
const RENEWING = new Set(['active', 'past_due']);

/**
 * What the plan's end date is, for the subscription card: a paid plan that renews has a 'Renewal Date'; a trial
 * (Stripe's, or the local 14 days: no Stripe subscription and at most 14 days left) 'Trial ends'; any other plan
 * that stops (canceled, or granted without payment) 'Plan ends'. `thenFree`: the account goes back to Free then.
 */
export function planEnd(
  subscriptionEnd: string | null,
  billing: { status: string | null; cancelAtPeriodEnd: boolean } | null | undefined,
  now = Date.now(),
): { label: 'Renewal Date' | 'Trial ends' | 'Plan ends'; thenFree: boolean } | null {
  if (!subscriptionEnd) return null;
  const status = billing?.status ?? null;
  const canceled = Boolean(billing?.cancelAtPeriodEnd);
  if (status && RENEWING.has(status) && !canceled) return { label: 'Renewal Date', thenFree: false };
  // A Stripe trial goes on as a paid plan once a card is added: not necessarily Free after it.
  if (status === 'trialing') return { label: 'Trial ends', thenFree: canceled };
  const local = !status || status === 'canceled' || status === 'incomplete_expired';
  const left = Date.parse(subscriptionEnd) - now;
  if (local && left <= TRIAL_DAYS * 86_400_000) return { label: 'Trial ends', thenFree: true };
  return { label: 'Plan ends', thenFree: true };
}

/** A limit as people read it. */
export const limitText = (n: number) => (n === UNLIMITED ? 'Unlimited' : String(n));

/** Whole dollars, as every price in the list is. */
export const dollars = (cents: number) => `$${Math.round(cents / 100)}`;

/**
 * What a plan gives, in the words both the marketing page and the dashboard show: its limits, read from
 * their columns, then its stored features.
 */
export const planFeatures = (p: Plan): string[] => [
  `${limitText(p.adLimit)} ads per month`,
  p.featuredAdLimit === 0 ? 'No featured ads' : `${limitText(p.featuredAdLimit)} featured ads`,
  ...p.features,
];

/** Whether one more use fits in a limit (-1 = unlimited). */
export const withinLimit = (used: number, limit: number) => limit === UNLIMITED || used < limit;

/** Percentage used; the usage badge turns destructive above 80. */
export const usagePercent = (used: number, limit: number) =>
  limit === UNLIMITED || limit <= 0 ? 0 : Math.round((used / limit) * 100);

export const limitMessages = {
  adLimitReached: 'You have reached your ad creation limit for this month',
  adLimitTitle: 'Ad Creation Limit Reached',
  adLimitText: (plan: string) =>
    `You've reached your monthly limit for creating ads on the ${plan} plan. Upgrade to create more ads this month.`,
  featuredLimitTitle: 'Featured Ad Limit Reached',
  upgradeRequired: 'Upgrade Required',
  upgradePlan: 'Upgrade Plan',
} as const;
