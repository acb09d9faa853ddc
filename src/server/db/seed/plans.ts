import type { Plan } from '../../../shared/plans.js';

/**
 * The four plans. Yearly is 12 x monthly less about 17%, rounded down to whole dollars. The marketing
 * tiers name three of them: Starter is Free, Growth is Premium ($29, 10 ads a month), Enterprise is
 * Enterprise; Basic is offered in the dashboard only.
 */
export const PLAN_SEED: Omit<Plan, 'id'>[] = [
  {
    name: 'Free',
    adLimit: 3,
    featuredAdLimit: 0,
    analyticsEnabled: false,
    prioritySupport: false,
    priceMonthly: 0,
    priceYearly: 0,
  },
  {
    name: 'Basic',
    adLimit: 10,
    featuredAdLimit: 2,
    analyticsEnabled: true,
    prioritySupport: false,
    priceMonthly: 1900,
    priceYearly: 18900,
  },
  {
    name: 'Premium',
    adLimit: 10,
    featuredAdLimit: 10,
    analyticsEnabled: true,
    prioritySupport: true,
    priceMonthly: 2900,
    priceYearly: 28800,
  },
  {
    name: 'Enterprise',
    adLimit: -1,
    featuredAdLimit: -1,
    analyticsEnabled: true,
    prioritySupport: true,
    priceMonthly: 9900,
    priceYearly: 98600,
  },
];
