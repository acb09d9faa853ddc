import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { devices, type BrowserContext, type Page } from '@playwright/test';
import type { PublicAd } from '../src/shared/ads';
import type { AnalyticsSummary } from '../src/shared/analytics';
import { apiKeyMessages } from '../src/shared/api-keys';
import { OPENAPI_PATH, PARTNER_UPLOAD_FIELDS, PARTNER_UPLOAD_FILES } from '../src/shared/partner-api';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/axe';

// One advertiser for the file: its key uploads the ad that the embed journeys then play.
test.describe.configure({ mode: 'serial' });

const baseURL = () => process.env.E2E_BASE_URL!;
const ASSETS = path.join(process.cwd(), 'src/server/db/seed/assets');
const FILES: Record<string, string> = {
  'spot.mp3': path.join(ASSETS, 'audio/sunrise-bakery.mp3'),
  'logo.png': path.join(ASSETS, 'logos/sunrise-bakery.png'),
};

let state: Awaited<ReturnType<BrowserContext['storageState']>>;
let key: string;
let ad: PublicAd;

/** A public API call from a partner's server: Node's fetch, the key, no browser. */
const callApi = (url: string, init: RequestInit = {}) =>
  fetch(`${baseURL()}${url}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseURL() });
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: {
      email: `partner-${Date.now()}@example.com`,
      password: 'tuned-radio-42',
      name: 'Pat Partner',
      firstName: 'Pat',
      lastName: 'Partner',
      companyName: 'KXRP Radio',
    },
  });
  expect(res.ok()).toBe(true);
  state = await context.storageState();
  await context.close();
});

async function signedIn(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ baseURL: baseURL(), storageState: state });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return { context, page: await context.newPage() };
}
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('a key made in Settings is shown once, copied, and uploads an ad the dashboard shows', async ({ browser }) => {
  const { context, page } = await signedIn(browser);
  await page.goto('/dashboard/settings');
  await page.getByLabel('Key name').fill('Traffic system');
  await page.getByRole('button', { name: 'Create Key' }).click();
  await expect(page.getByText(apiKeyMessages.created)).toBeVisible();

  key = (await page.getByLabel('New API key').textContent())!.trim();
  expect(key).toMatch(/^adr_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Copy New API key' }).click();
  await expect(page.getByText(apiKeyMessages.copied)).toBeVisible();
  expect(await clipboard(page)).toBe(key);

  const row = page.getByTestId('api-key-row').filter({ hasText: 'Traffic system' });
  await expect(row).toContainText(key.slice(0, 10));
  await expect(row).toContainText('Never');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(key)).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  // The documented example's request, from outside the browser.
  const form = new FormData();
  for (const [name, value] of PARTNER_UPLOAD_FIELDS) form.append(name, value);
  for (const [field, file] of PARTNER_UPLOAD_FILES) form.append(field, new Blob([await readFile(FILES[file]!)]), file);
  const res = await callApi('/api/v1/ads', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  ad = (await res.json()) as PublicAd;
  expect(ad.title).toBe('Morning Drive Sponsor');

  await page.goto('/dashboard/ads');
  await expect(page.getByText('Morning Drive Sponsor')).toBeVisible();
  await page.goto('/dashboard/settings');
  await expect(row).not.toContainText('Never');
  await context.close();
});

test('an ad without phone, website or location has no empty contact card and no Call or Website button, and nothing to export before its first play', async ({
  page,
  browser,
}) => {
  const form = new FormData();
  for (const [name, value] of PARTNER_UPLOAD_FIELDS) {
    if (!['phone', 'website_url', 'location'].includes(name)) form.append(name, value);
  }
  form.set('title', 'Sponsor Without Contacts');
  for (const [field, file] of PARTNER_UPLOAD_FILES) form.append(field, new Blob([await readFile(FILES[file]!)]), file);
  const res = await callApi('/api/v1/ads', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  const bare = (await res.json()) as PublicAd;

  await page.goto(`/ad/${bare.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sponsor Without Contacts' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About Sunrise Bakery' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Call\b/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Website$|Visit Site/ })).toHaveCount(0);
  await expect(page.getByText('Location:')).toHaveCount(0);
  // An ad with them shows the card.
  await page.goto(`/ad/${ad.slug}`);
  await expect(page.getByRole('heading', { name: 'Contact Information' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call Sunrise Bakery' })).toBeVisible();

  // Nobody has played it yet: its analytics (on the Growth trial, which has them) say so, and there is
  // nothing to export.
  const owner = await signedIn(browser);
  const trial = await owner.page.request.post('/api/my/plan/trial', { data: {}, headers: { origin: baseURL() } });
  expect(trial.ok()).toBe(true);
  await owner.page.goto(`/dashboard/analytics/${bare.id}`);
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Sponsor Without Contacts' })).toBeVisible();
  await expect(owner.page.getByText('No events in this period.')).toHaveCount(3);
  await expect(owner.page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(owner.page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await owner.context.close();
});

test.describe('the embedded player', () => {
  let partnerSite: Server;
  let siteUrl: string;
  test.beforeAll(async () => {
    // A partner's page on another origin (localhost, not the app's 127.0.0.1) with the player in it.
    partnerSite = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>KXRP sponsors</title><h1>Our sponsors</h1>` +
          `<iframe src="${baseURL()}/embed/${ad.slug}?theme=dark" width="480" height="176" title="Sponsor player"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => partnerSite.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://localhost:${(partnerSite.address() as AddressInfo).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => partnerSite.close(() => resolve())));

  test("plays inside another site's page and counts the play with source 'embed'", async ({ browser }) => {
    // A listener of its own: plays are counted once per network address and browser.
    const userAgent = `${devices['Desktop Chrome'].userAgent} AdReplayE2E/${Math.random().toString(36).slice(2)}`;
    const context = await browser.newContext({ userAgent });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(siteUrl);
    const player = page.frameLocator('iframe[title="Sponsor player"]');
    await expect(player.getByRole('heading', { name: ad.title })).toBeVisible();
    await expect(player.getByText(ad.businessName)).toBeVisible();
    await expect(player.getByRole('link', { name: /Listen on AdReplay/ })).toHaveAttribute(
      'href',
      `${baseURL()}/ad/${ad.slug}?src=embed`,
    );

    const sent = page.waitForRequest((r) => r.url() === `${baseURL()}/api/events` && r.method() === 'POST');
    await player.getByRole('button', { name: `Play ${ad.title}` }).click();
    expect((await sent).postDataJSON()).toMatchObject({ ad_id: ad.id, event_type: 'play', source: 'embed' });
    const slider = player.getByRole('slider', { name: `Seek ${ad.title}` });
    await expect
      .poll(async () => Number(await slider.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);

    await expect
      .poll(async () => {
        const summary = (await (await callApi(`/api/v1/ads/${ad.id}/analytics?period=7d`)).json()) as AnalyticsSummary;
        return summary.sources.find((s) => s.source === 'embed')?.events ?? 0;
      })
      .toBe(1);
    await context.close();
  });

  test('is accessible in both themes, and answers unknown ads with a framable not-found page', async ({ page }) => {
    for (const theme of ['light', 'dark']) {
      await page.goto(`/embed/${ad.slug}?theme=${theme}`);
      await expect(page.getByRole('button', { name: `Play ${ad.title}` })).toBeVisible();
      await expectAccessible(page);
    }
    const missing = await page.goto('/embed/no-such-ad');
    expect(missing!.status()).toBe(404);
    expect(missing!.headers()['content-security-policy']).toContain('frame-ancestors *');
    await expect(page.getByRole('heading', { name: 'Ad Not Found' })).toBeVisible();
  });
});

test("the ad page's Embed option copies the player's code", async ({ browser }) => {
  const { context, page } = await signedIn(browser);
  await page.goto(`/ad/${ad.slug}`);
  await page.getByRole('button', { name: 'Embed' }).click();
  await page.getByText('Dark', { exact: true }).click();
  await page.getByRole('button', { name: 'Copy Embed code' }).click();
  await expect(page.getByText('Embed code copied to clipboard')).toBeVisible();
  const code = await clipboard(page);
  expect(code).toContain(`<iframe src="${baseURL()}/embed/${ad.slug}?theme=dark"`);
  expect(code).toContain(`title="${ad.title} on AdReplay"`);
  await context.close();
});

test('the integration guide shows the same runnable example as /partners, for this site', async ({ page }) => {
  await page.goto('/partners');
  const example = await page.getByLabel('Upload an ad with the API').textContent();
  expect(example).toContain(`curl -X POST ${baseURL()}/api/v1/ads`);
  await page.getByRole('link', { name: 'integration docs' }).click();
  await expect(page).toHaveURL(/\/docs\/integration$/);
  await expect(page).toHaveTitle('Integration guide: API and embeds | AdReplay');
  await expect(page.getByLabel('Upload an ad with the API')).toHaveText(example!);
  // A signed-out reader's embed code shows a real ad (the directory's newest), and its player loads as shown.
  const embed = page.getByLabel('Embed code');
  await expect(embed).toContainText(`${baseURL()}/embed/`);
  await expect(embed).not.toContainText('your-ad-slug');
  const src = /src="([^"]+)"/.exec((await embed.textContent())!)![1]!;
  expect((await page.request.get(src)).status()).toBe(200);
  await expect(page.getByRole('link', { name: `${baseURL()}${OPENAPI_PATH}` })).toHaveAttribute(
    'href',
    `${baseURL()}${OPENAPI_PATH}`,
  );
  await expectAccessible(page);
});
