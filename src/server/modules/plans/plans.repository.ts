import { and, asc, count, eq, sql } from 'drizzle-orm';
import { TRIAL_DAYS } from '../../../shared/plans.js';
import { DEFAULT_FREE_PLAN, type MonthlyUsage, type Plan, type UserPlan } from '../../../shared/plans.js';
import type { Db } from '../../db/client.js';
import { ads, subscriptionPlans, usageTracking, userSubscriptions } from '../../db/schema.js';

export interface Month {
  month: number;
  year: number;
}

/** Calendar month in UTC, the unit of usage_tracking. */
export const monthOf = (now: Date): Month => ({ month: now.getUTCMonth() + 1, year: now.getUTCFullYear() });

/** The user's featured ads right now, as a subquery. */
const featuredNow = (userId: string) =>
  sql<number>`(select count(*)::int from ${ads} where ${ads.userId} = ${userId} and ${ads.isFeatured})`;

export function createPlansRepository(db: Db) {
  async function countFeatured(tx: Db, userId: string): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(ads)
      .where(and(eq(ads.userId, userId), eq(ads.isFeatured, true)));
    return row?.n ?? 0;
  }

  return {
    async listAll(): Promise<Plan[]> {
      const rows = await db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.priceMonthly));
      return rows.map(({ createdAt: _c, ...p }) => ({ ...p, name: p.name as Plan['name'] }));
    },

    /**
     * The user's plan; the spec's Free defaults when the user has none, or when it has ended (a trial
     * after its 14 days: back to Free, every ad kept).
     */
    async userPlan(userId: string, tx: Db = db): Promise<UserPlan> {
      const [row] = await tx
        .select({
          planName: subscriptionPlans.name,
          adLimit: subscriptionPlans.adLimit,
          featuredAdLimit: subscriptionPlans.featuredAdLimit,
          analyticsEnabled: subscriptionPlans.analyticsEnabled,
          prioritySupport: subscriptionPlans.prioritySupport,
          subscriptionEnd: userSubscriptions.subscriptionEnd,
        })
        .from(userSubscriptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
        .where(eq(userSubscriptions.userId, userId));
      if (!row || (row.subscriptionEnd && row.subscriptionEnd.getTime() <= Date.now())) return { ...DEFAULT_FREE_PLAN };
      return { ...row, subscriptionEnd: row.subscriptionEnd?.toISOString() ?? null };
    },

    /**
     * Starts the Growth tier's free trial: Premium until `now` + 14 days. Only for an account that has
     * never had a plan, so a trial cannot be restarted. Resolves false when it had one.
     */
    async startTrial(userId: string, now: Date): Promise<boolean> {
      const [premium] = await db
        .select({ id: subscriptionPlans.id })
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.name, 'Premium'));
      if (!premium) return false;
      const inserted = await db
        .insert(userSubscriptions)
        .values({ userId, planId: premium.id, subscriptionEnd: new Date(now.getTime() + TRIAL_DAYS * 86_400_000) })
        .onConflictDoNothing()
        .returning({ userId: userSubscriptions.userId });
      return inserted.length > 0;
    },

    /** Whether the user has ever had a plan row (a trial or a subscription): the trial is once per account. */
    hadPlan: async (userId: string) =>
      (
        await db
          .select({ userId: userSubscriptions.userId })
          .from(userSubscriptions)
          .where(eq(userSubscriptions.userId, userId))
      ).length > 0,

    async usage(userId: string, { month, year }: Month): Promise<MonthlyUsage> {
      const [row] = await db
        .select()
        .from(usageTracking)
        .where(and(eq(usageTracking.userId, userId), eq(usageTracking.month, month), eq(usageTracking.year, year)));
      // Before the month's first change there is no row yet; featured slots in use still are.
      const featuredAdsUsed = row ? row.featuredAdsUsed : await countFeatured(db, userId);
      return { month, year, adsCreated: row?.adsCreated ?? 0, featuredAdsUsed };
    },

    /**
     * Locks and returns this month's usage row (creating it), so that concurrent creations
     * by one user queue up behind each other inside their transactions.
     */
    async lockUsage(tx: Db, userId: string, { month, year }: Month) {
      await tx
        .insert(usageTracking)
        .values({ userId, month, year, featuredAdsUsed: featuredNow(userId) })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(usageTracking)
        .where(and(eq(usageTracking.userId, userId), eq(usageTracking.month, month), eq(usageTracking.year, year)))
        .for('update');
      return row!;
    },

    async addCreated(tx: Db, id: string) {
      await tx
        .update(usageTracking)
        .set({ adsCreated: sql`${usageTracking.adsCreated} + 1`, updatedAt: new Date() })
        .where(eq(usageTracking.id, id));
    },

    /** A deleted ad of this month gives its slot back (decision 48); never below zero. */
    async releaseCreated(tx: Db, id: string) {
      await tx
        .update(usageTracking)
        .set({ adsCreated: sql`greatest(${usageTracking.adsCreated} - 1, 0)`, updatedAt: new Date() })
        .where(eq(usageTracking.id, id));
    },

    /**
     * featured_ads_used means the featured slots in use now: it is rewritten from the live count
     * after every change to featuring (never incremented), under the same lock, so it cannot drift.
     */
    async syncFeaturedUsed(tx: Db, id: string, userId: string) {
      await tx
        .update(usageTracking)
        .set({ featuredAdsUsed: featuredNow(userId), updatedAt: new Date() })
        .where(eq(usageTracking.id, id));
    },

    countFeatured,
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
