import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../shared/plans.js';
import { UNLIMITED } from '../../../shared/plans.js';
import { subscriptionPlans } from '../../db/schema.js';
import { eq } from 'drizzle-orm';
import { PLAN_SEED, syncPlans } from '../../db/seed/plans.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listPlans = async () => {
  const res = await t.app.inject({ url: '/api/plans' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { plans: Plan[] }).plans;
};

describe('GET /api/plans', () => {
  it('answers an empty list before any plan exists', async () => {
    expect(await listPlans()).toEqual([]);
  });

  it('lists the seeded plans by monthly price, -1 meaning unlimited, yearly about 17% below 12 x monthly', async () => {
    // Inserted most expensive first, so the order can only come from ORDER BY price_monthly.
    await t.db.insert(subscriptionPlans).values([...PLAN_SEED].reverse());
    const plans = await listPlans();

    expect(plans.map((p) => p.name)).toEqual(['Free', 'Basic', 'Premium', 'Enterprise']);
    const monthly = plans.map((p) => p.priceMonthly);
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    expect(new Set(monthly).size).toBe(monthly.length);

    const byName = Object.fromEntries(plans.map((p) => [p.name, p]));
    expect(byName.Free).toMatchObject({ adLimit: 3, featuredAdLimit: 0, priceMonthly: 0, priceYearly: 0 });
    expect(byName.Enterprise).toMatchObject({ adLimit: UNLIMITED, featuredAdLimit: UNLIMITED });
    for (const p of plans.filter((plan) => plan.name !== 'Enterprise')) expect(p.adLimit).toBeGreaterThan(0);

    for (const p of plans.filter((plan) => plan.priceMonthly > 0)) {
      const saving = 1 - p.priceYearly / (12 * p.priceMonthly);
      expect(saving, `${p.name} yearly saving`).toBeGreaterThan(0.16);
      expect(saving, `${p.name} yearly saving`).toBeLessThan(0.18);
    }
    // Whole objects, no internal columns.
    expect(Object.keys(plans[0]!).sort()).toEqual(
      [
        'id',
        'name',
        'adLimit',
        'featuredAdLimit',
        'analyticsEnabled',
        'prioritySupport',
        'priceMonthly',
        'priceYearly',
        'features',
      ].sort(),
    );
  });
});

describe('syncPlans', () => {
  it('rewrites every stored plan from the price list by name, keeping its id', async () => {
    const before = await listPlans();
    const premium = before.find((p) => p.name === 'Premium')!;
    // A database from before: other prices, a claim that nothing delivers, Enterprise missing.
    await t.db
      .update(subscriptionPlans)
      .set({ priceMonthly: 4900, adLimit: 1, features: ['Email lead capture'] })
      .where(eq(subscriptionPlans.id, premium.id));
    await t.db.delete(subscriptionPlans).where(eq(subscriptionPlans.name, 'Enterprise'));

    await syncPlans(t.db);
    const after = await listPlans();
    expect(after.map(({ id: _id, ...p }) => p)).toEqual(PLAN_SEED);
    expect(after.find((p) => p.name === 'Premium')!.id).toBe(premium.id);
    expect(after.flatMap((p) => p.features)).not.toContain('Email lead capture');
  });
});
