import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { toneFile } from '../src/server/test/audio';
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
  const svgDownload = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'SVG' }).click();
  const svg = await svgDownload;
  expect(svg.suggestedFilename()).toBe(`${ad.slug}-qr.svg`);
  expect(readFileSync((await svg.path())!, 'utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  // Share: this browser has no share sheet, so the link (marked as shared) is copied.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await panel.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${publicUrl}?src=share`);
  // The preview plays.
  await panel.getByRole('button', { name: `Play ${TITLE}` }).click();
  await expect.poll(() => panel.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.3);
  await panel.getByRole('button', { name: `Pause ${TITLE}` }).click();
  await expect(panel.getByRole('link', { name: 'Open ad page' })).toHaveAttribute('href', `/ad/${ad.slug}`);
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

test('every accepted audio format uploads, is measured, and plays on the ad page', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await signUp(page, { email: uniqueEmail('formats') });
  await expect(page).toHaveURL(/\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const title = 'Format Check Spot';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-formats-'));
  const tone = (name: string, codec: string[]) => toneFile(dir, name, 3, ['-ac', '2', '-ar', '44100', ...codec]);
  let id: string | undefined;
  try {
    // The picker says which formats work; an M4A goes through the form like any other.
    await page.goto('/dashboard/ads/create');
    await expect(page.getByText('MP3, AAC (M4A), WAV, FLAC, Ogg Vorbis or Ogg Opus', { exact: true })).toBeVisible();
    await page.getByLabel('Ad Title').fill(title);
    await page.getByLabel('Business Name').fill('Format Bakery');
    await page.getByLabel('Category').selectOption('Food & Dining');
    await page
      .getByLabel(/Audio File/)
      .setInputFiles({ name: 'spot.m4a', mimeType: 'audio/x-m4a', buffer: await tone('form.m4a', ['-c:a', 'aac']) });
    await page.getByRole('button', { name: 'Publish Ad' }).click();
    await expect(page.getByText('Ad created successfully!')).toBeVisible();
    id = ((await (await page.request.get('/api/my/ads')).json()) as { ads: { id: string }[] }).ads[0]!.id;
    await page.goto(`/dashboard/ads/edit/${id}`);
    await expect(page.getByTestId('current-audio')).toContainText('Current audio (0:03)');

    // Each format in turn replaces the audio (through the API, as the form would), then plays.
    // [file, the type a browser declares for it, ffmpeg output options]
    const formats: [string, string, string[]][] = [
      ['spot.mp3', 'audio/mpeg', ['-c:a', 'libmp3lame']],
      ['spot.m4a', 'audio/x-m4a', ['-c:a', 'aac']],
      ['spot.aac', 'audio/aac', ['-c:a', 'aac']],
      ['spot.wav', 'audio/wav', ['-c:a', 'pcm_s16le']],
      ['spot.ogg', 'audio/ogg', ['-c:a', 'libvorbis']],
      ['spot.opus', 'audio/ogg', ['-c:a', 'libopus', '-ar', '48000']],
      ['spot.flac', 'audio/flac', ['-c:a', 'flac']],
    ];
    for (const [name, mimeType, codec] of formats) {
      const audio = { name, mimeType, buffer: await tone(name, codec) };
      const res = await page.request.put(`/api/my/ads/${id}`, {
        headers: { origin },
        multipart: { title, business_name: 'Format Bakery', category: 'Food & Dining', audio },
      });
      expect(res.status(), name).toBe(200);
      const ad = (await res.json()) as { slug: string; audioDurationMs: number };
      expect(Math.abs(ad.audioDurationMs - 3000), name).toBeLessThanOrEqual(100);

      await page.goto(`/ad/${ad.slug}`);
      const player = page.locator('audio').first();
      await page
        .getByRole('button', { name: `Play ${title}` })
        .first()
        .click();
      await expect
        .poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime), { message: name })
        .toBeGreaterThan(0.3);
      expect(await player.evaluate((a: HTMLAudioElement) => a.error), name).toBeNull();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    // The directory journeys count the demo ads: this journey removes what it published.
    if (id) await page.request.delete(`/api/my/ads/${id}`, { headers: { origin } });
  }
  expect(consoleErrors).toEqual([]);
});
