/** A subscription plan as stored (prices in cents, ad_limit -1 = unlimited). */
export interface Plan {
  id: string;
  name: 'Free' | 'Basic' | 'Premium' | 'Enterprise';
  adLimit: number;
  featuredAdLimit: number;
  analyticsEnabled: boolean;
  prioritySupport: boolean;
  priceMonthly: number;
  priceYearly: number;
}

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
export interface UserPlan {
  planName: string;
  adLimit: number;
  featuredAdLimit: number;
  analyticsEnabled: boolean;
  prioritySupport: boolean;
  subscriptionEnd: string | null;
}

export interface MonthlyUsage {
  month: number;
  year: number;
  adsCreated: number;
  /** Featured slots in use now (the user's featured ads), checked against featured_ad_limit. */
  featuredAdsUsed: number;
}

export const UNLIMITED = -1;

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
