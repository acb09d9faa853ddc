import { and, asc, count, eq, sql } from 'drizzle-orm';
import { DEFAULT_FREE_PLAN, type MonthlyUsage, type Plan, type UserPlan } from '../../../shared/plans.js';
import type { Db } from '../../db/client.js';
import { ads, subscriptionPlans, usageTracking, userSubscriptions } from '../../db/schema.js';

export interface Month {
  month: number;
  year: number;
}

/** Calendar month in UTC, the unit of usage_tracking. */
export const monthOf = (now: Date): Month => ({ month: now.getUTCMonth() + 1, year: now.getUTCFullYear() });

export function createPlansRepository(db: Db) {
  return {
    async listAll(): Promise<Plan[]> {
      const rows = await db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.priceMonthly));
      return rows.map(({ createdAt: _c, ...p }) => ({ ...p, name: p.name as Plan['name'] }));
    },

    /** The user's plan; the spec's Free defaults when the user has none. */
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
      if (!row) return { ...DEFAULT_FREE_PLAN };
      return { ...row, subscriptionEnd: row.subscriptionEnd?.toISOString() ?? null };
    },

    async usage(userId: string, { month, year }: Month): Promise<MonthlyUsage> {
      const [row] = await db
        .select()
        .from(usageTracking)
        .where(and(eq(usageTracking.userId, userId), eq(usageTracking.month, month), eq(usageTracking.year, year)));
      return { month, year, adsCreated: row?.adsCreated ?? 0, featuredAdsUsed: row?.featuredAdsUsed ?? 0 };
    },

    /**
     * Locks and returns this month's usage row (creating it), so that concurrent creations
     * by one user queue up behind each other inside their transactions.
     */
    async lockUsage(tx: Db, userId: string, { month, year }: Month) {
      await tx.insert(usageTracking).values({ userId, month, year }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(usageTracking)
        .where(and(eq(usageTracking.userId, userId), eq(usageTracking.month, month), eq(usageTracking.year, year)))
        .for('update');
      return row!;
    },

    async addUsage(tx: Db, id: string, change: { adsCreated?: number; featuredAdsUsed?: number }) {
      await tx
        .update(usageTracking)
        .set({
          adsCreated: sql`${usageTracking.adsCreated} + ${change.adsCreated ?? 0}`,
          featuredAdsUsed: sql`${usageTracking.featuredAdsUsed} + ${change.featuredAdsUsed ?? 0}`,
          updatedAt: new Date(),
        })
        .where(eq(usageTracking.id, id));
    },

    async countFeatured(tx: Db, userId: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(ads)
        .where(and(eq(ads.userId, userId), eq(ads.isFeatured, true)));
      return row?.n ?? 0;
    },
  };
}
export type PlansRepository = ReturnType<typeof createPlansRepository>;
