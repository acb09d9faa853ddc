/**
 * The product screenshots of the marketing pages, captured from the built app so they show the product as it
 * is: a fresh app on a temporary DATA_DIR with the demo seed, the demo advertiser signed in, the system Chromium
 * at the sizes of src/web/features/marketing/product-shots.ts, light and dark. Each capture is written as AVIF,
 * WebP and JPEG at 1x and 2x into src/web/features/marketing/screenshots/ (committed, so building needs no
 * browser).
 *   npm run build && npm run screenshots
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp, { type Sharp } from 'sharp';
import { startApp } from '../e2e/support/app.js';
import { chromiumArgs, chromiumPath } from '../e2e/support/browser.js';
import type { AdListResponse } from '../src/shared/ads.js';
import {
  PRODUCT_SHOTS,
  SHOT_DENSITIES,
  SHOT_FORMATS,
  SHOT_THEMES,
  shotFileName,
  type ProductShotName,
} from '../src/web/features/marketing/product-shots.js';

const OUT_DIR = 'src/web/features/marketing/screenshots';
type Theme = (typeof SHOT_THEMES)[number];

/** Where each shot is taken and when its page is ready. */
const CAPTURE: Record<
  ProductShotName,
  { path: (slug: string, theme: Theme) => string; signedIn?: boolean; ready: (page: Page) => Promise<void> }
> = {
  'ad-page': {
    path: (slug) => `/ad/${slug}`,
    ready: (p) => expect(p.getByRole('button', { name: /^Play/ }).first()).toBeVisible(),
  },
  analytics: {
    path: () => '/dashboard/analytics',
    signedIn: true,
    ready: (p) => expect(p.getByTestId('chart-plot').first()).toBeVisible(),
  },
  // The embed is light on partners' pages unless they ask for the dark one.
  embed: {
    path: (slug, theme) => `/embed/${slug}${theme === 'dark' ? '?theme=dark' : ''}`,
    ready: (p) => expect(p.getByRole('button', { name: /^Play/ })).toBeVisible(),
  },
};

/** Encoder settings chosen for UI pictures (flat colour, text): small files without blurred letters. */
function encode(image: Sharp, ext: (typeof SHOT_FORMATS)[number]['ext']) {
  if (ext === 'avif') return image.avif({ quality: 60, effort: 6, chromaSubsampling: '4:4:4' });
  if (ext === 'webp') return image.webp({ quality: 82, effort: 6, smartSubsample: true });
  return image.jpeg({ quality: 80, mozjpeg: true });
}

async function signIn(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill('demo@adreplay.test');
  await page.getByLabel('Password', { exact: true }).fill('demo-advertiser');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Loaded, fonts in, charts drawn, nothing pending. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForTimeout(500);
}

if (!existsSync('dist/server/main.js')) {
  console.error('Build the app first: npm run build && npm run screenshots');
  process.exit(1);
}

const app = await startApp();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const list = (await (await fetch(`${app.url}/api/ads?limit=1&search=Sunrise`)).json()) as AdListResponse;
  const slug = list.ads[0]?.slug;
  if (!slug) throw new Error('The demo seed has no Sunrise Bakery ad');
  const signedIn = await signIn(browser, app.url);

  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });
  for (const [name, shot] of Object.entries(PRODUCT_SHOTS) as [
    ProductShotName,
    (typeof PRODUCT_SHOTS)[ProductShotName],
  ][]) {
    const capture = CAPTURE[name];
    for (const theme of SHOT_THEMES) {
      let context: BrowserContext | undefined;
      try {
        context = await browser.newContext({
          baseURL: app.url,
          viewport: shot.viewport,
          // Enough pixels for the 2x file whatever the ratio of the page's size to the shown size.
          deviceScaleFactor: Math.max(1, Math.ceil((2 * shot.width) / shot.viewport.width)),
          colorScheme: theme,
          reducedMotion: 'reduce',
          storageState: capture.signedIn ? signedIn : undefined,
        });
        const page = await context.newPage();
        await page.goto(capture.path(slug, theme));
        await capture.ready(page);
        await settle(page);
        const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
        for (const density of SHOT_DENSITIES) {
          const size = { width: shot.width * density, height: shot.height * density };
          for (const { ext } of SHOT_FORMATS) {
            const image = sharp(png).resize({ ...size, fit: 'cover', position: 'top', kernel: 'lanczos3' });
            await writeFile(
              path.join(OUT_DIR, shotFileName(name, theme, density, ext)),
              await encode(image, ext).toBuffer(),
            );
          }
        }
      } finally {
        await context?.close();
      }
    }
  }

  let total = 0;
  for (const file of (await readdir(OUT_DIR)).sort()) {
    const { size } = await stat(path.join(OUT_DIR, file));
    total += size;
    console.log(`${file.padEnd(28)} ${(size / 1024).toFixed(1).padStart(6)} KB`);
  }
  console.log(`${'total'.padEnd(28)} ${(total / 1024).toFixed(1).padStart(6)} KB`);
} finally {
  await browser.close();
  await app.stop();
}
