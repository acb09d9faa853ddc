import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInDemo, signUp, uniqueEmail } from './support/signup';
import { mailsTo } from './support/smtp';

const ASSETS = path.join(process.cwd(), 'src/server/db/seed/assets');
const MP3 = path.join(ASSETS, 'audio/sunrise-bakery.mp3');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

const stat = (page: Page, label: string) =>
  page.getByTestId('stat').filter({ has: page.getByRole('term').getByText(label, { exact: true }) });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

test.describe('a new advertiser on a 390 px phone', () => {
  test.use(PHONE);

  test('is greeted by name, sees the figures first, two to a row, in a frame of the app', async ({
    page,
    consoleErrors,
  }) => {
    const email = uniqueEmail('rosa26670');
    await signUp(page, { email, firstName: 'Rosa', lastName: 'Díaz' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Rosa!' })).toBeVisible();

    // The app's own frame: a compact top bar, no marketing header, search or footer.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search ads' })).toHaveCount(0);
    expect((await box(page.getByRole('banner'))).height).toBeLessThanOrEqual(64);

    // The main figure is on the first screen, named with its period, and the cards sit two to a row.
    const plays = stat(page, 'Plays');
    await expect(plays.getByTestId('stat-period')).toHaveText('last 30 days');
    await expect(plays.getByTestId('stat-value')).toHaveText('0');
    await expect(plays).toBeInViewport({ ratio: 1 });
    const [first, second] = [await box(page.getByTestId('stat').nth(0)), await box(page.getByTestId('stat').nth(1))];
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x + first.width - 1);
    await expect(page.getByTestId('stat').nth(2)).toBeInViewport();

    // The menu marks the current page and closes with Escape, focus back on its button.
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Analytics' })).not.toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // The website as people type it.
    await page.goto('/dashboard/settings');
    await expect(page.getByLabel('First Name')).toHaveValue('Rosa'); // the profile is in the form
    await page.getByLabel('Website').fill('rosasbakery.example.com');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Website')).toHaveValue('https://rosasbakery.example.com');

    // The usage card says what deleting an ad does to the month's count.
    await page.goto('/dashboard/subscription');
    await expect(page.getByTestId('usage-rule')).toHaveText(
      'The count is of ads made this month that you still have: deleting one gives its slot back.',
    );
    expect(consoleErrors).toEqual([]);
  });

  test("publishing: the success toast leaves the new ad's QR buttons free", async ({ page, consoleErrors }) => {
    test.setTimeout(90_000);
    await signUp(page, { email: uniqueEmail('toast') });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/ads/create');
    await page.getByLabel('Ad Title').fill('Rosa Toast Spot');
    await page.getByLabel('Business Name').fill("Rosa's Bakery");
    await page.getByLabel('Category').selectOption('Food & Dining');
    await page.getByLabel('Website URL').fill('rosasbakery.example.com');
    await page.getByLabel(/Audio File/).setInputFiles(MP3);
    await page.getByRole('button', { name: 'Publish Ad' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Ad created successfully!' });
    await expect(toast).toBeVisible();
    // The toast is fixed to the screen: where it settles once it has slid in, under the top bar, not over it.
    const bar = await box(page.getByRole('banner'));
    await expect
      .poll(() => toast.evaluate((el) => el.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(bar.y + bar.height);
    const shown = await toast.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    // Where a thumb reaches them, at the bottom of the screen, the QR buttons are not under it.
    const panel = page.getByRole('region', { name: 'Your ad is live' });
    for (const name of ['PNG', 'SVG']) {
      const button = panel.getByRole('button', { name });
      await expect(button).toBeVisible();
      const at = await button.evaluate((el) => {
        el.scrollIntoView({ block: 'end' });
        return el.getBoundingClientRect().toJSON() as DOMRect;
      });
      const overlaps = at.left < shown.right && shown.left < at.right && at.top < shown.bottom && shown.top < at.bottom;
      expect(overlaps, `${name} is under the toast`).toBe(false);
    }
    const { ads } = (await (await page.request.get('/api/my/ads')).json()) as {
      ads: { id: string; websiteUrl: string }[];
    };
    expect(ads[0]!.websiteUrl).toBe('https://rosasbakery.example.com');
    expect(consoleErrors).toEqual([]);
    // The directory journeys count the demo ads: this journey removes what it published.
    const origin = new URL(page.url()).origin;
    for (const ad of ads)
      expect((await page.request.delete(`/api/my/ads/${ad.id}`, { headers: { origin } })).status()).toBe(204);
  });

  test('an ad page: one panel at a time, and action chips a full 44 px tall', async ({ page }) => {
    await page.goto('/directory');
    await page.locator('a[href^="/ad/"]').first().click();
    await expect(page).toHaveURL(/\/ad\//);
    const qr = page.getByRole('button', { name: 'Show QR' });
    await qr.click();
    await expect(page.getByRole('button', { name: 'Hide QR' })).toHaveAttribute('aria-expanded', 'true');
    const embed = page.getByRole('button', { name: 'Embed', exact: true });
    await embed.click();
    await expect(embed).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Show QR' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Hide QR' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show QR' }).click();
    for (const name of ['Share', 'Hide QR', 'Embed', 'PNG', 'SVG']) {
      expect((await box(page.getByRole('button', { name, exact: true }))).height, name).toBeGreaterThanOrEqual(44);
    }
  });
});

test.describe('a new advertiser on a 390 px phone in New York', () => {
  test.use({ ...PHONE, timezoneId: 'America/New_York' });

  test("keeps the browser's time zone from sign-up; Settings turns the report off, changes its zone and sends one now", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('new-york');
    await signUp(page, { email });
    await expect(page).toHaveURL(/\/dashboard$/);
    const settings = async () => (await (await page.request.get('/api/my/report-settings')).json()) as unknown;
    expect(await settings()).toEqual({ timeZone: 'America/New_York', weeklyReport: true });

    await page.goto('/dashboard/settings');
    const report = page.getByRole('switch', { name: 'E-mail me the weekly report' });
    await expect(report).toHaveAttribute('aria-checked', 'true');
    await report.click();
    await expect(page.getByText('Report settings saved')).toBeVisible();
    await expect(report).toHaveAttribute('aria-checked', 'false');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('America/New_York');
    await zone.selectOption('Europe/Paris');
    await expect.poll(settings).toEqual({ timeZone: 'Europe/Paris', weeklyReport: false });
    await page.reload();
    await expect(zone).toHaveValue('Europe/Paris');
    await expect(report).toHaveAttribute('aria-checked', 'false');

    // 'Send me this week's report' tells of an account with an ad that it is on its way, and it arrives.
    const origin = new URL(page.url()).origin;
    const created = await page.request.post('/api/my/ads', {
      headers: { origin },
      multipart: {
        title: 'New York Report Spot',
        business_name: 'Empire Bagels',
        category: 'Food & Dining',
        audio: { name: 'spot.mp3', mimeType: 'audio/mpeg', buffer: readFileSync(MP3) },
      },
    });
    expect(created.status()).toBe(201);
    await page.getByRole('button', { name: "Send me this week's report" }).click();
    await expect(page.getByText(`This week's report is on its way to ${email}`)).toBeVisible();
    await expect
      .poll(async () =>
        (await mailsTo(process.env.E2E_MAIL_DIR!, email)).some((m) => m.includes('Your week on AdReplay')),
      )
      .toBe(true);
    expect(consoleErrors).toEqual([]);
    // The directory journeys count the demo ads: this journey removes what it published.
    const ad = (await created.json()) as { id: string };
    expect((await page.request.delete(`/api/my/ads/${ad.id}`, { headers: { origin } })).status()).toBe(204);
  });

  test("each dashboard page's first screen shows its main figure or action", async ({ page }) => {
    test.setTimeout(90_000); // the demo's 90 days of figures, on a machine that may be busy
    await signInDemo(page);
    const { ads } = (await (await page.request.get('/api/my/ads')).json()) as { ads: { id: string }[] };
    const firstScreens: [string, (page: Page) => Locator[]][] = [
      ['/dashboard/analytics', (p) => [stat(p, 'Plays').getByTestId('stat-value')]],
      [`/dashboard/analytics/${ads[0]!.id}`, (p) => [stat(p, 'Plays').getByTestId('stat-value')]],
      [
        '/dashboard/ads',
        (p) => [
          p.getByRole('link', { name: 'Create New Ad' }),
          p.getByTestId('my-ad-row').first().getByRole('link').first(),
        ],
      ],
      ['/dashboard/settings', (p) => [p.getByLabel('First Name'), p.getByRole('button', { name: 'Save Changes' })]],
    ];
    for (const [path, main] of firstScreens) {
      await page.goto(path);
      for (const locator of main(page)) await expect(locator, path).toBeInViewport({ ratio: 1, timeout: 20_000 });
      expect(await page.evaluate(() => window.scrollY), path).toBe(0);
    }
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the dashboard has a sidebar that marks the current page, and figures that say what they are over', async ({
    page,
    consoleErrors,
  }) => {
    await signInDemo(page);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(stat(page, 'Plays').getByTestId('stat-detail')).toHaveText(/^[\d,]+ all time$/);

    // Keyboard: the skip link first, then the sidebar, with a visible focus ring.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await nav.getByRole('link', { name: 'Analytics' }).click();
    await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');

    // Each card names its period and says how it moved, in words a screen reader reads.
    const plays = stat(page, 'Plays');
    await expect(plays.getByTestId('stat-period')).toHaveText('last 30 days');
    await expect(plays.getByTestId('stat-change')).toHaveText(
      /^(New|[+−]\d+%|0%)(new: none in the previous 30 days|(up|down) \d+% from the previous 30 days|unchanged from the previous 30 days)$/,
    );
    await page.getByText('All time', { exact: true }).click();
    await expect(plays.getByTestId('stat-period')).toHaveText('all time');
    await expect(plays.getByTestId('stat-change')).toHaveCount(0);

    // When listeners play: by hour and weekday, in the account's time zone (Settings).
    await page.getByText('30 days', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'When your listeners play' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plays by hour of the day' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Plays by day of the week' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('the public site: the hero opens sign-up, the footer has this year and distinct links', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Get Started Free' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} AdReplay`);
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    await footer.getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/directory#categories$/);
    await expect(page.getByRole('navigation', { name: 'Browse by category' })).toBeInViewport();
    await page.getByRole('link', { name: 'Automotive' }).click();
    await expect(page).toHaveURL(/\/directory\?category=Automotive$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Radio Stations' }).click();
    await expect(page).toHaveURL(/\/partners#partner-programs$/);
    await expect(page.getByRole('heading', { name: 'Partner programs' })).toBeInViewport();
  });

  test("a trial's end is labelled for what it is", async ({ page }) => {
    await signUp(page, { email: uniqueEmail('trial-label') }, '/register?plan=growth');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/subscription');
    const row = page.locator('dl > div').filter({ has: page.getByText('Trial ends', { exact: true }) });
    await expect(row).toHaveText(/^Trial ends.+, then Free$/);
    await expect(page.getByText('Renewal Date', { exact: true })).toHaveCount(0);
  });
});
