import { readFileSync } from 'node:fs';
import { messages } from '../src/shared/messages';
import { expect, test } from './fixtures';
import { installFakeMicrophone, type PageRecord } from './support/fake-microphone';
import { firefox, webkit, type Engine, type EngineBrowser, type EnginePage } from './support/engines';
import { baseURL, CLIP_SAMPLE_RATE, clipFiles, demoAd, HEARD, untilIndexed, type Clip } from './support/listen';

/**
 * "Heard it on air?" in the other engines: Firefox (Debian's firefox-esr, over WebDriver BiDi) and WebKit,
 * Safari's engine (WebKitGTK's MiniBrowser, over W3C WebDriver). Their Web Audio runs at 44.1 kHz here, not
 * Chromium's 48 kHz, and WebKit starts audio only in a user gesture. Neither has a fake-microphone flag, so
 * the page's getUserMedia is replaced by a stream of the same clips as the Chromium journeys play
 * (support/fake-microphone.ts); a refused permission is Firefox's own answer.
 */

const LISTEN = 'header button[aria-label="Listen for an ad"]';

/** The open dialog says `text` within `timeout`; otherwise the error says what it said instead. */
async function dialogShows(page: EnginePage, text: string, timeout: number) {
  const said = () => page.evaluate(() => document.querySelector('dialog[open]')?.textContent ?? '(no dialog)');
  for (const end = Date.now() + timeout; !(await said()).includes(text);) {
    if (Date.now() > end) throw new Error(`The dialog did not say "${text}"; it said: ${await said()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Opens the home page with the clip as its microphone (null: the browser's own) and presses Listen. */
async function listen(browser: EngineBrowser, clip: Clip | null) {
  const page = await browser.newPage();
  await page.goto(`${baseURL()}/`);
  const pcm = clip && readFileSync(clipFiles(clip).pcm).toString('base64');
  await page.evaluate(installFakeMicrophone, pcm, CLIP_SAMPLE_RATE);
  await page.click(LISTEN);
  return page;
}

const record = (page: EnginePage) => page.evaluate(() => (window as unknown as { record: PageRecord }).record);

function journeys(engine: Engine, { refusal }: { refusal: boolean }) {
  test.describe(`Listen in ${engine.name}`, () => {
    test.skip(!!engine.missing, `${engine.name}: ${engine.missing}`);
    let browser: EngineBrowser;
    test.beforeAll(async () => {
      browser = await engine.launch();
    });
    test.afterAll(() => browser?.close());

    test('lands on the ad it hears, sending only landmarks', async () => {
      test.setTimeout(90_000);
      const ad = await demoAd(HEARD.title);
      await untilIndexed(clipFiles('ad').raw, ad.slug);
      const page = await listen(browser, 'ad');
      await dialogShows(page, 'Listening...', 10_000);
      const path = `/ad/${ad.slug}`;
      await expect.poll(() => page.evaluate(() => location.pathname), { timeout: 15_000 }).toBe(path);
      await expect.poll(() => page.evaluate(() => document.querySelector('h1')?.textContent)).toBe(ad.title);

      // Only fingerprints went out: pairs of numbers, never audio.
      const { identifyBodies, errors } = await record(page);
      expect(identifyBodies.length).toBeGreaterThan(0);
      for (const body of identifyBodies) {
        const sent = JSON.parse(body) as { landmarks: unknown[] };
        expect(Object.keys(sent)).toEqual(['landmarks']);
        expect(sent.landmarks.length).toBeGreaterThan(0);
        for (const pair of sent.landmarks) expect(pair).toEqual([expect.any(Number), expect.any(Number)]);
      }
      expect(errors).toEqual([]);
      await page.close();
    });

    test('audio that is no ad ends with no match', async () => {
      const page = await listen(browser, 'foreign');
      await dialogShows(page, 'Listening...', 10_000);
      await dialogShows(page, 'No match found', 20_000);
      await dialogShows(page, messages.listenNoMatch, 1_000);
      // It heard the clip: silence has a message of its own.
      await dialogShows(page, 'Listen again', 1_000);
      expect(await page.evaluate(() => document.querySelector('dialog[open]')?.textContent)).not.toContain(
        'The microphone heard nothing',
      );
      expect((await record(page)).errors).toEqual([]);
      await page.close();
    });

    if (refusal)
      test('a refused microphone says so', async () => {
        const page = await listen(browser, null);
        await dialogShows(page, 'Microphone access is off', 10_000);
        await page.close();
      });
  });
}

// Firefox answers a microphone request with its stored permission: here, blocked.
journeys(firefox({ 'media.navigator.permission.disabled': false, 'permissions.default.microphone': 2 }), {
  refusal: true,
});
journeys(webkit(), { refusal: false });
