import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginThrottle } from '../../db/schema.js';

export type ThrottleRow = typeof loginThrottle.$inferSelect;

export function createLoginThrottleRepository(db: Db) {
  return {
    async read(keys: string[]): Promise<ThrottleRow[]> {
      return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
    },

    /** Counts one failure on each key; a count whose last failure is older than `staleBefore` starts over. */
    async recordFailure(keys: string[], at: Date, staleBefore: Date): Promise<void> {
      await db
        .insert(loginThrottle)
        .values(keys.map((key) => ({ key, failures: 1, lastFailedAt: at })))
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`CASE WHEN ${loginThrottle.lastFailedAt} < ${staleBefore} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
            lastFailedAt: at,
          },
        });
      // Counts that have gone quiet mean nothing any more: the table holds the last hour or so only.
      await db.delete(loginThrottle).where(lt(loginThrottle.lastFailedAt, staleBefore));
    },

    async clear(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
  };
}
export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;
