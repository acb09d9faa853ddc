import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdListResponse } from '../src/shared/ads';
import { startApp } from './support/app';
import { expectAccessible } from './support/axe';
import { signInDemo } from './support/signup';

/*
 * How the product looks: screenshots of its main pages at a phone's and a laptop's width, in the
 * light and the dark theme, compared with the committed ones (e2e/visual.spec.ts-snapshots, made
 * with this machine's Chromium; `npx playwright test e2e/visual.spec.ts --update-snapshots` after
 * an intended change). The app is a fresh one holding only the demo seed, so other journeys' data
 * never shows; dates are masked, as the seed dates its ads relative to today.
 */
test.describe.configure({ mode: 'serial' });

let app: Awaited<ReturnType<typeof startApp>>;
let adSlug: string;
let adId: string;
let signedIn: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
/** This build's note that a browser holds the display face (seo/paint-first.ts): see the shots' contexts. */
let fontsNote: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  app = await startApp();
  const list = (await (await fetch(`${app.url}/api/ads?limit=1&search=Sunrise`)).json()) as AdListResponse;
  adSlug = list.ads[0]!.slug;
  adId = list.ads[0]!.id;
  const context = await browser.newContext({ baseURL: app.url });
  const page = await context.newPage();
  await signInDemo(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('web-fonts'))).not.toBeNull();
  fontsNote = (await page.evaluate(() => localStorage.getItem('web-fonts')))!;
  signedIn = await context.storageState();
  await context.close();
});
test.afterAll(async () => {
  await app?.stop();
});

const WIDTHS = [390, 1280] as const;
/** Keeps the height of pages with day-dependent figures the same every day (see the file). */
const SCREENSHOT_STYLE = fileURLToPath(new URL('./support/screenshot.css', import.meta.url));
const THEMES = ['light', 'dark'] as const;

/** Loaded, fonts in, waveforms measured, nothing pending. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForTimeout(300);
}

const SHOTS: { name: string; path: () => string; auth?: boolean; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    path: () => '/',
    ready: (p) => expect(p.getByRole('heading', { name: 'Make Your Ads Work Harder' })).toBeVisible(),
  },
  {
    name: 'directory',
    path: () => '/directory',
    ready: (p) => expect(p.getByTestId('ad-card').first()).toBeVisible(),
  },
  {
    name: 'ad-page',
    path: () => `/ad/${adSlug}`,
    ready: (p) => expect(p.getByTestId('related-ads')).toBeVisible(),
  },
  {
    name: 'dashboard',
    path: () => '/dashboard',
    auth: true,
    ready: (p) => expect(p.getByTestId('stat-value').first()).not.toBeEmpty(),
  },
  {
    name: 'analytics',
    path: () => '/dashboard/analytics',
    auth: true,
    ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
  },
];

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    for (const shot of SHOTS) {
      test(`${shot.name} at ${width} px, ${theme}`, async ({ browser }) => {
        const context = await browser.newContext({
          baseURL: app.url,
          viewport: { width, height: width < 800 ? 844 : 900 },
          colorScheme: theme,
          reducedMotion: 'reduce',
          storageState: shot.auth ? signedIn : undefined,
        });
        // As a browser that has been here before sees the page: a first visit's first page keeps its headings
        // in the text face (decision 61).
        await context.addInitScript((note) => localStorage.setItem('web-fonts', note), fontsNote);
        const page = await context.newPage();
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.goto(shot.path());
        await shot.ready(page);
        await settle(page);
        await expect(page).toHaveScreenshot(`${shot.name}-${width}-${theme}.png`, {
          fullPage: true,
          animations: 'disabled',
          // Dates and the demo's figures follow the day the seed ran; the featured ad of the home page can be
          // any featured one.
          mask: [
            page.getByTestId('stat-value'),
            page.getByTestId('stat-detail'),
            page.getByTestId('chart-plot'),
            page.getByTestId('analytics-row').getByRole('cell'),
            page.getByTestId('ad-figures'),
            page.getByText(
              /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/,
            ),
            page.locator('time'),
          ],
          stylePath: SCREENSHOT_STYLE,
          maxDiffPixelRatio: 0.01,
        });
        await context.close();
      });
    }
  }
}

const PUBLIC_ROUTES = [
  '/',
  '/directory',
  'AD',
  '/saved',
  '/advertisers',
  '/partners',
  '/about',
  '/about/measurement',
  '/contact',
  '/terms',
  '/demo',
  '/docs/integration',
  '/login',
  '/signup',
  '/register',
  '/forgot-password',
  '/reset-password?token=x',
  '/verify-email?token=x',
  '/no-such-page',
  'EMBED',
  'EMBED?theme=dark',
];

for (const theme of THEMES) {
  test(`every public route is accessible in the ${theme} theme`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ baseURL: app.url, colorScheme: theme });
    const page = await context.newPage();
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.replace(/^AD$/, `/ad/${adSlug}`).replace(/^EMBED/, `/embed/${adSlug}`));
      await page.waitForLoadState('networkidle');
      await expectAccessible(page);
    }
    await context.close();
  });
}

const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/dashboard/ads',
  '/dashboard/ads/create',
  '/dashboard/analytics',
  '/dashboard/analytics/AD_ID',
  '/dashboard/subscription',
  '/dashboard/settings',
];

for (const theme of THEMES) {
  test(`every dashboard page is accessible in the ${theme} theme, charts included`, async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ baseURL: app.url, colorScheme: theme, storageState: signedIn });
    const page = await context.newPage();
    for (const route of SIGNED_IN_ROUTES) {
      await page.goto(route.replace('AD_ID', adId));
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectAccessible(page);
    }
    await context.close();
  });
}
