import type { AdListResponse } from '../src/shared/ads';
import { expect, test } from './fixtures';

/**
 * A partner registers a station, imports its as-run log as a CSV file, and the public pages say so: the
 * station page lists the airing, and the ad's page says where it aired.
 */
test('a station registered and its as-run log imported shows on the station page and the ad page', async ({
  page,
  consoleErrors,
}) => {
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email: `station-${Date.now()}@example.com`,
      password: 'tuned-radio-42',
      name: 'Sam Station',
      firstName: 'Sam',
      lastName: 'Station',
      companyName: 'Lakeside Radio',
    },
  });
  expect(signUp.ok()).toBe(true);
  const list = (await (await page.request.get('/api/ads?search=sunrise')).json()) as AdListResponse;
  const ad = list.ads[0]!;
  const callSign = `W${Date.now().toString(36).slice(-5).toUpperCase()}`;

  await page.goto('/dashboard/stations');
  await expect(page.getByRole('heading', { name: 'No stations yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Register a Station' }).click();
  await page.getByLabel('Call sign').fill(callSign.toLowerCase());
  await page.getByLabel('Name', { exact: true }).fill('Lakeside Community Radio');
  await page.getByLabel('Frequency (optional)').fill('94.1 FM');
  await page.getByLabel('Time zone').selectOption('UTC');
  await page.getByRole('button', { name: 'Register Station' }).click();
  const card = page.getByTestId('station-card');
  await expect(card.getByRole('heading', { name: new RegExp(callSign) })).toBeVisible();

  // A log with a bad line is refused whole, line by line; the fixed one imports.
  const startedAt = new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const file = (lines: string[]) => ({
    name: 'as-run.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['started_at,ad,spot_id', ...lines].join('\n')),
  });
  await card.getByLabel(/Choose a CSV file/).setInputFiles(file([`${startedAt},${ad.slug},E2E-1`, 'noon,x,E2E-2']));
  await expect(card.getByTestId('csv-errors')).toContainText('Line 3:');
  await card.getByLabel(/as-run\.csv/).setInputFiles(file([`${startedAt},${ad.slug},E2E-1`]));
  await expect(card.getByTestId('csv-preview')).toHaveText('1 airing ready.');
  await card.getByRole('button', { name: 'Import 1 airing' }).click();
  await expect(card.getByTestId('airing-row').filter({ hasText: ad.title })).toBeVisible();

  await page.goto(`/station/${callSign}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(callSign);
  await expect(page.getByTestId('station-airing').filter({ hasText: ad.title })).toBeVisible();

  await page.goto(`/ad/${ad.slug}`);
  const airedOn = page.getByTestId('aired-on');
  await expect(airedOn).toContainText(`Aired on ${callSign}`);
  await airedOn.getByRole('link', { name: new RegExp(callSign) }).click();
  await expect(page).toHaveURL(new RegExp(`/station/${callSign}$`));
  expect(consoleErrors).toEqual([]);
});
