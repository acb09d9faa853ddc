import { PLAN_SEED } from '../src/server/db/seed/plans';
import { startStripeStandIn, type StripeStandIn } from '../src/server/test/stripe-stand-in';
import { expect, test } from './fixtures';
import { startApp } from './support/app';
import { signUp, uniqueEmail } from './support/signup';

const price = (name: string, yearly = false) => {
  const p = PLAN_SEED.find((plan) => plan.name === name)!;
  return yearly ? p.priceYearly : p.priceMonthly;
};

// A second app whose STRIPE_API_URL is the local stand-in; the stand-in's webhooks are held until the
// journey lets them go, so 'Processing your payment...' can be seen.
test.describe('with Stripe configured', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let stripe: StripeStandIn;
  const held: { payload: string; signature: string }[] = [];
  const deliverHeld = async () => {
    for (const { payload, signature } of held.splice(0)) {
      const res = await fetch(`${app.url}/api/billing/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      expect(res.status).toBe(200);
    }
  };
  test.beforeAll(async () => {
    test.setTimeout(120_000); // a start with the demo seed, on a busy machine
    stripe = await startStripeStandIn({
      prices: {
        basic_monthly: price('Basic'),
        basic_yearly: price('Basic', true),
        premium_monthly: price('Premium'),
        premium_yearly: price('Premium', true),
      },
      deliver: (payload, signature) => {
        held.push({ payload, signature });
        return Promise.resolve(200);
      },
    });
    app = await startApp(stripe.env);
  });
  test.afterAll(async () => {
    await app?.stop();
    await stripe?.close();
  });

  test("choose Premium, pay on Stripe's page, come back to 'Processing your payment...', then Premium", async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    await signUp(page, { email: uniqueEmail('pay') }, `${app.url}/signup`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${app.url}/dashboard/subscription`);
    await page.getByText('Yearly (save 17%)').click();
    await page.getByRole('button', { name: 'Choose Premium' }).click();
    await expect(page.getByRole('heading', { name: 'Stripe stand-in checkout' })).toBeVisible();
    await expect(page.getByText(`premium_yearly: $${(price('Premium', true) / 100).toFixed(2)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/dashboard\/subscription\?checkout=done$/);
    await expect(page.getByRole('status').filter({ hasText: 'Processing your payment...' })).toBeVisible();
    const planRow = page.locator('dl > div').filter({ has: page.getByText('Plan', { exact: true }) });
    await expect(planRow).toHaveText('PlanFree');
    await deliverHeld();
    await expect(planRow).toHaveText('PlanPremium');
    await expect(page.getByText('Processing your payment...')).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/subscription$/);
    const invoices = page.getByRole('table');
    await expect(invoices).toContainText(`${(price('Premium', true) / 100).toFixed(2)} USD`);
    await expect(invoices.getByRole('link', { name: 'Download' })).toHaveCount(1);
    await page.screenshot({ path: info.outputPath('paid-1280.png'), fullPage: true });

    // A renewal fails: the plan stays, with the banner and a way to the card.
    const sub = [...stripe.events].reverse().find((e) => e.type === 'customer.subscription.created')!;
    await stripe.failPayment((sub.data.object as { id: string }).id);
    await deliverHeld();
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Your last payment failed');
    await expect(planRow).toHaveText('PlanPremium');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: info.outputPath('past-due-390-dark.png'), fullPage: true });
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await expect(page.getByRole('heading', { name: 'Stripe stand-in billing portal' })).toBeVisible();
  });
});

test('without Stripe the page says payments are not set up, and choosing a paid plan shows the toast', async ({
  page,
}, info) => {
  await signUp(page, { email: uniqueEmail('no-pay') });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/subscription');
  await expect(page.getByText('Payments are not set up on this server.')).toBeVisible();
  await page.getByRole('button', { name: 'Choose Basic' }).click();
  await expect(page.getByText('Stripe integration coming soon!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('no-stripe-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/advertisers');
  await page.getByTestId('plan-free').scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('advertisers-390.png'), fullPage: true });
});
