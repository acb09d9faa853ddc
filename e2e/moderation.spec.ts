import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';
import { moderationMessages } from '../src/shared/moderation';
import { signUp, uniqueEmail } from './support/signup';

const MP3 = path.join(process.cwd(), 'src/server/db/seed/assets/audio/sunrise-bakery.mp3');
/** Named moderator by ADMIN_EMAILS in global-setup.ts. */
const MODERATOR = 'moderator@adreplay.test';

test('a listener reports an ad, a moderator takes it down with a reason, the owner reads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // three people, each signing in
  // The advertiser publishes an ad.
  await signUp(page, { email: uniqueEmail('reported') });
  await expect(page).toHaveURL(/\/dashboard$/);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/my/ads', {
    headers: { origin },
    multipart: {
      title: 'Miracle Cure Tonic',
      business_name: 'Tonic Traders',
      category: 'Healthcare',
      audio: { name: 'spot.mp3', mimeType: 'audio/mpeg', buffer: readFileSync(MP3) },
    },
  });
  expect(created.status()).toBe(201);
  const ad = (await created.json()) as { id: string; slug: string };

  const listener = await browser.newContext({ baseURL: origin });
  const moderator = await browser.newContext({ baseURL: origin });
  try {
    // A listener reports it from the ad page, with the keyboard.
    const listenerPage = await listener.newPage();
    await listenerPage.goto(`/ad/${ad.slug}`);
    await listenerPage.getByRole('button', { name: 'Report this ad' }).click();
    const dialog = listenerPage.getByRole('dialog', { name: 'Report this ad' });
    await dialog.getByLabel('Details (optional)').fill('Claims to cure everything.');
    await dialog.getByRole('button', { name: 'Misleading' }).focus();
    await listenerPage.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(moderationMessages.reported);
    await listenerPage.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(listenerPage.getByRole('button', { name: 'Report this ad' })).toBeFocused();

    // The moderator finds it in the queue with the listener's words, and must give a reason.
    const moderatorPage = await moderator.newPage();
    await signUp(moderatorPage, { email: MODERATOR });
    await expect(moderatorPage).toHaveURL(/\/dashboard$/);
    await moderatorPage.goto('/admin');
    await expect(moderatorPage.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    const item = moderatorPage.getByTestId('queue-item').filter({ hasText: 'Miracle Cure Tonic' });
    await item.getByText('Reports, newest first').click();
    await expect(item.getByText('Claims to cure everything.')).toBeVisible();
    await item.getByRole('button', { name: 'Take down' }).click();
    await expect(item.getByText('Give a reason')).toBeVisible();
    await item.getByLabel('Reason (required; the advertiser reads it)').fill('Unsupported health claims.');
    await item.getByRole('button', { name: 'Take down' }).click();
    await expect(moderatorPage.getByText('Ad taken down')).toBeVisible();

    // The page now answers 451 with the notice; the owner reads the decision and its reason.
    const gone = await listenerPage.goto(`/ad/${ad.slug}`);
    expect(gone!.status()).toBe(451);
    await expect(listenerPage.getByText(moderationMessages.removed.taken_down)).toBeVisible();
    await page.goto('/dashboard/ads');
    await expect(page.getByText(moderationMessages.ownerNotice.taken_down)).toBeVisible();
    await expect(page.getByText('Unsupported health claims.')).toBeVisible();
  } finally {
    await listener.close();
    await moderator.close();
    await page.request.delete(`/api/my/ads/${ad.id}`, { headers: { origin } });
  }
});
