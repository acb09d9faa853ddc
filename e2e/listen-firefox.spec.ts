import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { messages } from '../src/shared/messages';
import { expect, test } from './fixtures';
import { installFakeMicrophone } from './support/fake-microphone';
import { firefoxPath, launchFirefox } from './support/firefox';
import { baseURL, CLIP_SAMPLE_RATE, clipFiles, demoAd, HEARD, untilIndexed, type Clip } from './support/listen';

/**
 * "Heard it on air?" in Firefox (Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi):
 * its Web Audio runs at 44.1 kHz here, not Chromium's 48 kHz. Firefox has no fake-microphone flag, so
 * the page's getUserMedia is replaced by a stream of the same clips (support/fake-microphone.ts); a
 * refused permission is the browser's own answer.
 */

test.describe('Listen in Firefox', () => {
  test.skip(!firefoxPath, 'Firefox is not installed (Debian: apt-get install firefox-esr)');
  let browser: Browser;
  test.beforeAll(async () => {
    // The browser's own answer to getUserMedia, for the refusal (the other journeys replace it).
    browser = await launchFirefox({
      'media.navigator.permission.disabled': false,
      'permissions.default.microphone': 2,
    });
  });
  test.afterAll(() => browser?.close());

  /** A page of the app, failing the journey on a console error. */
  async function openPage(errors: string[]) {
    const page = await browser.newPage();
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${baseURL()}/`);
    return page;
  }

  async function listen(page: Page, clip: Clip | null) {
    if (clip)
      await page.evaluate(
        installFakeMicrophone,
        readFileSync(clipFiles(clip).pcm).toString('base64'),
        CLIP_SAMPLE_RATE,
      );
    await page.click('header button[aria-label="Listen for an ad"]');
  }

  /** Waits for the open dialog to say `text`; on a timeout, the error says what it said instead. */
  async function dialogShows(page: Page, text: string, timeout: number) {
    try {
      await page.waitForFunction(
        (t) => document.querySelector('dialog[open]')?.textContent?.includes(t),
        { timeout },
        text,
      );
    } catch (err) {
      const shown = await page.evaluate(() => document.querySelector('dialog[open]')?.textContent ?? '(no dialog)');
      throw new Error(`The dialog did not say "${text}" at ${page.url()}; it said: ${shown}`, { cause: err });
    }
  }

  test('lands on the ad it hears, sending only landmarks', async () => {
    test.setTimeout(90_000);
    const ad = await demoAd(HEARD.title);
    await untilIndexed(clipFiles('ad').raw, ad.slug);
    const errors: string[] = [];
    const page = await openPage(errors);
    await listen(page, 'ad');
    await dialogShows(page, 'Listening...', 10_000);
    await page.waitForFunction((p) => location.pathname === p, { timeout: 15_000 }, `/ad/${ad.slug}`);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe(ad.title);

    // Only fingerprints went out: pairs of numbers, never audio.
    const bodies = await page.evaluate(() => (window as unknown as { identifyBodies: string[] }).identifyBodies);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      const sent = JSON.parse(body) as { landmarks: unknown[] };
      expect(Object.keys(sent)).toEqual(['landmarks']);
      expect(sent.landmarks.length).toBeGreaterThan(0);
      for (const pair of sent.landmarks) expect(pair).toEqual([expect.any(Number), expect.any(Number)]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test('audio that is no ad ends with no match', async () => {
    const errors: string[] = [];
    const page = await openPage(errors);
    await listen(page, 'foreign');
    await dialogShows(page, 'Listening...', 10_000);
    await dialogShows(page, 'No match found', 20_000);
    await dialogShows(page, messages.listenNoMatch, 1_000);
    // It heard the clip (not silence, which has a message of its own).
    expect(await page.$eval('dialog[open]', (d) => d.textContent)).not.toContain('The microphone heard nothing');
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a refused microphone says so', async () => {
    const page = await openPage([]);
    await listen(page, null);
    await dialogShows(page, 'Microphone access is off', 10_000);
    await page.close();
  });
});
