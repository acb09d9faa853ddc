import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUp, uniqueEmail } from './support/signup';

const ASSETS = path.join(process.cwd(), 'src/server/db/seed/assets');
const MP3 = path.join(ASSETS, 'audio/sunrise-bakery.mp3');
const LOGO = path.join(ASSETS, 'logos/sunrise-bakery.png');

/** A new advertiser, signed in on the dashboard. */
async function signUpAdvertiser(page: Page) {
  await signUp(page, {
    email: uniqueEmail('advertiser'),
    firstName: 'Ada',
    lastName: 'Vertiser',
    companyName: 'Ada Co',
  });
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function createAd(page: Page, title: string) {
  await page.goto('/dashboard/ads/create');
  await page.getByLabel('Ad Title').fill(title);
  await page.getByLabel('Business Name').fill('Ada Bakery');
  await page.getByLabel('Category').selectOption('Food & Dining');
  await page.getByLabel('Location').fill('Austin, TX');
  await page.getByLabel('Phone Number').fill('(555) 010-4444');
  await page.getByLabel(/Audio File/).setInputFiles(MP3);
  await page.getByLabel(/Logo/).setInputFiles(LOGO);
  await page.getByRole('button', { name: 'Publish Ad' }).click();
  await expect(page.getByText('Ad created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ads$/);
}

test('an advertiser creates, edits, toggles and deletes an ad, and meets the Free plan limit', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpAdvertiser(page);

  // Form rules before anything is uploaded.
  await page.goto('/dashboard/ads/create');
  await expect(page.getByRole('heading', { name: 'Create New Ad' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish Ad' }).click();
  await expect(page.getByText('Title must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Business name is required')).toBeVisible();
  await expect(page.getByText('Category is required')).toBeVisible();
  await page
    .getByLabel(/Audio File/)
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText('Invalid file type. Please select a audio file.')).toBeVisible();
  await page.getByLabel(/Audio File/).setInputFiles({
    name: 'huge.mp3',
    mimeType: 'audio/mpeg',
    buffer: Buffer.alloc(11 * 1024 * 1024),
  });
  await expect(page.getByText('File size exceeds 10MB limit.')).toBeVisible();

  // A slow uplink, so the progress indicator is visible.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 60 * 1024,
  });
  await page.getByLabel('Ad Title').fill('Ada Bakery Bread Week');
  await page.getByLabel('Business Name').fill('Ada Bakery');
  await page.getByLabel('Category').selectOption('Food & Dining');
  await page.getByLabel(/Audio File/).setInputFiles(MP3);
  await page.getByLabel(/Logo/).setInputFiles(LOGO);
  await page.getByRole('button', { name: 'Publish Ad' }).click();
  await expect(page.getByText(/Uploading\.\.\. \d+%/)).toBeVisible();
  await expect(page.getByText('Ad created successfully!')).toBeVisible({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The public page plays it, with the duration read from the file.
  const row = page.getByTestId('my-ad-row').filter({ hasText: 'Ada Bakery Bread Week' });
  await row.getByRole('link', { name: 'View Ada Bakery Bread Week' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Bakery Bread Week' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Seek Ada Bakery Bread Week' })).toHaveAttribute(
    'aria-valuetext',
    '0:00 of 0:17',
  );
  await page.getByRole('button', { name: 'Play Ada Bakery Bread Week' }).click();
  await expect
    .poll(() =>
      page
        .locator('audio')
        .first()
        .evaluate((a: HTMLAudioElement) => a.currentTime),
    )
    .toBeGreaterThan(0.3);

  // Edit.
  await page.goto('/dashboard/ads');
  await page.getByRole('link', { name: 'Edit Ada Bakery Bread Week' }).click();
  await expect(page.getByLabel('Ad Title')).toHaveValue('Ada Bakery Bread Week');
  await page.getByLabel('Ad Title').fill('Ada Bakery Bread Festival');
  await page.getByRole('button', { name: 'Update Ad' }).click();
  await expect(page.getByText('Ad updated successfully!')).toBeVisible();
  await expect(page.getByTestId('my-ad-row').filter({ hasText: 'Ada Bakery Bread Festival' })).toBeVisible();

  // Deactivate: it leaves the directory; activate: it comes back.
  const inDirectory = async () => (await (await page.request.get('/api/ads?search=festival')).json()).count as number;
  expect(await inDirectory()).toBe(1);
  await page.getByRole('switch', { name: 'Active: Ada Bakery Bread Festival' }).click();
  await expect(page.getByText('Ad deactivated')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Active: Ada Bakery Bread Festival' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  expect(await inDirectory()).toBe(0);
  await page.getByRole('switch', { name: 'Active: Ada Bakery Bread Festival' }).click();
  await expect(page.getByText('Ad activated')).toBeVisible();
  expect(await inDirectory()).toBe(1);

  // Featuring is not in the Free plan: the switch stays off.
  await page.getByRole('switch', { name: 'Featured: Ada Bakery Bread Festival' }).click();
  await expect(page.getByText('Featured Ad Limit Reached')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Featured: Ada Bakery Bread Festival' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  // Delete behind a confirmation.
  await page.getByRole('button', { name: 'Delete Ada Bakery Bread Festival' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Ad deleted successfully')).toBeVisible();
  await expect(page.getByTestId('my-ad-row')).toHaveCount(0);
  expect(await inDirectory()).toBe(0);

  // Free plan: 3 ads a month (the deleted one counted too).
  await createAd(page, 'Ada Second Spot');
  await createAd(page, 'Ada Third Spot');
  await page.goto('/dashboard/ads/create');
  await expect(page.getByRole('heading', { name: 'Ad Creation Limit Reached' })).toBeVisible();
  await expect(
    page.getByText(
      "You've reached your monthly limit for creating ads on the Free plan. Upgrade to create more ads this month.",
    ),
  ).toBeVisible();
  await expect(page.getByTestId('usage-badge')).toHaveText('100%');
  await page.getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  await expect(page.getByText('Most Popular')).toBeVisible();
  await page.getByRole('button', { name: 'Current Plan' }).click();
  await expect(page.getByText('You are already on the Free plan')).toBeVisible();
  await page.getByRole('button', { name: 'Choose Premium' }).click();
  await expect(page.getByText('Stripe integration coming soon!')).toBeVisible();

  // Dashboard home: real counts.
  await page.goto('/dashboard');
  await expect(page.getByText('Ada Third Spot')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All' })).toBeVisible();

  // Leave the shared demo directory as it was for the other journeys.
  const { ads } = await (await page.request.get('/api/my/ads')).json();
  for (const ad of ads) {
    const res = await page.request.delete(`/api/my/ads/${ad.id}`, { headers: { origin: new URL(page.url()).origin } });
    expect(res.status()).toBe(204);
  }
});

test('the edit page of someone else’s ad says Error loading ad', async ({ page, request }) => {
  await signUpAdvertiser(page);
  const { ads } = await (await request.get('/api/ads?limit=1')).json();
  await page.goto(`/dashboard/ads/edit/${ads[0].id}`);
  await expect(page.getByRole('heading', { name: 'Error loading ad' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Ads' }).click();
  await expect(page).toHaveURL(/\/dashboard\/ads$/);
});
