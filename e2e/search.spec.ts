import type { AdListResponse } from '../src/shared/ads';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/axe';

test.describe('search that finds what you heard', () => {
  test('a misspelt word in the header suggests the ad, and the keyboard picks it', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search ads' });
    await box.fill('dentsit');
    const option = page.getByRole('option', { name: /Bright Smile Dental New Patient Offer/ });
    await expect(option).toBeVisible();
    await expect(page.getByText('Did you mean dentist?')).toBeVisible();
    await expect(page.getByText(/1 suggestion, use the arrow keys/)).toBeAttached();
    await box.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await box.press('Escape');
    await expect(option).toBeHidden();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/ad\/bright-smile-dental-new-patient-offer-\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bright Smile Dental New Patient Offer');
  });

  test('Enter without a chosen suggestion still searches the directory, which says what it corrected', async ({
    page,
  }) => {
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Search for ads by name, category, or location' });
    await box.fill('cofee');
    await expect(page.getByRole('option').first()).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(/\/directory\?search=cofee$/);
    await expect(page.getByText('No ads match “cofee”, so these are the ads for “coffee”.')).toBeVisible();
    await expect(page.getByText(/^Showing \d+ of (1 ad|\d+ ads)$/)).toBeVisible();
  });

  test('a word spelt by ear suggests the ad it sounds like', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search ads' }).fill('quick tyre');
    await expect(page.getByRole('option', { name: /Quick Tire and Brake Winter Check/ })).toBeVisible();
    await expect(page.getByText('Did you mean quick tire?')).toBeVisible();
  });

  test('a few remembered words with one wrong still find the ad; a hand-typed ?q= searches too', async ({ page }) => {
    await page.goto(`/directory?q=${encodeURIComponent('food free pizza')}`);
    await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search ads' })).toHaveValue('food free pizza');
    await expect(
      page.getByText('No ads match “food free pizza”, so these are the ads for “food pizza”.'),
    ).toBeVisible();
    await expect(page.getByTestId('ad-card')).toHaveCount(1);
    await expect(page.getByTestId('ad-card')).toContainText('Harbor Pizza Family Night');
  });

  test('a phrase only the transcript holds finds the ad, with the words heard marked', async ({ page }) => {
    await page.goto(`/directory?search=${encodeURIComponent('pup looking scruffy')}`);
    const card = page.getByTestId('ad-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Happy Paws Grooming Bath and Trim');
    const snippet = card.getByTestId('match-snippet');
    await expect(snippet).toContainText('Heard in the ad:');
    await expect(snippet.locator('mark')).toHaveText(['pup', 'looking', 'scruffy']);
    await expect(page.getByText('Showing 1 of 1 ad', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('the transcript sits collapsed under the player and follows playback', async ({ page }) => {
    const res = await page.request.get('/api/ads?search=bright%20smile&limit=1');
    const ad = ((await res.json()) as AdListResponse).ads[0]!;
    await page.goto(`/ad/${ad.slug}`);
    const transcript = page.getByTestId('transcript');
    const lines = transcript.getByRole('button');
    await expect(lines.first()).toBeHidden(); // collapsed
    await transcript.getByText('Transcript', { exact: true }).click();
    await expect(lines).toHaveCount(ad.transcriptSegments!.length);
    await lines.nth(1).click(); // plays from the second line
    await expect(lines.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('audio track[kind="captions"]')).toHaveAttribute(
      'src',
      `/api/ads/${ad.slug}/captions.vtt`,
    );
    await expect(page.getByRole('button', { name: `Pause ${ad.title}` })).toBeVisible();
    await expect(lines.nth(2)).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
    await expect(lines.nth(1)).not.toHaveAttribute('aria-current', 'true');
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a word said in another form than the ad writes it, beside one no ad says, finds the ad; its card opens on a tap', async ({
    page,
  }) => {
    await page.goto('/directory');
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search ads' });
    await box.fill('emergency plumber');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/directory\?search=emergency\+plumber$/);
    await expect(page.getByText('No ads match “emergency plumber”, so these are the ads for “plumber”.')).toBeVisible();
    const card = page.getByTestId('ad-card');
    await expect(card).toHaveCount(1);
    await card.getByRole('link', { name: /FlowRight Plumbing 24-Hour Service/ }).tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FlowRight Plumbing 24-Hour Service');
  });
});
