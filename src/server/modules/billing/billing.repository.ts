import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ads, billingAccounts, billingEvents, subscriptionPlans, users, userSubscriptions } from '../../db/schema.js';

export type BillingAccount = typeof billingAccounts.$inferSelect;

export function createBillingRepository(db: Db) {
  return {
    account: async (userId: string): Promise<BillingAccount | undefined> =>
      (await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)))[0],

    /** Stores the user's Stripe customer unless one was stored meanwhile; resolves the one kept. */
    async saveCustomer(userId: string, customerId: string): Promise<BillingAccount> {
      await db.insert(billingAccounts).values({ userId, customerId }).onConflictDoNothing();
      return (await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)))[0]!;
    },

    eventSeen: async (eventId: string) =>
      (await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, eventId))).length > 0,

    /** Records the event inside `tx`; false when it was recorded already (a replay, or two deliveries at once). */
    async recordEvent(tx: Db, eventId: string, type: string): Promise<boolean> {
      const rows = await tx
        .insert(billingEvents)
        .values({ id: eventId, type })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      return rows.length > 0;
    },

    /** The account of a Stripe customer, locked until `tx` ends. */
    accountOfCustomer: async (tx: Db, customerId: string) =>
      (await tx.select().from(billingAccounts).where(eq(billingAccounts.customerId, customerId)).for('update'))[0],

    async saveSubscription(
      tx: Db,
      userId: string,
      s: { subscriptionId: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null },
    ) {
      await tx
        .update(billingAccounts)
        .set({ ...s, updatedAt: new Date() })
        .where(eq(billingAccounts.userId, userId));
    },

    /** The user's plan is `planName` until `end` (then Free, as userPlan reads an ended subscription). */
    async setPlan(tx: Db, userId: string, planName: string, end: Date) {
      const [plan] = await tx
        .select({ id: subscriptionPlans.id })
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.name, planName));
      if (!plan) throw new Error(`No plan named ${planName}`);
      await tx
        .insert(userSubscriptions)
        .values({ userId, planId: plan.id, subscriptionEnd: end })
        .onConflictDoUpdate({
          target: userSubscriptions.userId,
          set: { planId: plan.id, subscriptionEnd: end, updatedAt: new Date() },
        });
    },

    /**
     * A downgrade keeps every ad, but featured flags beyond the plan in force now are cleared, oldest
     * first (the newest featured ads keep theirs). For one user, or for everyone (the periodic sweep, for
     * plans that ended by their date). Resolves how many ads lost the flag.
     */
    async clearExcessFeatured(userId?: string): Promise<number> {
      const result = await db.execute(sql`
        with limits as (
          select u.id as user_id,
                 coalesce(case when us.subscription_end is null or us.subscription_end > now()
                               then sp.featured_ad_limit end, 0) as lim
          from ${users} u
          left join ${userSubscriptions} us on us.user_id = u.id
          left join ${subscriptionPlans} sp on sp.id = us.plan_id
          ${userId ? sql`where u.id = ${userId}` : sql``}
        ), ranked as (
          select a.id, l.lim, row_number() over (partition by a.user_id order by a.created_at desc, a.id desc) as n
          from ${ads} a join limits l on l.user_id = a.user_id
          where a.is_featured
        )
        update ${ads} set is_featured = false
        where id in (select id from ranked where lim <> -1 and n > lim)
        returning id`);
      return (result as unknown as { rows: unknown[] }).rows.length;
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
