import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ads, analyticsDedupe, stations, users, verifications } from '../../db/schema.js';

export function createAccountRepository(db: Db) {
  return {
    async emailOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    /**
     * Removes the user and everything that is theirs, in one transaction; returns the stored file URLs
     * of their ads and stations, for the caller to delete once the rows are gone. Ads, events and their daily
     * roll-ups, sessions, accounts, profile, API keys, plan and usage go by the user row's cascades;
     * the dedupe windows name ads without a foreign key, and so do unused password-reset tokens (stored
     * with the user's id as their value), so they are removed here.
     */
    async deleteUser(userId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const owned = await tx
          .select({ id: ads.id, audioUrl: ads.audioUrl, logoUrl: ads.logoUrl })
          .from(ads)
          .where(eq(ads.userId, userId));
        if (owned.length) {
          await tx.delete(analyticsDedupe).where(
            inArray(
              analyticsDedupe.adId,
              owned.map((a) => a.id),
            ),
          );
        }
        // Their stations (and those stations' airings) go by the cascades too; their logos are files.
        const stationLogos = await tx
          .select({ url: stations.logoUrl })
          .from(stations)
          .where(eq(stations.userId, userId));
        await tx.delete(verifications).where(eq(verifications.value, userId));
        await tx.delete(users).where(eq(users.id, userId));
        return [...owned.flatMap((a) => [a.audioUrl, a.logoUrl]), ...stationLogos.map((s) => s.url)].filter(
          (u): u is string => Boolean(u),
        );
      });
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
