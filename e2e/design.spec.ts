import type { Page } from '@playwright/test';
import type { AdListResponse } from '../src/shared/ads';
import { formatDuration } from '../src/web/lib/format';
import { expect, test } from './fixtures';

/** Each waveform on the page: its box, its bars' stroke width, and the x of every bar. */
async function waveforms(page: Page) {
  return page.locator('svg:has(> path.stroke-slate-300)').evaluateAll((svgs) =>
    svgs.map((svg) => {
      const box = svg.getBoundingClientRect();
      const scale = box.width / Number(svg.getAttribute('viewBox')!.split(' ')[2]);
      const xs = [...svg.querySelectorAll('path')]
        .flatMap((p) => [...(p.getAttribute('d') ?? '').matchAll(/M([\d.]+) /g)].map((m) => Number(m[1]) * scale))
        .sort((a, b) => a - b);
      const card = svg.closest('[data-testid="ad-card"]')?.getBoundingClientRect();
      return {
        top: box.top,
        height: box.height,
        cardTop: card?.top,
        stroke: Number(getComputedStyle(svg.querySelector('path')!).strokeWidth.replace('px', '')),
        xs,
      };
    }),
  );
}

for (const width of [360, 640, 1280]) {
  test(`at ${width} px the directory's waveforms line up at one height, in thin bars with gaps`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto('/directory');
    await expect(page.getByTestId('ad-card').nth(5)).toBeVisible();
    // The cards come rendered by the server; their waveforms are drawn once the page has hydrated.
    await expect(page.locator('svg:has(> path.stroke-slate-300)').nth(5)).toBeVisible();
    const forms = await waveforms(page);
    expect(forms.length).toBeGreaterThanOrEqual(6);
    for (const form of forms) {
      // Every card's waveform is as tall as the others, whatever the length of its title.
      expect(form.height).toBeCloseTo(forms[0]!.height, 0);
      // Thin bars: 2 px, each at least 2 px from the next.
      expect(form.stroke).toBeLessThanOrEqual(3);
      const gaps = form.xs.slice(1).map((x, i) => x - form.xs[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(form.stroke + 1.9);
      // Cards side by side have their waveforms at the same height on the page.
      for (const other of forms.filter((f) => f.cardTop === form.cardTop)) {
        expect(other.top).toBeCloseTo(form.top, 0);
      }
    }
    // No horizontal scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await context.close();
  });
}

test('the ad page shows the duration once, and its first screen on a phone holds artwork, title, advertiser, player, Call and Website', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const { ads } = (await (await page.request.get('/api/ads?limit=1&search=Sunrise')).json()) as AdListResponse;
  const ad = ads[0]!;
  await page.goto(`/ad/${ad.slug}`);
  const first = page.getByRole('article').locator('> div').first();
  const duration = formatDuration(ad.audioDurationMs);
  await expect(first.getByText(duration, { exact: true })).toHaveCount(1);
  for (const part of [
    first.getByRole('img', { name: `${ad.businessName} logo` }),
    page.getByRole('heading', { level: 1, name: ad.title }),
    first.getByText(ad.businessName, { exact: true }).first(),
    first.getByRole('button', { name: `Play ${ad.title}` }),
    first.getByRole('link', { name: `Call ${ad.businessName}` }),
    first.getByRole('link', { name: `${ad.businessName} Website` }),
  ]) {
    await expect(part).toBeInViewport();
  }
  await context.close();
});

test('nothing moves for visitors who ask for reduced motion', async ({ browser, baseURL }) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ baseURL, reducedMotion });
    const page = await context.newPage();
    await page.goto('/directory');
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await expect(button).toBeVisible();
    const seconds = await button.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    if (reducedMotion === 'reduce') expect(seconds).toBeLessThan(0.001);
    else expect(seconds).toBeGreaterThanOrEqual(0.1);
    await context.close();
  }
});
