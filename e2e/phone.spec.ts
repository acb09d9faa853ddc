import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { APP_ROUTES } from '../src/shared/routes';
import { expect, test } from './fixtures';
import { signInDemo, signUp, uniqueEmail } from './support/signup';

const ASSETS = path.join(process.cwd(), 'src/server/db/seed/assets');
const MP3 = path.join(ASSETS, 'audio/sunrise-bakery.mp3');
const LOGO = path.join(ASSETS, 'logos/sunrise-bakery.png');

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/**
 * The page is no wider than the screen, and every visible control lies inside it, and inside any box
 * that would scroll or clip it sideways (a control behind a table's horizontal scroll is out of reach).
 */
async function expectFitsScreen(page: Page) {
  const { scrollWidth, innerWidth, outside } = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="switch"], [tabindex]:not([tabindex="-1"])',
    );
    const outside: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      // Skip what is not drawn (closed menus, screen-reader-only text, hidden file inputs), and what is
      // hidden from people on purpose (the contact form's trap for bots).
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"]')) continue;
      let left = 0;
      let right = window.innerWidth;
      for (let box = el.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const b = box.getBoundingClientRect();
        left = Math.max(left, b.left);
        right = Math.min(right, b.right);
      }
      if (r.left < left - 1 || r.right > right + 1) {
        outside.push(`${el.tagName} "${el.getAttribute('aria-label') ?? el.textContent?.trim()}" ${r.left}-${r.right}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, outside };
  });
  expect(outside, `controls off screen on ${page.url()}`).toEqual([]);
  expect(scrollWidth, `page width of ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

/**
 * The control can be scrolled wholly into view. Scrolled again until it is: the headings' font can arrive
 * after the scroll and move the page by a pixel.
 */
async function expectReachable(control: Locator) {
  await expect(async () => {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1, timeout: 1_000 });
  }).toPass();
}

test('on a 360 px phone every dashboard page fits the screen and every action is in reach', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { email: uniqueEmail('phone') });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectFitsScreen(page);

  // The whole dashboard navigation is in the menu.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  for (const name of ['Dashboard', 'Manage Ads', 'Analytics', 'Subscription', 'Settings']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeInViewport();
  }
  await expectFitsScreen(page);
  await page.locator('#mobile-menu').getByRole('link', { name: 'Create New Ad' }).click();
  await expect(page).toHaveURL(/\/dashboard\/ads\/create$/);
  await expect(page.locator('#mobile-menu')).toHaveCount(0);

  // Publish from the phone.
  await expectFitsScreen(page);
  await page.getByLabel('Ad Title').fill('Phone Spot With A Rather Long Title For Small Screens');
  await page.getByLabel('Business Name').fill('Pocket Bakery');
  await page.getByLabel('Category').selectOption('Food & Dining');
  await page.getByLabel(/Audio File/).setInputFiles(MP3);
  await page.getByLabel(/Logo/).setInputFiles(LOGO);
  await page.getByRole('button', { name: 'Publish Ad' }).click();
  await expect(page).toHaveURL(/\/dashboard\/ads$/);
  await expect(page.getByText('Ad created successfully!')).toBeVisible();
  // The new ad's panel fits the phone, each of its actions in reach.
  const panel = page.getByRole('region', { name: 'Your ad is live' });
  await expect(panel.getByRole('img', { name: /^QR code for / })).toBeVisible();
  await expectFitsScreen(page);
  for (const name of [/^Play /, 'Copy link', 'Share', 'Open ad page', 'PNG', 'SVG', 'Close']) {
    const control = panel.getByRole(name === 'Open ad page' ? 'link' : 'button', { name });
    await expectReachable(control);
  }
  const { ads } = (await (await page.request.get('/api/my/ads')).json()) as { ads: { id: string }[] };
  const id = ads[0]!.id;

  // Manage Ads: a card with both toggles and every action on screen.
  await page.goto('/dashboard/ads');
  const card = page.getByTestId('my-ad-row').filter({ hasText: 'Phone Spot' });
  await expect(card).toBeVisible();
  await expectFitsScreen(page);
  const title = 'Phone Spot With A Rather Long Title For Small Screens';
  for (const control of [
    page.getByRole('switch', { name: `Active: ${title}` }),
    page.getByRole('switch', { name: `Featured: ${title}` }),
    page.getByRole('link', { name: `Edit ${title}` }),
    page.getByRole('link', { name: `View ${title}` }),
    page.getByRole('button', { name: `Delete ${title}` }),
  ]) {
    await expectReachable(control);
  }
  await page.getByRole('switch', { name: `Active: ${title}` }).click();
  await expect(page.getByRole('switch', { name: `Active: ${title}` })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/ads/edit/${id}$`));
  await expect(page.getByLabel('Ad Title')).toHaveValue(title);
  await expectFitsScreen(page);

  for (const url of [
    '/dashboard',
    '/dashboard/analytics',
    `/dashboard/analytics/${id}`,
    '/dashboard/subscription',
    '/dashboard/settings',
  ]) {
    await page.goto(url);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectFitsScreen(page);
  }

  // Deleting from the card works too.
  await page.goto('/dashboard/ads');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('my-ad-row')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('on a 360 px phone an advertiser with figures (the demo) has every per-ad action in reach', async ({ page }) => {
  await signInDemo(page);
  for (const url of ['/dashboard', '/dashboard/ads', '/dashboard/analytics']) {
    await page.goto(url);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectFitsScreen(page);
  }
  // The per-ad table: its actions are on screen without scrolling sideways, and open the ad's QR code.
  const row = page.getByTestId('analytics-row').first();
  const title = (await row.getByRole('rowheader').locator('span').first().textContent())!;
  const showQr = page.getByRole('button', { name: `Show QR of ${title}` });
  await expectReachable(showQr);
  await showQr.click();
  await expect(page.getByText('Scan to share this ad')).toBeVisible();
  await expect(page.getByRole('button', { name: `Hide QR of ${title}` })).toBeInViewport({ ratio: 1 });
  await expectFitsScreen(page);
});

test('on a 360 px phone the public pages fit the screen', async ({ page }) => {
  test.setTimeout(120_000);
  const { ads } = (await (await page.request.get('/api/ads?limit=1')).json()) as { ads: { slug: string }[] };
  // Every page without parameters (signed out, the dashboard's send to sign-in), an ad, and the 404 page.
  const pages: string[] = [...APP_ROUTES.filter((r) => !r.includes(':')), `/ad/${ads[0]!.slug}`, '/no-such-page'];
  for (const url of pages) {
    await page.goto(url);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectFitsScreen(page);
  }
});
