import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { slugify } from '../../../shared/ads.js';
import type { Db } from '../client.js';
import { accounts, ads, users } from '../schema.js';

/** Builders for rows, shared by the demo seed and the tests. Each takes overrides. */

let sequence = 0;
const next = () => ++sequence;

export interface UserSeed {
  id?: string;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  emailVerified?: boolean;
}

/** Creates a user who can sign in with the password; the database adds the profile row. */
export async function createUser(db: Db, overrides: UserSeed = {}) {
  const n = next();
  const id = overrides.id ?? randomBytes(16).toString('hex');
  const email = overrides.email ?? `user${n}-${randomBytes(3).toString('hex')}@example.com`;
  const password = overrides.password ?? 'password123';
  const firstName = overrides.firstName ?? 'Test';
  const lastName = overrides.lastName ?? `User${n}`;
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      email,
      name: `${firstName} ${lastName}`,
      emailVerified: overrides.emailVerified ?? true,
      firstName,
      lastName,
      companyName: overrides.companyName ?? `Company ${n}`,
    });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword(password),
    });
  });
  return { id, email, password };
}

export function makeAd(overrides: Partial<typeof ads.$inferInsert> & { userId: string }): typeof ads.$inferInsert {
  const n = next();
  const title = overrides.title ?? `Test Ad ${n}`;
  return {
    title,
    slug: slugify(title, Date.now() + n),
    businessName: `Business ${n}`,
    description: `Description of test ad ${n}.`,
    category: 'Other',
    location: 'Austin, TX',
    websiteUrl: 'https://example.com',
    phone: '(555) 010-0000',
    audioUrl: `/media/audio-files/${overrides.userId}/test-${n}.mp3`,
    audioDurationMs: 15_000,
    waveformPeaks: Array.from({ length: 40 }, (_, i) => ((i * 7) % 10) / 10),
    audioSize: 60_000,
    audioType: 'audio/mpeg',
    status: 'published',
    isActive: true,
    isFeatured: false,
    ...overrides,
  };
}

export async function insertAd(db: Db, overrides: Parameters<typeof makeAd>[0]) {
  const [row] = await db.insert(ads).values(makeAd(overrides)).returning();
  return row!;
}
