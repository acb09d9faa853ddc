import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUp, uniqueEmail } from './support/signup';

const ASSETS = path.join(process.cwd(), 'src/server/db/seed/assets');

/** Publishes an ad through the API, as the dashboard form would. */
async function publish(page: Page, title: string) {
  const res = await page.request.post('/api/my/ads', {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      title,
      business_name: 'Plan Bakery',
      category: 'Food & Dining',
      audio: {
        name: 'spot.mp3',
        mimeType: 'audio/mpeg',
        buffer: readFileSync(path.join(ASSETS, 'audio/sunrise-bakery.mp3')),
      },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string };
}
const longDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const planRow = (page: Page, term: string) =>
  page.locator('dl > div').filter({ has: page.getByText(term, { exact: true }) });

test('/register?plan=growth starts a 14-day Premium trial with every analytics feature', async ({
  page,
  consoleErrors,
}) => {
  await signUp(page, { email: uniqueEmail('growth') }, '/register?plan=growth');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/subscription');
  await expect(planRow(page, 'Plan')).toHaveText('PlanPremium');
  await expect(planRow(page, 'Ad Limit')).toHaveText('Ad Limit10 per month');
  const end = new Date(Date.now() + 14 * 86_400_000);
  await expect(planRow(page, 'Trial ends')).toHaveText(`Trial ends${longDate(end)}, then Free`);
  await expect(page.getByText(/^You chose the Premium plan on our pricing page\./)).toContainText(
    `Your 14-day Premium trial runs until ${longDate(end)}`,
  );
  // 'You are already on the Free plan' is for Free accounts only.
  await page.getByRole('button', { name: 'Choose Free' }).click();
  await expect(page.getByText('Stripe integration coming soon!')).toBeVisible();
  await expect(page.getByText('You are already on the Free plan')).toHaveCount(0);
  const ad = await publish(page, 'Trial Spot');
  // One play, so the period has something to export (with nothing in it the export is disabled).
  const played = await page.request.post('/api/events', {
    data: { ad_id: ad.id, event_type: 'play' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(played.ok()).toBe(true);
  await page.goto('/dashboard/analytics');
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByTestId('upgrade-required')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('on Free the analytics page keeps the cards and per-ad table and shows the rest as Upgrade Required', async ({
  page,
  consoleErrors,
}) => {
  await signUp(page, { email: uniqueEmail('free-analytics') });
  await expect(page).toHaveURL(/\/dashboard$/);
  await publish(page, 'Free Plan Spot');
  await page.goto('/dashboard/analytics');
  await expect(page.getByRole('term').getByText('Plays', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Free Plan Spot/ })).toBeVisible();
  const notice = page.getByTestId('upgrade-required');
  await expect(notice.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  expect((await page.request.get('/api/analytics/export.csv?period=7d')).status()).toBe(403);
  await notice.getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  await page.getByRole('button', { name: 'Current Plan' }).click();
  await expect(page.getByText('You are already on the Free plan')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

/** Each plan card's name, prices and features as a page shows them. */
async function priceList(page: Page) {
  const cards = page.locator('[data-testid^="plan-"]').filter({ has: page.getByTestId('plan-price') });
  await expect(cards).toHaveCount(4);
  return cards.evaluateAll((els) =>
    els.map((el) => ({
      name: el.querySelector('h3')!.textContent,
      monthly: el.querySelector('[data-testid="plan-price"]')!.textContent,
      yearly: el.querySelector('[data-testid="plan-yearly"]')!.textContent,
      features: [...el.querySelectorAll('li')].map((li) => li.textContent!.trim()),
    })),
  );
}

test('the marketing page and the dashboard show the same price list', async ({ page }) => {
  await page.goto('/advertisers');
  const marketing = await priceList(page);
  expect(marketing.map((p) => `${p.name} ${p.monthly}`)).toEqual([
    'Free $0/month',
    'Basic $19/month',
    'Premium $29/month',
    'Enterprise $99/month',
  ]);
  await signUp(page, { email: uniqueEmail('prices') });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/subscription');
  expect(await priceList(page)).toEqual(marketing);
});
