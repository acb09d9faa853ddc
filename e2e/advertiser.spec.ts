import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DASHBOARD_CHUNK } from './support/chunks';
import { answerUnavailable } from './support/outage';
import { DATABASE_UNAVAILABLE } from '../src/server/errors';
import { signInDemo, signUp, uniqueEmail } from './support/signup';

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

/** The dashboard home's ad card: the ads active now, of all the account's ads. */
async function expectAdsCard(page: Page, all: number, active: number) {
  const card = page
    .getByTestId('stat')
    .filter({ has: page.getByRole('term').getByText('Active Ads', { exact: true }) });
  await expect(card.getByTestId('stat-value')).toHaveText(String(active));
  await expect(card.getByTestId('stat-detail')).toHaveText(`of ${all} ad${all === 1 ? '' : 's'} in all`);
}
const toast = (page: Page, text: string): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text });
/** The subscription page's current plan card, row by row. */
async function expectPlanCard(page: Page, rows: [term: string, value: string][]) {
  const card = page.locator('dl');
  for (const [term, value] of rows) {
    await expect(card.locator('div').filter({ has: page.getByText(term, { exact: true }) })).toHaveText(
      `${term}${value}`,
    );
  }
}
const myAds = async (page: Page) =>
  (await (await page.request.get('/api/my/ads')).json()).ads as { id: string; title: string; isActive: boolean }[];

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
  await expect(page.getByTestId('form-error')).toHaveText('Please fill in all required fields');
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

  // A store failure: the toast follows the failure table, the form shows 'Upload Error: {message}'.
  await page.getByLabel('Ad Title').fill('Ada Bakery Bread Week');
  await page.getByLabel('Business Name').fill('Ada Bakery');
  await page.getByLabel('Category').selectOption('Food & Dining');
  await page.getByLabel(/Audio File/).setInputFiles(MP3);
  await page.route('**/api/my/ads', (route) =>
    route.fulfill({
      status: 500,
      json: { statusCode: 500, message: 'Audio upload failed: the file could not be stored in audio-files' },
    }),
  );
  await page.getByRole('button', { name: 'Publish Ad' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(
    'Upload Error: Audio upload failed: the file could not be stored in audio-files',
  );
  await expect(toast(page, 'Audio file upload failed. Please try uploading a different audio file.')).toBeVisible();
  await page.unroute('**/api/my/ads');

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
  await expect(toast(page, 'Featured Ad Limit Reached').getByRole('button', { name: 'Upgrade Plan' })).toBeVisible();
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

  // Free plan: 3 ads a month; the deleted one gave its place back (decision 48).
  await createAd(page, 'Ada Second Spot');
  await page.goto('/dashboard/subscription');
  const badge = page.getByTestId('usage-badge');
  await expect(badge).toHaveText('33%');
  await expect(badge).toHaveAttribute('data-variant', 'default');
  await expectPlanCard(page, [
    ['Plan', 'Free'],
    ['Ad Limit', '3 per month'],
    ['Featured Ads', '0'],
    ['Analytics', 'Disabled'],
    ['Priority Support', 'Not included'],
  ]);
  await expect(page.locator('dl').getByText('Renewal Date')).toHaveCount(0);
  await createAd(page, 'Ada Third Spot');
  await createAd(page, 'Ada Fourth Spot');
  await page.goto('/dashboard/ads/create');
  await expect(page.getByRole('heading', { name: 'Ad Creation Limit Reached' })).toBeVisible();
  await expect(
    page.getByText(
      "You've reached your monthly limit for creating ads on the Free plan. Upgrade to create more ads this month.",
    ),
  ).toBeVisible();
  await expect(page.getByTestId('usage-badge')).toHaveText('100%');
  await expect(page.getByTestId('usage-badge')).toHaveAttribute('data-variant', 'destructive');
  await page.getByRole('link', { name: 'Upgrade Plan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  await expect(page.getByText('Most Popular')).toBeVisible();
  await page.getByRole('button', { name: 'Current Plan' }).click();
  await expect(page.getByText('You are already on the Free plan')).toBeVisible();
  await page.getByRole('button', { name: 'Choose Premium' }).click();
  await expect(page.getByText('Stripe integration coming soon!')).toBeVisible();

  // Dashboard home: real counts (three ads, one of them inactive), 'View All' for three or fewer, quick actions.
  await page.goto('/dashboard/ads');
  await page.getByRole('switch', { name: 'Active: Ada Second Spot' }).click();
  await expect(page.getByText('Ad deactivated')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Ada Third Spot')).toBeVisible();
  await expectAdsCard(page, 3, 2);
  await expect(page.getByRole('link', { name: 'View All', exact: true })).toHaveAttribute('href', '/dashboard/ads');
  const actions = page.getByRole('region', { name: 'Quick Actions' });
  for (const [name, href] of [
    ['Create New Ad', '/dashboard/ads/create'],
    ['Manage Ads', '/dashboard/ads'],
    ['View Analytics', '/dashboard/analytics'],
    ['Settings', '/dashboard/settings'],
  ] as const) {
    await expect(actions.getByRole('link', { name })).toHaveAttribute('href', href);
  }

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

test('a Premium advertiser features, searches, survives a failed delete, and reads the subscription page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInDemo(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/my/ads', {
    headers: { origin },
    multipart: {
      title: 'Zephyr Toggle Spot',
      business_name: 'Zephyr Widgets',
      category: 'Technology',
      audio: { name: 'spot.mp3', mimeType: 'audio/mpeg', buffer: readFileSync(MP3) },
    },
  });
  expect(created.status()).toBe(201);
  const ad = (await created.json()) as { id: string; title: string };

  // Featuring is in the plan: both toasts, and the switch shows the saved state.
  await page.goto('/dashboard/ads');
  const featuredSwitch = page.getByRole('switch', { name: 'Featured: Zephyr Toggle Spot' });
  await featuredSwitch.click();
  await expect(page.getByText('Added to featured')).toBeVisible();
  await expect(featuredSwitch).toHaveAttribute('aria-checked', 'true');
  await featuredSwitch.click();
  await expect(page.getByText('Removed from featured')).toBeVisible();
  await expect(featuredSwitch).toHaveAttribute('aria-checked', 'false');

  // A failure that is not the plan's limit says what failed, without 'Upgrade Plan'.
  await page.route(`**/api/my/ads/${ad.id}/featured`, (route) => route.abort());
  await featuredSwitch.click();
  const failed = toast(page, 'Failed to update ad: Network error. Please check your connection and try again.');
  await expect(failed).toBeVisible();
  await expect(failed.getByRole('button', { name: 'Upgrade Plan' })).toHaveCount(0);
  await expect(featuredSwitch).toHaveAttribute('aria-checked', 'false');
  await page.unroute(`**/api/my/ads/${ad.id}/featured`);

  // Search: case-insensitive substring of the title, business name or category.
  const all = await (await page.request.get('/api/my/ads')).json();
  const search = page.getByRole('searchbox', { name: 'Search your ads' });
  const rows = page.getByTestId('my-ad-row');
  await expect(rows).toHaveCount(all.ads.length);
  for (const q of ['toggle SPOT', 'zephyr widg', 'TECHNOLOGY', 'real estate']) {
    await search.fill(q);
    const expected = (all.ads as { title: string; businessName: string; category: string }[]).filter((a) =>
      [a.title, a.businessName, a.category].some((f) => f.toLowerCase().includes(q.toLowerCase())),
    );
    expect(expected.length).toBeGreaterThan(0);
    await expect(rows).toHaveCount(expected.length);
    for (const a of expected) await expect(rows.filter({ hasText: a.title })).toHaveCount(1);
  }
  await search.fill('no such ad anywhere');
  await expect(page.getByText('No ads match your search.')).toBeVisible();
  await search.fill('Zephyr');

  // A delete that fails shows an error toast, and the row stays.
  await page.route(`**/api/my/ads/${ad.id}`, (route) =>
    route.request().method() === 'DELETE' ? route.abort() : route.continue(),
  );
  await page.getByRole('button', { name: 'Delete Zephyr Toggle Spot' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('Failed to delete ad: Network error. Please check your connection and try again.'),
  ).toBeVisible();
  await expect(rows.filter({ hasText: 'Zephyr Toggle Spot' })).toHaveCount(1);
  await page.unroute(`**/api/my/ads/${ad.id}`);
  expect((await myAds(page)).some((a) => a.id === ad.id)).toBe(true);

  // The edit page says 'Loading ad...' while its ad is on the way.
  await page.route(`**/api/my/ads/${ad.id}`, async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  await page.goto(`/dashboard/ads/edit/${ad.id}`);
  await expect(page.getByText('Loading ad...')).toBeVisible();
  await expect(page.getByLabel('Ad Title')).toHaveValue('Zephyr Toggle Spot');
  await page.unroute(`**/api/my/ads/${ad.id}`);

  // Dashboard home: more than three ads, so 'View All N Ads', and the real figures.
  const mine = await myAds(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: `View All ${mine.length} Ads` })).toBeVisible();
  await expectAdsCard(page, mine.length, mine.filter((a) => a.isActive).length);

  // Subscription: the Premium plan card with its end (granted without payment: it stops, then Free), the plans
  // grid, the choices.
  await page.goto('/dashboard/subscription');
  const plan = await (await page.request.get('/api/my/plan')).json();
  await expectPlanCard(page, [
    ['Plan', 'Premium'],
    ['Ad Limit', '10 per month'],
    ['Featured Ads', '10'],
    ['Analytics', 'Enabled'],
    ['Priority Support', 'Included'],
    [
      'Plan ends',
      `${new Date(plan.subscriptionEnd).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}, then Free`,
    ],
  ]);
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  for (const [name, monthly] of [
    ['Free', '$0'],
    ['Basic', '$19'],
    ['Premium', '$29'],
    ['Enterprise', '$99'],
  ] as const) {
    const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card.getByText(`${monthly}/month`, { exact: true })).toBeVisible();
    await expect(card.getByText('Most Popular')).toHaveCount(name === 'Premium' ? 1 : 0);
    await expect(card.getByText(/save 17%/)).toHaveCount(name === 'Free' ? 0 : 1);
  }
  await expect(page.getByText(/\$\d+\.\d/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose Basic' }).click();
  await expect(page.getByText('Stripe integration coming soon!')).toBeVisible();
  // 'You are already on the Free plan' is for Free accounts only; leaving Premium needs payment too.
  await page.getByRole('button', { name: 'Choose Free' }).click();
  await expect(page.getByText('Stripe integration coming soon!')).toHaveCount(2);
  await expect(page.getByText('You are already on the Free plan')).toHaveCount(0);

  // Leave the demo account as it was.
  const del = await page.request.delete(`/api/my/ads/${ad.id}`, { headers: { origin } });
  expect(del.status()).toBe(204);
});

test('the dashboard says so when the ads cannot be loaded; empty plans; a session lost while creating', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpAdvertiser(page);
  await page.route('**/api/my/ads', (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, message: 'The database is resting' } }),
  );
  // Three retries first (spec section 7), so this takes a few seconds.
  for (const url of ['/dashboard', '/dashboard/ads']) {
    await page.goto(url);
    const box = page.getByRole('alert').filter({ hasText: 'Unable to load your ads' });
    await expect(box).toBeVisible({ timeout: 20_000 });
    await expect(box.getByText('There was an issue loading your ads. This might be a temporary issue.')).toBeVisible();
    await expect(box.getByText('The database is resting')).toBeVisible();
    await expect(box.getByRole('button', { name: 'Try Again' })).toBeVisible();
  }
  await page.unroute('**/api/my/ads');

  await page.route('**/api/plans', (route) => route.fulfill({ json: { plans: [] } }));
  await page.goto('/dashboard/subscription');
  await expect(page.getByText('No subscription plans available at the moment.')).toBeVisible();

  // The session ends while the form is open: the server's text is the form's root error.
  await page.goto('/dashboard/ads/create');
  await page.getByLabel('Ad Title').fill('Late Night Spot');
  await page.getByLabel('Business Name').fill('Ada Bakery');
  await page.getByLabel('Category').selectOption('Food & Dining');
  await page.getByLabel(/Audio File/).setInputFiles(MP3);
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Publish Ad' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('You must be logged in to create an ad');
  await expect(toast(page, 'Failed to create ad: You must be logged in to create an ad')).toBeVisible();
});

test('the home page loads no dashboard code; the dashboard loads its own', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Make Your Ads Work Harder' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => DASHBOARD_CHUNK.test(s))).toEqual([]);

  await signInDemo(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  expect(scripts.filter((s) => DASHBOARD_CHUNK.test(s)).length).toBeGreaterThan(0);
});

test('a signed-in advertiser is not sent to the login page when the service is briefly away', async ({ page }) => {
  await signInDemo(page);
  const session = '**/api/auth/get-session';
  await page.route(session, answerUnavailable);
  await page.goto('/dashboard/ads');
  await expect(page.getByRole('heading', { name: 'Unable to check your sign-in' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(DATABASE_UNAVAILABLE.message)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ads$/);
  await page.unroute(session);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Ads' })).toBeVisible();
});

test('the header keeps a signed-in browser signed in while its session is read or cannot be', async ({ page }) => {
  await signInDemo(page);
  await page.goto('/directory');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  const session = '**/api/auth/get-session';
  await page.route(session, answerUnavailable);
  await page.reload();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Log In' })).toHaveCount(0);
  await page.unroute(session);
  await page.reload();
  await header.getByRole('button', { name: 'Sign Out' }).click();
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  // Signed out, the browser no longer says otherwise while the next page reads the session.
  await page.route(session, answerUnavailable);
  await page.goto('/directory');
  await expect(header.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});
