import path from 'node:path';
import {
  sendJson,
  startFakeTranscriber,
  verboseAnswer,
  type FakeTranscriber,
} from '../src/server/test/fake-transcriber';
import { expect, test } from './fixtures';
import { startApp } from './support/app';
import { signUp, uniqueEmail } from './support/signup';

const MP3 = path.join(process.cwd(), 'src/server/db/seed/assets/audio/sunrise-bakery.mp3');
const LINES = ['Good morning from Gull Point Bakery.', 'Ask for the kelp scone and your coffee is on us.'];

const fillAd = async (page: import('@playwright/test').Page, title: string) => {
  await page.getByLabel('Ad Title').fill(title);
  await page.getByLabel('Business Name').fill('Gull Point Bakery');
  await page.getByLabel('Category').selectOption('Food & Dining');
  await page.getByLabel(/Audio File/).setInputFiles(MP3);
};

test('without TRANSCRIBE_URL, the form says automatic transcription is off and asks for the script', async ({
  page,
}) => {
  await signUp(page, { email: uniqueEmail('no-stt') });
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/ads/create');
  await expect(
    page.getByText('Automatic transcription is off on this server, so please type or paste the script.'),
  ).toBeVisible();
});

// A second app, whose TRANSCRIBE_URL is a local service speaking the OpenAI-compatible API; its answers
// wait until the journey lets them go, so 'Transcribing...' can be seen.
test.describe('with a speech-to-text service', () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let fake: FakeTranscriber;
  let release: () => void;
  test.beforeAll(async () => {
    test.setTimeout(120_000); // a start with the demo seed, on a busy machine
    fake = await startFakeTranscriber();
    const answered = new Promise<void>((resolve) => (release = resolve));
    fake.answer(async (res) => {
      await answered;
      sendJson(res, 200, verboseAnswer(LINES, 4));
    });
    app = await startApp({ TRANSCRIBE_URL: fake.url });
  });
  test.afterAll(async () => {
    release?.();
    await app?.stop();
    await fake?.close();
  });

  test("the owner sees 'Transcribing...', then the text to review and edit; the edit stays", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    await signUp(page, { email: uniqueEmail('stt') }, `${app.url}/signup`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${app.url}/dashboard/ads/create`);
    await expect(page.getByText(/^Automatic transcription is on/)).toBeVisible();
    await fillAd(page, 'Kelp Scone Morning');
    await page.getByRole('button', { name: 'Publish Ad' }).click();
    await expect(page.getByText('Ad created successfully!')).toBeVisible();

    const row = page.getByTestId('my-ad-row').filter({ hasText: 'Kelp Scone Morning' });
    await expect(row.getByText('Transcribing...')).toBeVisible();
    await row.getByRole('link', { name: 'Edit Kelp Scone Morning' }).click();
    const field = page.getByLabel('Transcript (what is said in the ad)');
    await expect(page.getByRole('status').filter({ hasText: 'Transcribing...' })).toBeVisible();
    await expect(field).toHaveValue('');

    // The service answers; the page, polling, shows the timed lines in the field for review.
    release();
    await expect(
      page.getByText('Transcribed automatically. Review the text and correct any words, then save.'),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(field).toHaveValue(`[0:00] ${LINES[0]}\n[0:04] ${LINES[1]}`);

    await field.fill(`[0:00] ${LINES[0]}\n[0:04] Ask for the kelp scone and your latte is on us.`);
    await page.getByRole('button', { name: 'Update Ad' }).click();
    await expect(page).toHaveURL(/\/dashboard\/ads$/);
    await expect(row.getByText('Transcribing...')).toHaveCount(0);
    await row.getByRole('link', { name: 'Edit Kelp Scone Morning' }).click();
    await expect(field).toHaveValue(`[0:00] ${LINES[0]}\n[0:04] Ask for the kelp scone and your latte is on us.`);
    expect(fake.received).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });
});
