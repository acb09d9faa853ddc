import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export function createIdempotencyRepository(db: Db) {
  return {
    /**
     * Takes the key for a new request, or hands back the row that holds it. A row left unanswered since
     * `abandonedBefore` (its process died mid-request) is taken over.
     */
    async claim(
      row: { userId: string; key: string; requestHash: string; createdAt: Date },
      abandonedBefore: Date,
    ): Promise<{ claimed: true } | { claimed: false; row: IdempotencyRow }> {
      const inserted = await db
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { requestHash: row.requestHash, createdAt: row.createdAt },
          setWhere: and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, abandonedBefore)),
        })
        .returning({ key: idempotencyKeys.key });
      if (inserted.length) return { claimed: true };
      const [held] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, row.userId), eq(idempotencyKeys.key, row.key)));
      // Released between the two statements: as good as claimed by someone else a moment ago.
      if (!held) return this.claim(row, abandonedBefore);
      return { claimed: false, row: held };
    },

    /** The row that holds the key, if any. */
    async find(userId: string, key: string): Promise<IdempotencyRow | undefined> {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row;
    },

    async answer(userId: string, key: string, answer: { status: number; contentType: string | null; body: string }) {
      await db
        .update(idempotencyKeys)
        .set(answer)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    async release(userId: string, key: string) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
    },

    /** Removes keys older than `before`; returns how many. */
    async expire(before: Date) {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
