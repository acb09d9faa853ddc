import path from 'node:path';
import { expect, test } from './fixtures';
import { signUp, uniqueEmail } from './support/signup';

const ASSETS = path.join(process.cwd(), 'src/server/db/seed/assets');
const MP3 = path.join(ASSETS, 'audio/sunrise-bakery.mp3');
const LOGO = path.join(ASSETS, 'logos/sunrise-bakery.png');
const TITLE = 'Panel Bakery Weekend Spot';

test('after publishing, the new ad is presented with its link to copy, QR code, share and preview; editing shows and removes what is there', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, { email: uniqueEmail('panel') });
  await expect(page).toHaveURL(/\/dashboard$/);

  // The required-fields notice leaves once the fields are filled in.
  await page.goto('/dashboard/ads/create');
  await page.getByRole('button', { name: 'Publish Ad' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Please fill in all required fields');
  await page.getByLabel('Ad Title').fill(TITLE);
  await page.getByLabel('Business Name').fill('Panel Bakery');
  await expect(page.getByTestId('form-error')).toBeVisible();
  await page.getByLabel('Category').selectOption('Food & Dining');
  await expect(page.getByTestId('form-error')).toHaveCount(0);

  await page.getByLabel(/Audio File/).setInputFiles(MP3);
  await page.getByLabel(/Logo/).setInputFiles(LOGO);
  await page.getByRole('button', { name: 'Publish Ad' }).click();
  await expect(page.getByText('Ad created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ads$/);

  const { ads } = (await (await page.request.get('/api/my/ads')).json()) as { ads: { id: string; slug: string }[] };
  const ad = ads[0]!;
  const publicUrl = `${new URL(page.url()).origin}/ad/${ad.slug}`;
  const panel = page.getByRole('region', { name: 'Your ad is live' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Your ad is live' })).toBeFocused();
  await expect(panel.getByLabel('Public link')).toHaveValue(publicUrl);
  await expect(panel.getByRole('img', { name: `QR code for ${TITLE}` })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(panel.getByRole('button', { name: `Play ${TITLE}` })).toBeVisible();
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(`Link to '${TITLE}' has been copied to clipboard`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'PNG' }).click();
  expect((await download).suggestedFilename()).toBe(`${ad.slug}-qr.png`);
  // The list is usable beside it; closing it forgets it (a reload does not bring it back).
  await expect(page.getByTestId('my-ad-row').filter({ hasText: TITLE })).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('my-ad-row').filter({ hasText: TITLE })).toBeVisible();
  await expect(panel).toHaveCount(0);

  // Editing shows the current audio (with its length, playable) and logo; the logo can go.
  await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
  await expect(page.getByTestId('current-audio')).toContainText('Current audio (0:17)');
  await page
    .getByTestId('current-audio')
    .getByRole('button', { name: `Play ${TITLE}` })
    .click();
  await expect
    .poll(() => page.locator('[data-testid="current-audio"] audio').evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThan(0.3);
  await page
    .getByTestId('current-audio')
    .getByRole('button', { name: `Pause ${TITLE}` })
    .click();
  const logo = page.getByTestId('current-logo');
  await expect(logo.getByRole('img', { name: 'Panel Bakery logo' })).toBeVisible();
  await page.getByLabel(/Audio File/).setInputFiles(MP3);
  await expect(page.getByText(/The new file replaces this audio when you save/)).toBeVisible();
  await page.getByLabel(/Audio File/).setInputFiles([]);
  await logo.getByRole('button', { name: 'Remove logo' }).click();
  await expect(logo).toContainText('The logo will be removed when you save');
  await page.getByRole('button', { name: 'Update Ad' }).click();
  await expect(page.getByText('Ad updated successfully!')).toBeVisible();
  const after = (await (await page.request.get(`/api/my/ads/${ad.id}`)).json()) as { logoUrl: string | null };
  expect(after.logoUrl).toBeNull();
  await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
  await expect(page.getByText('No logo yet: the card shows the business initial.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
