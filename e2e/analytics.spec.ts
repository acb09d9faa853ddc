import { readFile } from 'node:fs/promises';
import { devices, type BrowserContext, type Page } from '@playwright/test';
import type { AdListResponse, PublicAd } from '../src/shared/ads';
import { clickRate, formatRate, type AnalyticsSummary } from '../src/shared/analytics';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/axe';
import { decodeQr } from './support/qr';
import { signInDemo } from './support/signup';

// One sign-in for the file: the sign-in endpoint allows only a few attempts per address.
test.describe.configure({ mode: 'serial' });

const baseURL = () => process.env.E2E_BASE_URL!;
let ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  await signInDemo(page);
  ownerState = await context.storageState();
  await context.close();
});

/**
 * The demo advertiser, signed in, and a listener, each in a browser context of its own. The listener
 * gets a user agent of its own: the server counts one listener per network address and browser, so
 * earlier journeys' plays from this machine don't dedupe its events; and other sites (an advertiser's
 * website) answer with a stub page instead of the internet.
 */
const journey = test.extend<{ owner: Page; listener: Page }>({
  owner: async ({ browser }, use) => {
    const context = await browser.newContext({ baseURL: baseURL(), storageState: ownerState });
    await use(await context.newPage());
    await context.close();
  },
  listener: async ({ browser }, use) => {
    const userAgent = `${devices['Desktop Chrome'].userAgent} AdReplayE2E/${Math.random().toString(36).slice(2)}`;
    const context = await browser.newContext({ baseURL: baseURL(), userAgent });
    await context.route(
      (url) => url.origin !== baseURL(),
      (route) => route.fulfill({ contentType: 'text/html', body: '<title>Advertiser site</title>' }),
    );
    await use(await context.newPage());
    await context.close();
  },
});

async function demoAd(page: Page, search: string): Promise<PublicAd> {
  const res = await page.request.get(`/api/ads?limit=1&search=${encodeURIComponent(search)}`);
  return ((await res.json()) as AdListResponse).ads[0]!;
}

/** The types of the events the page sends from now on. */
function sentEvents(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/events')) sent.push(r.postDataJSON()?.event_type);
  });
  return sent;
}

/** Resolves with the status of the next event the page sends. */
const nextEvent = (page: Page, type: string) =>
  page
    .waitForResponse(
      (r) =>
        r.url().endsWith('/api/events') &&
        r.request().method() === 'POST' &&
        r.request().postDataJSON()?.event_type === type,
    )
    .then((r) => r.status());

/** Figures read and written as the dashboard shows them, with thousands separators (the demo has thousands). */
const count = (text: string | null) => Number(text!.replace(/,/g, ''));
const figure = (n: number) => n.toLocaleString('en-US');

const stat = (page: Page, label: string) =>
  page
    .getByTestId('stat')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByTestId('stat-value');

