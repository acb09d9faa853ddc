import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicAd } from '../../../shared/ads.js';
import {
  accounts,
  ads,
  analytics,
  analyticsDaily,
  analyticsDedupe,
  apiKeys,
  profiles,
  sessions,
  subscriptionPlans,
  usageTracking,
  users,
  userSubscriptions,
  verifications,
} from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm, type Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';

let t: TestApp;
let mp3: Buffer;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  png = await readFile(path.join(SEED_ASSETS_DIR, 'logos/sunrise-bakery.png'));
});
afterAll(() => t.close());

const PARTS = (): Part[] => [
  ['title', 'Goodbye Spot'],
  ['business_name', 'Leaving Shop'],
  ['category', 'Retail'],
  ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
  ['logo', { bytes: png, filename: 'logo.png', type: 'image/png' }],
];
const filesOf = async (userId: string) => {
  const dirs = ['audio-files', 'images'].map((b) => path.join(t.uploadsDir, b, userId));
  return (await Promise.all(dirs.map((d) => readdir(d).catch(() => [] as string[])))).flat();
};
const deleteAccount = (cookie: string, email?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/my/account',
    headers: { cookie, origin: t.config.PUBLIC_ORIGIN },
    payload: email === undefined ? {} : { email },
  });

/** A user with everything an account can hold: two ads with files, events, a key, a plan, sessions. */
async function fullAccount() {
  const u = await signUpUser(t);
  const made: PublicAd[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await sendForm(t, 'POST', '/api/my/ads', u.cookie, PARTS());
    expect(res.statusCode).toBe(201);
    made.push(res.json() as PublicAd);
  }
  for (const ad of made) {
    const ev = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { ad_id: ad.id, event_type: 'play' },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
    });
    expect(ev.statusCode).toBe(202);
  }
  await t.app.eventIngest.flush();
  await createApiKey(t, u.cookie);
  const [premium] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Premium'));
  await t.db.insert(userSubscriptions).values({ userId: u.id, planId: premium!.id });
  // A password reset asked for and never used: its token is stored with the user's id.
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: t.config.PUBLIC_ORIGIN },
    payload: { email: u.email, redirectTo: '/reset-password' },
  });
  expect(reset.statusCode).toBe(200);
  return { ...u, adIds: made.map((a) => a.id) };
}

/** Every row that belongs to the user or their ads, table by table. */
async function leftOf(userId: string, adIds: string[]) {
  const byUser = async (
    table: typeof ads | typeof sessions | typeof accounts | typeof apiKeys | typeof usageTracking,
  ) => (await t.db.select().from(table).where(eq(table.userId, userId))).length;
  return {
    users: (await t.db.select().from(users).where(eq(users.id, userId))).length,
    profiles: (await t.db.select().from(profiles).where(eq(profiles.id, userId))).length,
    subscriptions: (await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId))).length,
    ads: await byUser(ads),
    sessions: await byUser(sessions),
    accounts: await byUser(accounts),
    apiKeys: await byUser(apiKeys),
    usage: await byUser(usageTracking),
    events: (await t.db.select().from(analytics).where(inArray(analytics.adId, adIds))).length,
    daily: (await t.db.select().from(analyticsDaily).where(inArray(analyticsDaily.adId, adIds))).length,
    dedupe: (await t.db.select().from(analyticsDedupe).where(inArray(analyticsDedupe.adId, adIds))).length,
    files: (await filesOf(userId)).length,
    resetTokens: (await t.db.select().from(verifications).where(eq(verifications.value, userId))).length,
  };
}

describe('deleting an account', () => {
  it('needs the account’s own e-mail typed to confirm, and removes nothing otherwise', async () => {
    const u = await fullAccount();
    const before = await leftOf(u.id, u.adIds);
    expect(before).toMatchObject({ users: 1, ads: 2, events: 2, apiKeys: 1, files: 4, subscriptions: 1 });
    for (const email of [undefined, '', 'someone-else@example.com']) {
      const res = await deleteAccount(u.cookie, email);
      expect(res.statusCode, String(email)).toBe(400);
    }
    expect((await deleteAccount(u.cookie, 'someone-else@example.com')).json().message).toBe(
      'The e-mail address does not match this account',
    );
    const bodiless = await t.app.inject({
      method: 'DELETE',
      url: '/api/my/account',
      headers: { cookie: u.cookie, origin: t.config.PUBLIC_ORIGIN },
    });
    expect([bodiless.statusCode, bodiless.json().message]).toEqual([400, 'Type your e-mail address to confirm']);
    expect(await leftOf(u.id, u.adIds)).toEqual(before);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/my/account', payload: { email: u.email } })).statusCode,
    ).toBe(401);
  });

  it('removes every ad, file, key, session and event of the user, and nothing of anyone else', async () => {
    const u = await fullAccount();
    const other = await fullAccount();
    const otherBefore = await leftOf(other.id, other.adIds);

    const res = await deleteAccount(u.cookie, `  ${u.email.toUpperCase()} `);
    expect(res.statusCode).toBe(204);
    expect(await leftOf(u.id, u.adIds)).toEqual({
      users: 0,
      profiles: 0,
      subscriptions: 0,
      ads: 0,
      sessions: 0,
      accounts: 0,
      apiKeys: 0,
      usage: 0,
      events: 0,
      daily: 0,
      dedupe: 0,
      files: 0,
      resetTokens: 0,
    });
    // The old session cookie signs nobody in; the same address can sign up again from scratch.
    const me = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: u.cookie } });
    expect(me.json()).toBeNull();
    expect(await leftOf(other.id, other.adIds)).toEqual(otherBefore);
  });
});
