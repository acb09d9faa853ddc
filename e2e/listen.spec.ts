import { expect, test } from './fixtures';

test('the home page loads with the featured demo ads and no console errors', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Make Your Ads Work Harder' })).toBeVisible();
  await expect(page.locator('a[href^="/ad/"]').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a seeded ad page plays its audio', async ({ page, request }) => {
  const { ads } = await (await request.get('/api/ads?limit=1')).json();
  await page.goto(`/ad/${ads[0].slug}`);
  await expect(page.getByRole('heading', { name: ads[0].title })).toBeVisible();
  const audio = page.locator('audio').first();
  await audio.evaluate((el: HTMLAudioElement) => el.play());
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
});
