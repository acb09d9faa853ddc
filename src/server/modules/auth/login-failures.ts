import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed sign-ins per e-mail address, in the database so every app process sees them:
 * after 5 failures in 15 minutes the address is refused until the window ends.
 */
export function createLoginFailures(db: Db, now = () => new Date()) {
  return {
    async isBlocked(email: string) {
      const [row] = await db.select().from(loginFailures).where(eq(loginFailures.email, email));
      return Boolean(row && row.count >= MAX_FAILURES && now().getTime() - row.firstAt.getTime() < FAILURE_WINDOW_MS);
    },
    async record(email: string) {
      const at = now();
      const windowStart = new Date(at.getTime() - FAILURE_WINDOW_MS);
      await db
        .insert(loginFailures)
        .values({ email, count: 1, firstAt: at })
        .onConflictDoUpdate({
          target: loginFailures.email,
          // A failure after the window starts a new one.
          set: {
            count: sql`CASE WHEN ${loginFailures.firstAt} < ${windowStart} THEN 1 ELSE ${loginFailures.count} + 1 END`,
            firstAt: sql`CASE WHEN ${loginFailures.firstAt} < ${windowStart} THEN ${at} ELSE ${loginFailures.firstAt} END`,
          },
        });
    },
    async clear(email: string) {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
    },
  };
}
export type LoginFailures = ReturnType<typeof createLoginFailures>;
