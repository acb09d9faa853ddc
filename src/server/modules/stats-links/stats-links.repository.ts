import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ads, statsShareLinks } from '../../db/schema.js';

export function createStatsLinksRepository(db: Db) {
  return {
    async find(adId: string) {
      const [row] = await db
        .select({ createdAt: statsShareLinks.createdAt })
        .from(statsShareLinks)
        .where(eq(statsShareLinks.adId, adId));
      return row ?? null;
    },

    /** The ad's one link: a new token replaces the old one (which stops working at once). */
    async replace(adId: string, tokenHash: string) {
      const [row] = await db
        .insert(statsShareLinks)
        .values({ adId, tokenHash })
        .onConflictDoUpdate({ target: statsShareLinks.adId, set: { tokenHash, createdAt: new Date() } })
        .returning({ createdAt: statsShareLinks.createdAt });
      return row!;
    },

    async remove(adId: string) {
      await db.delete(statsShareLinks).where(eq(statsShareLinks.adId, adId));
    },

    /** The ad a token's hash opens, with its owner; null when no link has it (never made, or revoked). */
    async byTokenHash(tokenHash: string) {
      const [row] = await db
        .select({ adId: ads.id, userId: ads.userId })
        .from(statsShareLinks)
        .innerJoin(ads, eq(ads.id, statsShareLinks.adId))
        .where(eq(statsShareLinks.tokenHash, tokenHash));
      return row ?? null;
    },
  };
}
export type StatsLinksRepository = ReturnType<typeof createStatsLinksRepository>;
