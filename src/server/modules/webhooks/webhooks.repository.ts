import { and, arrayContains, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { cursorInstant, isInstantKey, type Keyset } from '../../paging.js';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDeliveryRow = typeof webhookDeliveries.$inferInsert;

/** A delivery log cursor's key: the attempt's time as cursorInstant writes it, '/', the attempt number. */
const DELIVERY_KEY = /^(.+)\/(\d{1,4})$/;
export const isDeliveryKey = (key: string) => {
  const found = DELIVERY_KEY.exec(key);
  return Boolean(found && isInstantKey(found[1]!));
};

export function createWebhooksRepository(db: Db) {
  return {
    async list(userId: string) {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
    },

    async count(userId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId));
      return row?.n ?? 0;
    },

    async findOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
      return row ?? null;
    },

    async find(id: string) {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row ?? null;
    },

    async insert(values: typeof webhookEndpoints.$inferInsert) {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    async update(id: string, userId: string, values: Partial<typeof webhookEndpoints.$inferInsert>) {
      const [row] = await db
        .update(webhookEndpoints)
        .set(values)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning();
      return row ?? null;
    },

    async delete(id: string, userId: string) {
      const deleted = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
        .returning({ id: webhookEndpoints.id });
      return deleted.length > 0;
    },

    /** The owner's enabled endpoints that want `type`, read in the caller's transaction. */
    async subscribed(userId: string, type: string, tx: Db = db) {
      return tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.userId, userId),
            eq(webhookEndpoints.enabled, true),
            arrayContains(webhookEndpoints.events, [type]),
          ),
        );
    },

    async logAttempt(values: NewWebhookDeliveryRow) {
      const [row] = await db.insert(webhookDeliveries).values(values).returning();
      return row!;
    },

    /**
     * A page of the log, newest attempt first (a message's attempts can share a time: the later attempt
     * first): `limit + 1` rows after the keyset, whose key is the time and the attempt (DELIVERY_KEY).
     */
    async deliveries(endpointId: string, limit: number, after?: Keyset) {
      const key = after && DELIVERY_KEY.exec(after.key);
      return db
        .select({
          row: webhookDeliveries,
          cursorKey: sql<string>`${cursorInstant(webhookDeliveries.createdAt)} || '/' || ${webhookDeliveries.attempt}`,
        })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            key
              ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.attempt}, ${webhookDeliveries.id}) < (${key[1]}::timestamptz, ${Number(key[2])}::int, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.attempt), desc(webhookDeliveries.id))
        .limit(limit + 1);
    },

    async findDelivery(id: string, userId: string) {
      const [row] = await db
        .select({ delivery: webhookDeliveries })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.userId, userId)));
      return row?.delivery ?? null;
    },

    async succeeded(id: string) {
      await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, id));
    },

    /** Marks the endpoint failing from `at` unless it already was; returns since when it fails. */
    async failed(id: string, at: Date) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
        .where(eq(webhookEndpoints.id, id))
        .returning({ failingSince: webhookEndpoints.failingSince });
      return row?.failingSince ?? null;
    },

    /**
     * Disables an enabled endpoint failing since `before` or earlier; returns it with its owner's e-mail, once
     * (a second call, or another process, finds it disabled already).
     */
    async disableFailing(id: string, before: Date, at: Date) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledAt: at })
        .where(
          and(
            eq(webhookEndpoints.id, id),
            eq(webhookEndpoints.enabled, true),
            lte(webhookEndpoints.failingSince, before),
            isNull(webhookEndpoints.disabledAt),
          ),
        )
        .returning();
      if (!row) return null;
      const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
      return { endpoint: row, email: owner?.email ?? null };
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
