import { sql } from 'drizzle-orm';
import type { Plan } from '../../../shared/plans.js';
import type { Db } from '../client.js';
import { subscriptionPlans } from '../schema.js';

/** Every plan has these: ad pages, sharing and embedding, and the totals of what listeners did. */
const EVERY_PLAN = [
  'A public page for every ad, with QR code and share link',
  'Embeddable player and partner API keys',
  'Totals of plays, clicks, shares and QR scans',
];
/** What analytics_enabled turns on (decision 12). */
const FULL_ANALYTICS = ['Daily charts, sources and devices', 'CSV export and live updates'];

/**
 * The price list (decision 46): the only source of every plan's name, prices, limits and features. Written
 * over the stored plans at every start (syncPlans), so the marketing page and the dashboard, which both read
 * /api/plans, show the same figures. Yearly is 12 x monthly less about 17%, rounded down to whole dollars.
 * Each feature is one the product delivers; the limits are shown from their columns.
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
    features: EVERY_PLAN,
  },
  {
    name: 'Basic',
    adLimit: 10,
    featuredAdLimit: 2,
    analyticsEnabled: true,
    prioritySupport: false,
    priceMonthly: 1900,
    priceYearly: 18900,
    features: [...EVERY_PLAN, ...FULL_ANALYTICS],
  },
  {
    name: 'Premium',
    adLimit: 10,
    featuredAdLimit: 10,
    analyticsEnabled: true,
    prioritySupport: true,
    priceMonthly: 2900,
    priceYearly: 28800,
    features: [...EVERY_PLAN, ...FULL_ANALYTICS],
  },
  {
    name: 'Enterprise',
    adLimit: -1,
    featuredAdLimit: -1,
    analyticsEnabled: true,
    prioritySupport: true,
    priceMonthly: 9900,
    priceYearly: 98600,
    features: [...EVERY_PLAN, ...FULL_ANALYTICS],
  },
];

/**
 * Inserts the plans that are missing and rewrites the others from PLAN_SEED, matched by name (ids, and so
 * every subscription, are kept). Run at every start, so a change to the price list reaches every database.
 */
export async function syncPlans(db: Db): Promise<void> {
  await db
    .insert(subscriptionPlans)
    .values(PLAN_SEED)
    .onConflictDoUpdate({
      target: subscriptionPlans.name,
      set: {
        adLimit: sql`excluded.ad_limit`,
        featuredAdLimit: sql`excluded.featured_ad_limit`,
        analyticsEnabled: sql`excluded.analytics_enabled`,
        prioritySupport: sql`excluded.priority_support`,
        priceMonthly: sql`excluded.price_monthly`,
        priceYearly: sql`excluded.price_yearly`,
        features: sql`excluded.features`,
      },
    });
}
