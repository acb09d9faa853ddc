import { eq } from 'drizzle-orm';
import type { Profile } from '../../../shared/auth.js';
import type { Db } from '../../db/client.js';
import { profiles } from '../../db/schema.js';

export function createProfilesRepository(db: Db) {
  const toProfile = (row: typeof profiles.$inferSelect): Profile => ({
    ...row,
    updatedAt: row.updatedAt.toISOString(),
  });
  return {
    async find(id: string): Promise<Profile | null> {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
      return row ? toProfile(row) : null;
    },
    async update(id: string, values: Omit<Profile, 'id' | 'updatedAt'>): Promise<Profile | null> {
      const [row] = await db
        .update(profiles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(profiles.id, id))
        .returning();
      return row ? toProfile(row) : null;
    },
  };
}
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
