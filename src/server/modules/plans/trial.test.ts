import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserPlan } from '../../../shared/plans.js';
import { DEFAULT_FREE_PLAN } from '../../../shared/plans.js';
import { ads, subscriptionPlans, userSubscriptions } from '../../db/schema.js';
import { insertAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const planOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/my/plan', headers: { cookie } })).json() as UserPlan;
const startTrial = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/my/plan/trial',
    headers: { cookie, origin: t.config.PUBLIC_ORIGIN },
  });

describe('the Growth tier', () => {
  it('is the Premium plan: $29 a month, 10 ads a month', async () => {
    const { plans } = (await t.app.inject({ url: '/api/plans' })).json() as {
      plans: { name: string; priceMonthly: number; adLimit: number }[];
    };
    expect(plans.find((p) => p.name === 'Premium')).toMatchObject({ priceMonthly: 2900, adLimit: 10 });
  });

  it('starts a 14-day Premium trial once; when it ends the account is on Free with every ad kept', async () => {
    const u = await signUpUser(t);
    expect((await planOf(u.cookie)).planName).toBe('Free');
    const before = Date.now();
    const res = await startTrial(u.cookie);
    expect(res.statusCode).toBe(201);
    const trial = res.json() as UserPlan;
    expect(trial).toMatchObject({ planName: 'Premium', adLimit: 10, analyticsEnabled: true });
    const end = new Date(trial.subscriptionEnd!).getTime();
    expect(end).toBeGreaterThanOrEqual(before + 14 * DAY);
    expect(end).toBeLessThanOrEqual(Date.now() + 14 * DAY);
    expect(await planOf(u.cookie)).toEqual(trial);

    // A second trial is refused.
    const again = await startTrial(u.cookie);
    expect(again.statusCode).toBe(409);

    // Fourteen days later: back to Free; the ads made meanwhile are all there.
    const ad = await insertAd(t.db, { userId: u.id });
    await t.db
      .update(userSubscriptions)
      .set({ subscriptionEnd: new Date(Date.now() - 1000) })
      .where(eq(userSubscriptions.userId, u.id));
    expect(await planOf(u.cookie)).toEqual({ ...DEFAULT_FREE_PLAN });
    expect(await t.db.select().from(ads).where(eq(ads.id, ad.id))).toHaveLength(1);
    expect((await startTrial(u.cookie)).statusCode).toBe(409);
  });

  it('needs a session', async () => {
    expect((await startTrial('')).statusCode).toBe(401);
  });
});
