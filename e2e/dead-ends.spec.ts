import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { APP_ROUTES } from '../src/shared/routes';
import { signUp, uniqueEmail } from './support/signup';

const MP3 = path.join(process.cwd(), 'src/server/db/seed/assets/audio/sunrise-bakery.mp3');

test('an unknown address answers 404 with a search and the main links', async ({ page, consoleErrors }) => {
  const res = await page.goto('/no-such-page');
  expect(res!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  const main = page.getByRole('navigation', { name: 'Main pages' });
  for (const name of ['Browse all ads', 'Your saved ads', 'For advertisers', 'For partners', 'Contact us']) {
    await expect(main.getByRole('link', { name })).toBeVisible();
  }
  await page.getByRole('searchbox', { name: 'Search the ads' }).fill('bakery');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/directory\?search=bakery$/);
  expect((await page.request.get('/dashboard/no-such-page')).status()).toBe(404);
  // The 404 of the document itself is the only resource error.
  expect(consoleErrors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});

test('no route logs a console warning or error, signed out or signed in', async ({ page }) => {
  test.setTimeout(180_000);
  const logged: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' || msg.type() === 'error') logged.push(`${page.url()}: ${msg.text()}`);
  });
  for (const route of APP_ROUTES.filter((r) => !r.includes(':'))) {
    await page.goto(route);
    await page.locator('h1').first().waitFor();
  }
  expect(logged).toEqual([]);

  // Signed in, every route again, those with parameters included (each a first load of its lazy page).
  await signUp(page, { email: uniqueEmail('routes') });
  await expect(page).toHaveURL(/\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/my/ads', {
    headers: { origin },
    multipart: {
      title: 'Route Check Spot',
      business_name: 'Route Bakery',
      category: 'Food & Dining',
      audio: { name: 'spot.mp3', mimeType: 'audio/mpeg', buffer: readFileSync(MP3) },
    },
  });
  expect(created.status()).toBe(201);
  const ad = (await created.json()) as { id: string; slug: string };
  const link = await page.request.post(`/api/my/ads/${ad.id}/stats-link`, { headers: { origin } });
  expect(link.status()).toBe(201);
  const token = ((await link.json()) as { url: string }).url.split('/stats/')[1]!;
  // KXRP: a demo station.
  const params: Record<string, string> = {
    ':slug': ad.slug,
    ':id': ad.id,
    ':adId': ad.id,
    ':callSign': 'KXRP',
    ':token': token,
  };
  try {
    for (const route of APP_ROUTES) {
      await page.goto(route.replace(/:[A-Za-z]+/, (p) => params[p]!));
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
  } finally {
    // The directory journeys count the demo ads: this journey removes what it published.
    await page.request.delete(`/api/my/ads/${ad.id}`, { headers: { origin } });
  }
  expect(logged).toEqual([]);
});

test('forgot password replaces the form with what happens next; /saved is linked with its count', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText('nobody-here@example.com')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Reset Link' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();

  // The partner page's sentence with the docs link is one run of text, its link inside it.
  await page.goto('/partners');
  const sentence = page.getByText(
    'Or call the REST API directly: one request uploads an ad with its audio and logo. See the integration docs.',
    { exact: true },
  );
  const docs = sentence.getByRole('link', { name: 'integration docs' });
  await expect(docs).toHaveAttribute('href', '/docs/integration');
  // Laid out as text: in a flex box, the words, the link and the full stop would stand as separate columns.
  expect(await docs.evaluate((a) => getComputedStyle(a.parentElement!).display)).not.toMatch(/flex|grid/);
  await expect(page.getByRole('link', { name: 'Saved ads (0)' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Saved Ads' }).click();
  await expect(page).toHaveURL(/\/saved$/);
});
