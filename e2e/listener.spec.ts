import type { Page } from '@playwright/test';
import type { AdListResponse, PublicAd } from '../src/shared/ads';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/axe';
import { decodeQr } from './support/qr';
import { answerUnavailable, OUTAGE_REFERENCE } from './support/outage';
import { DATABASE_UNAVAILABLE } from '../src/server/errors';

async function firstAd(page: Page, query = ''): Promise<PublicAd> {
  const res = await page.request.get(`/api/ads?limit=1${query}`);
  return ((await res.json()) as AdListResponse).ads[0]!;
}

const cards = (page: Page) => page.getByTestId('ad-card');

test.describe('finding ads', () => {
  test('the home page shows the featured demo ads, with no console errors', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Make Your Ads Work Harder' })).toBeVisible();
    await expect(page.locator('a[href^="/ad/"]').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('search from the header goes to the directory with the search', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search ads' });
    await box.press('Enter'); // blank search is ignored
    await expect(page).toHaveURL(/\/$/);
    await box.fill('pizza');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/directory\?search=pizza$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Harbor Pizza Family Night');
  });

  test('a directory that cannot load says so, and loads on Try Again', async ({ page }) => {
    const list = (url: URL) => url.pathname === '/api/ads';
    await page.route(list, answerUnavailable);
    // Opened within the site, the directory asks the API (a first visit comes rendered by the server).
    await page.goto('/terms');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse' }).click();
    await expect(page.getByText('Error loading ads. Please try again later.')).toBeVisible({ timeout: 10_000 });
    await page.unroute(list);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('Showing 12 of 14 ads')).toBeVisible();
  });

  test('filters by category and location, keeps them in the URL, and clears', async ({ page }) => {
    await page.goto('/directory');
    await expect(page.getByText('Showing 12 of 14 ads')).toBeVisible();
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Food & Dining');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/category=Food\+%26\+Dining|category=Food%20%26%20Dining/);
    await expect(page.getByText('Showing 3 of 3 ads')).toBeVisible();
    await page.getByRole('textbox', { name: 'Location' }).fill('seattle');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Showing 1 of 1 ad', { exact: true })).toBeVisible();
    await expect(cards(page).first()).toContainText('Seattle, WA');

    // A shared URL reproduces the view; back and forward work.
    await page.goBack();
    await expect(page.getByText('Showing 3 of 3 ads')).toBeVisible();
    await page.goForward();
    await expect(page.getByText('Showing 1 of 1 ad', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page).toHaveURL(/\/directory$/);
    await expect(page.getByText('Showing 12 of 14 ads')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('all');
  });

  test('shows the empty state with Clear Filters', async ({ page }) => {
    await page.goto('/directory?search=zzzzunicorn');
    await expect(page.getByRole('heading', { name: 'No ads found' })).toBeVisible();
    await expect(page.getByText('No ads match your search criteria. Try adjusting your filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByText('Showing 12 of 14 ads')).toBeVisible();
  });

  test('Load More appends the next page', async ({ page }) => {
    await page.goto('/directory');
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(page.getByText('Showing 14 of 14 ads')).toBeVisible();
    await expect(cards(page)).toHaveCount(14);
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
    // The address says how many pages are shown, so a reload keeps them.
    await expect(page).toHaveURL(/\/directory\?page=2$/);
    await page.reload();
    await expect(cards(page)).toHaveCount(14);
  });

  test('cards show location or Online and the real duration', async ({ page }) => {
    await page.goto('/directory?search=roasters');
    const card = cards(page).first();
    await expect(card).toContainText('Online');
    await expect(card.getByLabel('Duration')).toHaveText(/^0:1\d$/);
  });
});

test.describe('an ad page', () => {
  test('shows the ad, plays it, and only one ad plays at a time', async ({ page }) => {
    const ad = await firstAd(page, '&search=croissants');
    await page.goto(`/ad/${ad.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
    await expect(page.getByText('Advertiser:')).toBeVisible();
    await expect(page.getByRole('heading', { name: `About ${ad.businessName}` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', 'tel:5550101201');

    const audios = page.locator('audio');
    await expect(audios.first()).toHaveAttribute('preload', 'none');
    await page.getByRole('button', { name: `Play ${ad.title}` }).click();
    await expect.poll(() => audios.first().evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.3);
    await expect(page.getByRole('button', { name: `Pause ${ad.title}` })).toBeVisible();

    // Related Ads: same category, never this ad.
    const related = page.getByTestId('related-ads');
    await expect(related.getByTestId('ad-card')).toHaveCount(2);
    await expect(related).not.toContainText(ad.title);
    await related
      .getByRole('button', { name: /^Play / })
      .first()
      .click();
    await expect.poll(() => audios.first().evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
    await expect.poll(() => audios.nth(1).evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.2);
  });

  test('the seek slider works by keyboard', async ({ page }) => {
    const ad = await firstAd(page);
    await page.goto(`/ad/${ad.slug}`);
    const slider = page.getByRole('slider', { name: `Seek ${ad.title}` });
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await page.keyboard.press('End');
    await expect(slider).toHaveAttribute('aria-valuenow', '100');
    await page.keyboard.press('Home');
    await expect(slider).toHaveAttribute('aria-valuenow', '0');
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: `Pause ${ad.title}` })).toBeVisible();
  });

  test('like and save toast, survive a reload, and /saved lists the ad', async ({ page }) => {
    const ad = await firstAd(page);
    await page.goto(`/ad/${ad.slug}`);
    await page.getByRole('button', { name: 'Like' }).click();
    await expect(page.getByText(`You've liked "${ad.title}"`)).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`You've saved "${ad.title}"`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/saved');
    await expect(page.getByRole('link', { name: ad.title })).toBeVisible();
    await page.goto(`/ad/${ad.slug}`);
    await page.getByRole('button', { name: 'Liked' }).click();
    await expect(page.getByText(`You've unliked "${ad.title}"`)).toBeVisible();
    await page.getByRole('button', { name: 'Saved' }).click();
    await expect(page.getByText(`You've unsaved "${ad.title}"`)).toBeVisible();
    await page.goto('/saved');
    await expect(page.getByRole('heading', { name: 'No saved ads yet' })).toBeVisible();
  });

  test('share falls back to copying the link', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    const ad = await firstAd(page);
    await page.goto(`/ad/${ad.slug}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText(`Link to '${ad.title}' has been copied to clipboard`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/ad/${ad.slug}?src=share`);
  });

  test('Show QR renders a code that opens the ad page with ?src=qr', async ({ page, baseURL }) => {
    const ad = await firstAd(page);
    await page.goto(`/ad/${ad.slug}`);
    await page.getByRole('button', { name: 'Show QR' }).click();
    const qr = page.getByTestId('ad-qr');
    await expect(qr).toBeVisible();
    expect(await decodeQr(qr)).toBe(`${baseURL}/ad/${ad.slug}?src=qr`);
    await page.getByRole('button', { name: 'Hide QR' }).click();
    await expect(qr).toHaveCount(0);
  });

  test('an ad that cannot be loaded says so and loads on Try Again, instead of Ad Not Found', async ({ page }) => {
    const ad = await firstAd(page);
    // The database away: the page asks (and retries once) while the server answers 503.
    await page.route(`**/api/ads/${ad.slug}`, answerUnavailable);
    await page.goto('/directory');
    await cards(page).first().getByRole('link', { name: ad.title }).click();
    await expect(page.getByRole('heading', { name: 'Unable to load this ad' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(DATABASE_UNAVAILABLE.message)).toBeVisible();
    // What a report quotes to find the failure in the log.
    await expect(page.getByText(`reference: ${OUTAGE_REFERENCE}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ad Not Found' })).toHaveCount(0);
    await page.unroute(`**/api/ads/${ad.slug}`);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
  });

  test('an unknown slug shows Ad Not Found, an unknown route Page Not Found', async ({ page }) => {
    await page.goto('/ad/no-such-ad-123');
    await expect(page.getByRole('heading', { name: 'Ad Not Found' })).toBeVisible();
    await expect(page.getByText("The ad you're looking for doesn't exist or may have been removed.")).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page.getByRole('heading', { name: 'Make Your Ads Work Harder' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  test('public pages have no serious or critical violations', async ({ page }) => {
    test.setTimeout(90_000); // five pages, each loaded, hydrated and checked by axe
    const ad = await firstAd(page);
    for (const path of ['/', '/directory', `/ad/${ad.slug}`, '/saved', '/no-such-page']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu and the directory filters toggle', async ({ page }) => {
    await page.goto('/directory');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Contact' }).waitFor();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('combobox', { name: 'Category' })).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Category' })).toBeVisible();
  });
});
