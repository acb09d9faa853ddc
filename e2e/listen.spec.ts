import type { Page } from '@playwright/test';
import type { AnalyticsSummary } from '../src/shared/analytics';
import { messages } from '../src/shared/messages';
import { expect, test as base } from './fixtures';
import { expectAccessible } from './support/axe';
import { chromiumArgs } from './support/browser';
import { apiClient, baseURL, clipFiles, demoAd, HEARD, untilIndexed, type Clip } from './support/listen';

/**
 * "Heard it on air?" with Chromium's fake microphone: it plays a WAV file made here with ffmpeg, as a phone
 * would hear a radio. One browser per clip (the file is a launch flag), so each group names its clip.
 */

/**
 * Each journey gets a browser of its own, launched with its fake microphone: the clip it plays (none: the
 * browser has no microphone at all), and whether the permission prompt is answered yes (otherwise the
 * browser's permission store answers).
 */
const test = base.extend<{ clip: Clip | null; answerPrompt: boolean }>({
  clip: [null, { option: true }],
  answerPrompt: [true, { option: true }],
  context: async ({ playwright, launchOptions, clip, answerPrompt, baseURL, extraHTTPHeaders }, use) => {
    const fakeMicrophone = clip
      ? [
          ...(answerPrompt ? ['--use-fake-ui-for-media-stream'] : []),
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-audio-capture=${clipFiles(clip).wav}`,
        ]
      : [];
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions.args ?? chromiumArgs), ...fakeMicrophone],
    });
    const context = await browser.newContext({ baseURL, extraHTTPHeaders, viewport: { width: 1280, height: 800 } });
    await use(context);
    await browser.close();
  },
});

async function openListening(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Listen for an ad' }).click();
  return page.getByRole('dialog', { name: 'Heard it on air?' });
}

test.describe('listening to an ad of the catalogue', () => {
  test.use({ clip: 'ad' });

  test('lands on the ad it hears, counted with source listen', async ({ page, consoleErrors }) => {
    const ad = await demoAd(HEARD.title);
    await untilIndexed(clipFiles('ad').raw, ad.slug);

    // What the owner's analytics say before (the demo advertiser, through the API).
    const owner = await apiClient('198.19.1.3');
    const signIn = await owner.post('/api/auth/sign-in/email', {
      data: { email: 'demo@adreplay.test', password: 'demo-advertiser' },
      headers: { origin: baseURL() },
    });
    expect(signIn.status()).toBe(200);
    const listenEvents = async () => {
      const summary = (await (await owner.get(`/api/analytics?period=all&adId=${ad.id}`)).json()) as AnalyticsSummary;
      return summary.sources.find((s) => s.source === 'listen')?.events ?? 0;
    };
    const before = await listenEvents();

    const sent: unknown[] = [];
    page.on('request', (r) => r.url().endsWith('/api/identify') && sent.push(r.postDataJSON()));
    const dialog = await openListening(page);
    await expect(dialog.getByRole('heading', { name: 'Listening...' })).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText(/Listening\. \d+ seconds left\./);
    await expectAccessible(page);

    await expect(page).toHaveURL(`${baseURL()}/ad/${ad.slug}`, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // It stopped at the first confident match, well before the end of the 12 s, and asks nothing more.
    const lookups = sent.length;
    expect(lookups).toBeLessThan(6);
    await page.waitForTimeout(2_500);
    expect(sent).toHaveLength(lookups);
    // Only fingerprints went out: pairs of numbers, never audio.
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) {
      expect(Object.keys(body as object)).toEqual(['landmarks']);
      for (const pair of (body as { landmarks: unknown[] }).landmarks)
        expect(pair).toEqual([expect.any(Number), expect.any(Number)]);
    }

    // The visit keeps its source: a play on the page counts with source listen.
    await page.getByRole('button', { name: `Play ${ad.title}` }).click();
    await expect.poll(listenEvents, { timeout: 10_000 }).toBeGreaterThan(before);
    await owner.dispose();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('listening to audio that is no ad', () => {
  test.use({ clip: 'foreign' });

  test('ends with no match and offers the search box', async ({ page }) => {
    const dialog = await openListening(page);
    await expect(dialog.getByRole('heading', { name: 'Listening...' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'No match found' })).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText(messages.listenNoMatch, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('No match found.');
    await expect(dialog.getByRole('button', { name: 'Listen again' })).toBeFocused();
    await expectAccessible(page);

    const search = dialog.getByRole('searchbox', { name: 'Search ads' });
    await search.fill('pizza');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/directory\?search=pizza$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Stop and closing release the microphone', async ({ page }) => {
    // Keep hold of every stream and audio context the page makes, to see that they end.
    await page.addInitScript(() => {
      const w = window as unknown as { streams: MediaStream[]; contexts: AudioContext[] };
      w.streams = [];
      w.contexts = [];
      const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (c) => {
        const s = await getUserMedia(c);
        w.streams.push(s);
        return s;
      };
      const Native = window.AudioContext;
      window.AudioContext = class extends Native {
        constructor(o?: AudioContextOptions) {
          super(o);
          w.contexts.push(this);
        }
      };
    });
    const released = () =>
      page.evaluate(() => {
        const w = window as unknown as { streams: MediaStream[]; contexts: AudioContext[] };
        return {
          streams: w.streams.length,
          live: w.streams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length,
          open: w.contexts.filter((c) => c.state !== 'closed').length,
        };
      });

    const dialog = await openListening(page);
    await expect(dialog.getByRole('heading', { name: 'Listening...' })).toBeVisible();
    expect(await released()).toMatchObject({ streams: 1, live: 1 });
    // The constraints that would erase a fingerprint are off.
    const settings = await page.evaluate(() =>
      (window as unknown as { streams: MediaStream[] }).streams[0]!.getAudioTracks()[0]!.getSettings(),
    );
    expect(settings).toMatchObject({ echoCancellation: false, noiseSuppression: false, autoGainControl: false });
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(released).toEqual({ streams: 1, live: 0, open: 0 });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Listen for an ad' })).toBeFocused();

    // Escape while listening, from the home page's own button.
    await page.getByRole('button', { name: /Heard it on air\?/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Listening...' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(released).toEqual({ streams: 2, live: 0, open: 0 });
  });
});

test.describe('a microphone the site may not use', () => {
  test.use({ clip: 'foreign', answerPrompt: false });

  test('a refused permission says so and offers to try again', async ({ page, context }) => {
    await page.goto('/directory');
    // The browser's own answer for this site, as when the listener has said no to it before.
    const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
    const cdp = await context.browser()!.newBrowserCDPSession();
    await cdp.send('Browser.setPermission', {
      permission: { name: 'microphone' },
      setting: 'denied',
      origin: baseURL(),
      browserContextId: targetInfo.browserContextId,
    });
    await page.getByRole('button', { name: /Heard it on air\?/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Heard it on air?' });
    await expect(dialog.getByRole('heading', { name: 'Microphone access is off' })).toBeVisible();
    await expect(
      dialog.getByText(
        'To hear the ad, AdReplay needs your microphone for a few seconds. Allow it for this site in your browser (the icon beside the address), then try again.',
        { exact: true },
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('Microphone access is off.');
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused();
    await expectAccessible(page);

    // Allowed now: trying again listens.
    await context.grantPermissions(['microphone'], { origin: baseURL() });
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByRole('heading', { name: 'Listening...' })).toBeVisible();
  });
});

test.describe('no microphone at all', () => {
  test('says so, with a way to try again', async ({ page, context }) => {
    await context.grantPermissions(['microphone']);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Listen for an ad' }).click();
    const dialog = page.getByRole('dialog', { name: 'Heard it on air?' });
    await expect(dialog.getByRole('heading', { name: 'No microphone found' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused();
    // The dialog fits a small phone without scrolling sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('when the lookup fails', () => {
  test.use({ clip: 'foreign' });

  test('the rate limit and a lost connection each say so, with a way to try again', async ({ page }) => {
    // This client has used up its lookups for the minute (the server's own limit, 30 a minute).
    const landmarks = [[1, 1]];
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++)
      status = (await page.request.post('/api/identify', { data: { landmarks } })).status();
    expect(status).toBe(429);

    const dialog = await openListening(page);
    await expect(dialog.getByRole('heading', { name: 'Too many tries in a row' })).toBeVisible({ timeout: 10_000 });
    await expect(dialog.getByText(/^Please wait \d+ seconds?, then try again\.$/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused();

    // The connection drops: the lookup never gets an answer.
    await page.route('**/api/identify', (route) => route.abort('internetdisconnected'));
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByRole('heading', { name: 'Could not reach AdReplay' })).toBeVisible({ timeout: 10_000 });
    await expect(
      dialog.getByText('Network error. Please check your connection and try again.', { exact: true }),
    ).toBeVisible();
  });

  test('a browser without microphone access (no getUserMedia, as on a page not served over https) offers the search', async ({
    page,
  }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined }));
    const dialog = await openListening(page);
    await expect(dialog.getByRole('heading', { name: 'Listening is not available here' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(dialog.getByRole('searchbox', { name: 'Search ads' })).toBeVisible();
  });
});
