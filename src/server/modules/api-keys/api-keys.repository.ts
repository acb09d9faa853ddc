import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
type NewApiKeyRow = typeof apiKeys.$inferInsert;

const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

export function createApiKeysRepository(db: Db) {
  return {
    async listByOwner(userId: string) {
      return db.select(listed).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
    },

    /** Inserts the key unless its owner already holds `max`; the owner's row lock makes the count exact. */
    async insertWithinLimit(values: NewApiKeyRow, max: number) {
      return db.transaction(async (tx) => {
        // Serialises concurrent creations by one user (the user row exists: the key references it).
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
        const [held] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, values.userId));
        if (held!.n >= max) return null;
        const [row] = await tx.insert(apiKeys).values(values).returning(listed);
        return row!;
      });
    },

    async deleteOwned(id: string, userId: string): Promise<boolean> {
      const gone = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning({ id: apiKeys.id });
      return gone.length > 0;
    },

    async findByHash(keyHash: string) {
      const [row] = await db
        .select({ id: apiKeys.id, userId: apiKeys.userId, lastUsedAt: apiKeys.lastUsedAt })
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, keyHash));
      return row ?? null;
    },

    /** Sets last_used_at, unless it was set after `unlessAfter` (one write per key and minute at most). */
    async touch(id: string, at: Date, unlessAfter: Date) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, unlessAfter))));
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
