import { describe, expect, it } from 'vitest';
import { planEnd } from './plans.js';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const inDays = (n: number) => new Date(NOW + n * 86_400_000).toISOString();

describe('planEnd', () => {
  it("labels a trial's end for what it is, and says the account goes back to Free then", () => {
    // The local 14-day trial of /register?plan=growth: no Stripe subscription.
    expect(planEnd(inDays(14), { status: null, cancelAtPeriodEnd: false }, NOW)).toEqual({
      label: 'Trial ends',
      thenFree: true,
    });
    expect(planEnd(inDays(3), undefined, NOW)).toEqual({ label: 'Trial ends', thenFree: true });
    expect(planEnd(inDays(10), { status: 'trialing', cancelAtPeriodEnd: false }, NOW)).toEqual({
      label: 'Trial ends',
      thenFree: false,
    });
  });

  it('keeps Renewal Date for a paid plan that renews, and says when a stopping plan ends', () => {
    expect(planEnd(inDays(20), { status: 'active', cancelAtPeriodEnd: false }, NOW)).toEqual({
      label: 'Renewal Date',
      thenFree: false,
    });
    expect(planEnd(inDays(20), { status: 'active', cancelAtPeriodEnd: true }, NOW)).toEqual({
      label: 'Plan ends',
      thenFree: true,
    });
    // A plan granted without payment for a year.
    expect(planEnd(inDays(365), { status: null, cancelAtPeriodEnd: false }, NOW)).toEqual({
      label: 'Plan ends',
      thenFree: true,
    });
    expect(planEnd(null, undefined, NOW)).toBeNull();
  });
});