journey(
  'a play in one browser shows up live on the owner’s analytics page and dashboard',
  async ({ owner, listener }) => {
    const ad = await demoAd(listener, 'Lakeside');

    await owner.goto('/dashboard/analytics?period=all');
    const totalPlays = stat(owner, 'Plays');
    await expect(totalPlays).toHaveText(/^\d[\d,]*$/);
    const before = count(await totalPlays.textContent());
    const row = owner.getByTestId('analytics-row').filter({ hasText: ad.title });
    const rowPlays = count(await row.getByRole('cell').first().textContent());
    await owner.evaluate(() => Object.assign(window, { notReloaded: true }));

    await listener.goto(`/ad/${ad.slug}`);
    const played = nextEvent(listener, 'play');
    await listener.getByRole('button', { name: `Play ${ad.title}` }).click();
    expect(await played).toBe(202);

    await expect(totalPlays).toHaveText(figure(before + 1), { timeout: 15_000 });
    await expect(row.getByRole('cell').first()).toHaveText(figure(rowPlays + 1));
    expect(await owner.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The dashboard home counts the same plays, all time beside the last 30 days.
    await owner.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(
      owner
        .getByTestId('stat')
        .filter({ has: owner.getByRole('term').getByText('Plays', { exact: true }) })
        .getByTestId('stat-detail'),
    ).toHaveText(`${figure(before + 1)} all time`);
  },
);

journey(
  'a QR visit counts one scan, drops ?src=qr from the address and not again on reload',
  async ({ owner, listener }) => {
    const ad = await demoAd(listener, 'Miller Motors');
    const sent = sentEvents(listener);

    await owner.goto(`/dashboard/analytics/${ad.id}?period=all`);
    await expect(owner.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
    const scans = stat(owner, 'QR Scans');
    await expect(scans).toHaveText(/^\d[\d,]*$/);
    const before = count(await scans.textContent());

    const scanned = nextEvent(listener, 'qr_scan');
    await listener.goto(`/ad/${ad.slug}?src=qr`);
    expect(await scanned).toBe(202);
    await expect(listener).toHaveURL(`${baseURL()}/ad/${ad.slug}`);
    await expect(listener.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
    await listener.reload();
    await expect(listener.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
    await expect(listener).toHaveURL(`${baseURL()}/ad/${ad.slug}`);

    await expect(scans).toHaveText(figure(before + 1), { timeout: 15_000 });
    await listener.waitForTimeout(3_000); // a second scan would have been counted by now
    await owner.reload();
    await expect(stat(owner, 'QR Scans')).toHaveText(figure(before + 1));
    expect(sent.filter((t) => t === 'qr_scan')).toEqual(['qr_scan']);

    // A play after the scan keeps the visit's source: the QR code.
    const played = nextEvent(listener, 'play');
    await listener.getByRole('button', { name: `Play ${ad.title}` }).click();
    expect(await played).toBe(202);
    await expect(async () => {
      const summary = (await (
        await owner.request.get(`/api/analytics?period=all&adId=${ad.id}`)
      ).json()) as AnalyticsSummary;
      expect(summary.sources.find((s) => s.source === 'qr')?.events).toBeGreaterThanOrEqual(2);
    }).toPass({ timeout: 10_000 });
  },
);

journey('Visit Website and Call Now change the click rate on the owner’s page', async ({ owner, listener }) => {
  const ad = await demoAd(listener, 'Quick Tire');

  await owner.goto(`/dashboard/analytics/${ad.id}?period=7d`);
  const rate = stat(owner, 'Click Rate');
  await expect(rate).toHaveText(/%|—/);
  const { totals } = (await (
    await owner.request.get(`/api/analytics?period=7d&adId=${ad.id}`)
  ).json()) as AnalyticsSummary;
  await expect(rate).toHaveText(formatRate(clickRate(totals)));

  await listener.goto(`/ad/${ad.slug}`);
  const played = nextEvent(listener, 'play');
  await listener.getByRole('button', { name: `Play ${ad.title}` }).click();
  expect(await played).toBe(202);
  await expect(rate).toHaveText(formatRate(clickRate({ ...totals, plays: totals.plays + 1 })), { timeout: 15_000 });

  // Visit Website opens the advertiser's site in a new tab (a stub page here).
  let clicked = nextEvent(listener, 'click');
  const popup = listener.waitForEvent('popup');
  await listener.getByRole('link', { name: 'Visit Website' }).click();
  await (await popup).close();
  expect(await clicked).toBe(202);

  // Call Now would hand the number to the phone app: keep the page where it is, the click still counts.
  await listener.evaluate(() =>
    document.addEventListener('click', (e) => {
      if ((e.target as Element).closest('a[href^="tel:"]')) e.preventDefault();
    }),
  );
  clicked = nextEvent(listener, 'click');
  await listener.getByRole('link', { name: 'Call Now' }).click();
  expect(await clicked).toBe(202);

  const after = { ...totals, plays: totals.plays + 1, clicks: totals.clicks + 2 };
  await expect(rate).toHaveText(formatRate(clickRate(after)), { timeout: 15_000 });
  await expect(owner.getByTestId('stat').filter({ hasText: 'Click Rate' })).toContainText(`${after.clicks} clicks`);
});

journey('a share counts once the link is copied; showing the QR code counts nothing', async ({ listener }) => {
  await listener.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await listener.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  const ad = await demoAd(listener, 'Harbor Pizza');
  const sent = sentEvents(listener);
  await listener.goto(`/ad/${ad.slug}`);
  await listener.getByRole('button', { name: 'Show QR' }).click();
  await expect(listener.getByTestId('ad-qr')).toBeVisible();
  const shared = nextEvent(listener, 'share');
  await listener.getByRole('button', { name: 'Share' }).click();
  await expect(listener.getByText(`Link to '${ad.title}' has been copied to clipboard`)).toBeVisible();
  expect(await shared).toBe(202);
  expect(sent).toEqual(['share']);
});

journey('the analytics page: period in the URL, CSV export, QR codes, details, accessible', async ({ owner }) => {
  await owner.goto('/dashboard/analytics');
  await expect(owner.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(owner.getByRole('radio', { name: '30 days' })).toBeChecked();
  await expect(owner.getByRole('heading', { name: 'Events per day' })).toBeVisible();

  // Period presets: a radio group kept in the URL, by pointer and by keyboard.
  await owner.getByText('7 days', { exact: true }).click();
  await expect(owner).toHaveURL(/\/dashboard\/analytics\?period=7d$/);
  await expect(owner.getByRole('radio', { name: '7 days' })).toBeChecked();
  await owner.getByRole('radio', { name: '7 days' }).press('ArrowRight');
  await expect(owner).toHaveURL(/period=30d$/);
  await owner.getByText('All time', { exact: true }).click();
  await expect(owner).toHaveURL(/period=all$/);
  await owner.goBack();
  await expect(owner.getByRole('radio', { name: '30 days' })).toBeChecked();
  await owner.goForward();
  await expect(owner.getByRole('radio', { name: 'All time' })).toBeChecked();

  // Export CSV: the period's daily figures as a file.
  const download = owner.waitForEvent('download');
  await owner.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = await readFile(file, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('date,ad,slug,plays,clicks,shares,qr_scans,listeners');
  expect(csv).toContain('Lakeside Credit Union Home Loans');

  // Each chart's figures as a table.
  const tableToggle = owner.getByRole('button', { name: 'Show table of events per day' });
  await tableToggle.click();
  await expect(owner.getByRole('button', { name: 'Hide table of events per day' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(owner.getByRole('columnheader', { name: 'QR scans' })).toBeVisible();

  // Show QR / Hide QR per ad, with the code of the ad's QR link.
  const ad = await demoAd(owner, 'Miller Motors');
  const row = owner.getByTestId('analytics-row').filter({ hasText: ad.title });
  await row.getByRole('button', { name: `Show QR of ${ad.title}` }).click();
  await expect(owner.getByText('Scan to share this ad')).toBeVisible();
  expect(await decodeQr(owner.getByTestId('ad-qr'))).toBe(`${baseURL()}/ad/${ad.slug}?src=qr`);
  await expectAccessible(owner);
  await row.getByRole('button', { name: `Hide QR of ${ad.title}` }).click();
  await expect(owner.getByText('Scan to share this ad')).toHaveCount(0);

  // Per-ad detail, its own export, and back to the same period.
  await row.getByRole('link', { name: `Details of ${ad.title}` }).click();
  await expect(owner).toHaveURL(`${baseURL()}/dashboard/analytics/${ad.id}?period=all`);
  await expect(owner.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
  await expect(owner.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/analytics/export.csv?period=all&adId=${ad.id}`,
  );
  await expectAccessible(owner);
  await owner.getByRole('link', { name: 'Back to Analytics' }).click();
  await expect(owner).toHaveURL(/\/dashboard\/analytics\?period=all$/);

  // An ad that is not this advertiser's: an error with a retry, at once (nothing to wait for).
  await owner.goto('/dashboard/analytics/00000000-0000-4000-8000-000000000000');
  await expect(owner.getByRole('alert')).toContainText('Failed to fetch analytics: Ad not found');
  await expect(owner.getByRole('alert').getByRole('button', { name: 'Try Again' })).toBeVisible();
  await owner.getByRole('link', { name: 'Back to Analytics' }).click();

  // How we count.
  await owner.getByRole('link', { name: 'How we count' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'How We Measure' })).toBeVisible();
});

test('an advertiser without ads sees the empty state', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First Name').fill('Nora');
  await page.getByLabel('Last Name').fill('Ads');
  await page.getByLabel('Company Name').fill('Nora Co');
  await page.getByLabel('Email').fill(`no-ads-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('tuned-radio-42');
  await page.getByLabel('Confirm Password').fill('tuned-radio-42');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'View Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'No analytics data available' })).toBeVisible();
  await page.getByRole('link', { name: 'Create Your First Ad' }).click();
  await expect(page).toHaveURL(/\/dashboard\/ads\/create$/);
});

test('the methodology page is public and linked, and public pages never load the charts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const ad = await demoAd(page, 'Lakeside');
  for (const path of ['/', '/directory', `/ad/${ad.slug}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'How We Measure' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How We Measure' })).toBeVisible();
  await expect(page).toHaveTitle('How we measure | AdReplay');
  await expect(page.getByText('No IP address is stored, anywhere.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  expect(scripts.filter((s) => /AnalyticsReport|recharts/i.test(s))).toEqual([]);

  await page.goto('/about');
  await page.getByRole('link', { name: 'how we measure', exact: true }).click();
  await expect(page).toHaveURL(/\/about\/measurement$/);
});
