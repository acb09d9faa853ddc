import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdListResponse, PublicAd } from '../src/shared/ads';
import { expect, test } from './fixtures';

/** Public pages come rendered by the server: readable and usable without JavaScript, hydrated without a mismatch. */

async function adWithContact(request: APIRequestContext): Promise<PublicAd> {
  const { ads } = (await (await request.get('/api/ads?limit=50')).json()) as AdListResponse;
  return ads.find((a) => a.transcript && a.phone && a.websiteUrl) ?? ads[0]!;
}

const cards = (page: Page) => page.getByTestId('ad-card');

/**
 * A developer tools hook for React, which reports each commit to one when a page has it: the hook calls the
 * page's `onReactCommit`, set by the journey's own init script (added after this one).
 */
const watchCommits = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { onReactCommit?: () => void };
    const noop = () => undefined;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onCommitFiberRoot: () => w.onReactCommit?.(),
      onCommitFiberUnmount: noop,
      onPostCommitFiberRoot: noop,
      checkDCE: noop,
    };
  });

/** How many ads the directory lists. */
const adCount = async (request: APIRequestContext, filters = '') =>
  ((await (await request.get(`/api/ads?limit=1${filters}`)).json()) as AdListResponse).count;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the ad page shows title, advertiser, transcript and contact links, with a native player whose audio loads', async ({
    page,
    request,
  }) => {
    const ad = await adWithContact(request);
    await page.goto(`/ad/${ad.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
    await expect(page.getByRole('main').getByText(ad.businessName).first()).toBeVisible();
    await page.getByTestId('transcript').getByText('Transcript').click(); // <details> opens without script
    await expect(page.getByTestId('transcript')).toContainText(ad.transcript!.split(/[.!?]/)[0]!);
    await expect(page.getByRole('link', { name: /Call/ }).first()).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(page.getByRole('link', { name: /Website/ }).first()).toHaveAttribute('href', ad.websiteUrl!);
    // The custom player needs script: the browser's own controls stand in, and its audio is served.
    const audio = page.locator('main audio[controls]').first();
    await expect(audio).toBeVisible();
    const box = await audio.boundingBox();
    expect(box!.height).toBeGreaterThan(20);
    await expect(page.getByRole('button', { name: `Play ${ad.title}` })).toBeHidden();
    const src = await audio.getAttribute('src');
    expect(src).toBe(ad.audioUrl);
    const media = await request.get(src!, { headers: { range: 'bytes=0-1023' } });
    expect([200, 206]).toContain(media.status());
    expect(media.headers()['content-type']).toMatch(/^audio\//);
  });

  test('the directory search is a form: submitted, the results are listed', async ({ page, request }) => {
    const total = await adCount(request);
    await page.goto('/directory');
    await expect(page.getByText(`Showing ${Math.min(12, total)} of ${total} ads`)).toBeVisible();
    const form = page.getByRole('main').getByRole('search');
    await form.getByRole('searchbox', { name: 'Search ads' }).fill('pizza');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/directory\?search=pizza&category=all&location=&station=&aired=$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Harbor Pizza Family Night');
    await expect(page.getByText('Showing 1 of 1 ad', { exact: true })).toBeVisible();
    // A category from the form too.
    await form.getByRole('searchbox', { name: 'Search ads' }).fill('');
    await form.getByRole('combobox', { name: 'Category' }).selectOption('Food & Dining');
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(cards(page).first()).toBeVisible();
    for (const card of await cards(page).all()) await expect(card).toContainText('Food & Dining');
  });

  test('Load More is a link to the next page: the server lists both pages and lands on the first new card', async ({
    page,
    request,
  }) => {
    // The demo's 14 ads at least (journeys before this one may have added some): two pages.
    const total = await adCount(request);
    expect(total).toBeGreaterThan(12);
    const food = await adCount(request, '&category=Food+%26+Dining');
    await page.goto('/directory');
    await expect(cards(page)).toHaveCount(12);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(page).toHaveURL(/\/directory\?page=2#result-13$/);
    const shown = Math.min(24, total);
    await expect(page.getByText(`Showing ${shown} of ${total} ads`)).toBeVisible();
    await expect(cards(page)).toHaveCount(shown);
    await expect(page.locator('#result-13')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(total > 24 ? 1 : 0);
    // The filters travel with it; a page beyond the results lists them all.
    await page.goto('/directory?category=Food+%26+Dining&page=9');
    await expect(cards(page)).toHaveCount(food);
  });

  test('the embedded player shows the ad and plays it with the browser’s own controls', async ({ page, request }) => {
    const ad = await adWithContact(request);
    await page.goto(`/embed/${ad.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: ad.title })).toBeVisible();
    await expect(page.getByText(ad.businessName).first()).toBeVisible();
    await expect(page.locator('audio[controls]')).toHaveAttribute('src', ad.audioUrl);
    await expect(page.getByRole('link', { name: /Listen on AdReplay/ })).toHaveAttribute('href', /\/ad\//);
  });

  test('the home page shows its featured ads, and its links are links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Make Your Ads Work Harder' })).toBeVisible();
    const first = page.locator('main a[href^="/ad/"]').first();
    await expect(first).toBeVisible();
    const href = (await first.getAttribute('href'))!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The header's search works as a form as well.
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search ads' }).fill('bakery');
    await page.getByRole('banner').getByRole('searchbox', { name: 'Search ads' }).press('Enter');
    await expect(page).toHaveURL(/\/directory\?search=bakery$/);
    await expect(cards(page).first()).toContainText(/bakery/i);
  });
});

test.describe('hydration', () => {
  test('every public page hydrates the server HTML without an error or warning', async ({ page, request }) => {
    test.setTimeout(120_000);
    const ad = await adWithContact(request);
    const pages = [
      '/',
      '/directory',
      '/directory?search=pizza',
      '/directory?category=Food+%26+Dining&location=Portland',
      '/directory?page=2',
      `/ad/${ad.slug}`,
      `/ad/${ad.slug}?src=qr`,
      '/station/KXRP',
      `/embed/${ad.slug}`,
      `/embed/${ad.slug}?theme=dark`,
      '/embed/no-such-ad',
      '/advertisers',
      '/partners',
      '/about',
      '/about/measurement',
      '/contact',
      '/terms',
      '/demo',
      '/docs/integration',
      '/no-such-page',
    ];
    const problems: string[] = [];
    let current = '';
    page.on('console', (msg) => {
      const text = msg.text();
      // The not-found page's own 404 status is reported by the browser as a failed load.
      if (/^\/(no-such-page|embed\/no-such-ad)$/.test(current) && text.includes('status of 404')) return;
      if (msg.type() === 'error' || (msg.type() === 'warning' && /hydrat/i.test(text)))
        problems.push(`${current}: ${msg.type()}: ${text}`);
    });
    page.on('pageerror', (err) => problems.push(`${current}: ${err.message}`));
    // The server's first heading, kept before any script runs: after hydration it must be the same element.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { ssrHeading: Element | null }).ssrHeading = document.querySelector('#root h1');
      });
    });
    for (const url of pages) {
      current = url;
      await page.goto(url);
      await page.waitForFunction(() => {
        const root = document.getElementById('root');
        return root !== null && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
      });
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(() => {
        const first = (window as unknown as { ssrHeading: Element | null }).ssrHeading;
        return first !== null && first === document.querySelector('#root h1') && first.isConnected;
      });
      expect(kept, `${url}: the server's HTML was hydrated, not replaced`).toBe(true);
    }
    expect(problems).toEqual([]);
  });

  test('hydrating a page of cards reads no element’s size: it forces no layout in the middle of the work', async ({
    page,
  }) => {
    // Every read of a size before the page is marked hydrated, with the stack that made it.
    await page.addInitScript(() => {
      const reads: string[] = [];
      (window as unknown as { sizeReads: string[] }).sizeReads = reads;
      const watch = (proto: object, name: string) => {
        const own = Object.getOwnPropertyDescriptor(proto, name)!;
        const note = () => {
          if (document.documentElement.dataset.hydrated === undefined) reads.push(`${name} ${new Error().stack}`);
        };
        const read = own.get;
        const call = own.value as ((...args: unknown[]) => unknown) | undefined;
        const watched = read
          ? {
              get(this: unknown) {
                note();
                return read.call(this);
              },
            }
          : {
              value(this: unknown, ...args: unknown[]) {
                note();
                return call!.apply(this, args);
              },
            };
        Object.defineProperty(proto, name, { ...own, ...watched });
      };
      for (const name of ['clientWidth', 'clientHeight', 'getBoundingClientRect']) watch(Element.prototype, name);
      for (const name of ['offsetWidth', 'offsetHeight']) watch(HTMLElement.prototype, name);
    });
    for (const url of ['/', '/directory']) {
      await page.goto(url);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { sizeReads: string[] }).sizeReads), url).toEqual([]);
      // The waveforms are measured once the browser has laid the page out by itself.
      await expect(page.getByTestId('ad-card').first().locator('svg path').first()).toBeAttached();
    }
  });

  test('an ad page with airings makes no time-zone formatter while it hydrates: the server writes their times', async ({
    page,
    request,
  }) => {
    const { ads } = (await (await request.get('/api/ads?limit=50')).json()) as AdListResponse;
    let aired: PublicAd | undefined;
    for (const { slug } of ads) {
      const ad = (await (await request.get(`/api/ads/${slug}`)).json()) as PublicAd;
      if (ad.airedOn?.length) {
        aired = ad;
        break;
      }
    }
    expect(aired, 'a demo ad with airings').toBeDefined();
    // The first formatter with a time zone cost 14-32 ms of one hydration slice.
    await page.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { zoneFormatters: string[] }).zoneFormatters = made;
      const Made = Intl.DateTimeFormat;
      Intl.DateTimeFormat = function (this: unknown, ...args: ConstructorParameters<typeof Made>) {
        if (args[1]?.timeZone && document.documentElement.dataset.hydrated === undefined) made.push(args[1].timeZone);
        return new Made(...args);
      } as typeof Made;
    });
    await page.goto(`/ad/${aired!.slug}`);
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect(page.getByTestId('aired-on').locator('time').first()).toHaveText(aired!.airedOn![0]!.localTime);
    expect(await page.evaluate(() => (window as unknown as { zoneFormatters: string[] }).zoneFormatters)).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('cards off screen are not laid out until they come near, and hold their height: nothing moves as they come', async ({
      page,
    }) => {
      await page.goto('/directory');
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      const last = cards(page).last();
      // What content-visibility skips reports itself hidden to checkVisibility.
      const shown = (card: typeof last) =>
        card.getByRole('heading').evaluate((h) => h.checkVisibility({ contentVisibilityAuto: true }));
      const tops = () => cards(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top + scrollY));
      const heights = () => cards(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      expect(await shown(cards(page).first())).toBe(true);
      expect(await shown(last)).toBe(false);
      const before = { tops: await tops(), heights: await heights() };
      await last.scrollIntoViewIfNeeded();
      await expect.poll(() => shown(last)).toBe(true);
      // The waveform is drawn once the card is laid out.
      await expect(last.locator('svg path').first()).toBeAttached();
      expect(await heights()).toEqual(before.heights);
      expect(await tops()).toEqual(before.tops);
    });
  });

  test('a first visit’s ad page is not rendered again once hydrated (its empty lists are the server’s)', async ({
    page,
    request,
  }) => {
    // The first commit with a Like button keeps the props it was hydrated with. A render after hydration
    // gives the button new props.
    await watchCommits(page);
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown> & {
        onReactCommit: () => void;
        hydratedProps?: { like: Record<string, unknown>; key: string; props: unknown };
      };
      w.onReactCommit = () => {
        if (w.hydratedProps) return;
        const like = [...document.querySelectorAll('main button')].find((b) => b.textContent?.trim() === 'Like');
        const key = like && Object.keys(like).find((k) => k.startsWith('__reactProps'));
        if (!like || !key) return;
        const element = like as unknown as Record<string, unknown>;
        w.hydratedProps = { like: element, key, props: element[key] };
      };
    });
    const ad = await adWithContact(request);
    await page.goto(`/ad/${ad.slug}`);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    const same = await page.evaluate(() => {
      const h = (
        window as unknown as { hydratedProps?: { like: Record<string, unknown>; key: string; props: unknown } }
      ).hydratedProps;
      return h ? h.like[h.key] === h.props : null;
    });
    expect(same).toBe(true);
    // It is still the browser's own list: a like shows at once, and stays on the next visit.
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
  });

  test('hydration’s effects render nothing again and ask for nothing in their own task, on a phone of a browser that was signed in', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The session is being read (no answer): the header shows the remembered sign-in meanwhile.
    await page.route('**/api/auth/get-session', () => undefined);
    // Counts the commits React makes in the task where hydration's effects run (those before the mark's
    // observer, which runs once that task's script is done), and notes whether the session was asked for then.
    await watchCommits(page);
    await page.addInitScript(() => {
      localStorage.setItem('adreplay:signed-in', '1');
      const w = window as unknown as {
        onReactCommit: () => void;
        commitsInEffectsTask: number;
        sessionAskedEarly: boolean | null;
      };
      w.commitsInEffectsTask = 0;
      w.sessionAskedEarly = null;
      let markObserved = false;
      // The document: its <html> is not parsed yet when this runs.
      new MutationObserver(() => (markObserved = true)).observe(document, {
        subtree: true,
        attributeFilter: ['data-hydrated'],
      });
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes('/api/auth/get-session')) w.sessionAskedEarly = !markObserved;
        return fetch(input, init);
      };
      w.onReactCommit = () => {
        if (document.documentElement.dataset.hydrated !== undefined && !markObserved) w.commitsInEffectsTask++;
      };
    });
    const ad = await adWithContact(request);
    for (const url of ['/', '/directory', `/ad/${ad.slug}`]) {
      await page.goto(url);
      // The header's account corner (in the menu on a phone) has switched to the signed-in links.
      await expect(page.locator('header a[href="/dashboard"]').first(), url).toBeAttached();
      const { commits, sessionAskedEarly } = await page.evaluate(() => {
        const w = window as unknown as { commitsInEffectsTask: number; sessionAskedEarly: boolean | null };
        return { commits: w.commitsInEffectsTask, sessionAskedEarly: w.sessionAskedEarly };
      });
      expect(commits, url).toBe(0);
      expect(sessionAskedEarly, `${url}: the session is asked for, once hydration's task is over`).toBe(false);
    }
  });

  test('the hydrated ad page plays its audio in the custom player', async ({ page, request }) => {
    const ad = await adWithContact(request);
    await page.goto(`/ad/${ad.slug}`);
    await expect(page.locator('main audio[controls]')).toHaveCount(0); // the <noscript> stand-in is inert
    await page.getByRole('button', { name: `Play ${ad.title}` }).click();
    await expect(page.getByRole('button', { name: `Pause ${ad.title}` })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLAudioElement>('main audio')?.currentTime ?? 0))
      .toBeGreaterThan(0.2);
  });
});

test('a page the browser renders asks for its scripts at once, not after the wait for a first paint', async ({
  page,
}) => {
  for (const url of ['/login', '/dashboard']) {
    await page.goto(url);
    // The loader's last resort is 3 s; a page with nothing server-rendered to paint must not wait for it.
    const entryStart = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').find((r) => r.name.includes('/assets/main-') && r.name.endsWith('.js'))
          ?.startTime ?? null,
    );
    expect(entryStart, url).not.toBeNull();
    expect(entryStart!, url).toBeLessThan(2_000);
  }
});

test('React DOM, which the start imports in a task of its own, is asked for with the other scripts', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  const started = await page.evaluate(() => {
    const at = (pattern: RegExp) =>
      performance.getEntriesByType('resource').find((r) => pattern.test(r.name))?.startTime;
    return { reactDom: at(/\/assets\/client-[\w-]+\.js$/), entry: at(/\/assets\/main-[\w-]+\.js$/) };
  });
  // Not requested only once the entry has run its import (a round trip more on a phone's network).
  expect(started.reactDom).toBeDefined();
  expect(started.reactDom!).toBeLessThan(started.entry!);
});

test.describe('the headings’ font', () => {
  /**
   * When the display face was asked for and the first contentful paint came (ms since the page's start), and
   * whether <html> ever had the class that holds the headings in the text face.
   */
  const fontTiming = (page: Page) =>
    page.evaluate(() => ({
      fontAt: performance.getEntriesByType('resource').find((r) => r.name.endsWith('.woff2'))?.startTime ?? null,
      paintAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      held: (window as unknown as { held?: boolean }).held ?? false,
      holding: document.documentElement.classList.contains('fonts-wait'),
    }));
  const headingFamily = (page: Page) =>
    page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily);

  test('a first visit’s first page keeps the text face and fetches the display face after the first paint; the next page shows it', async ({
    page,
  }) => {
    const display = '700 16px "Bricolage Grotesque Variable"';
    await page.addInitScript((font) => {
      const w = window as unknown as { held: boolean; loadedWhenShown?: boolean };
      new MutationObserver(() => {
        if (document.documentElement.classList.contains('fonts-wait')) w.held = true;
        // The headings change face once, to the loaded font: not first to its fallback while it loads.
        else if (w.held && w.loadedWhenShown === undefined) w.loadedWhenShown = document.fonts.check(font);
      }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
    }, display);
    await page.goto('/');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect.poll(() => page.evaluate((font) => document.fonts.check(font), display)).toBe(true);
    const first = await fontTiming(page);
    expect(first.held).toBe(true);
    expect(first.fontAt).not.toBeNull();
    expect(first.fontAt!).toBeGreaterThan(first.paintAt!);
    // Loaded and noted, but this page's headings stay as they painted: no relayout, nothing moves.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('web-fonts'))).toMatch(/^[\w-]{16}$/);
    expect((await fontTiming(page)).holding).toBe(true);
    expect(await headingFamily(page)).toMatch(/^ui-sans-serif/);

    // The first page the app renders itself has the display face, already loaded.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Browse Ads' }).click();
    await expect(page).toHaveURL(/\/directory$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browse Ads');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    expect((await fontTiming(page)).holding).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { loadedWhenShown?: boolean }).loadedWhenShown)).toBe(true);
    expect(await headingFamily(page)).toMatch(/^"Bricolage Grotesque Variable"/);

    // A next page load has it from the first layout.
    await page.goto('/directory');
    const next = await fontTiming(page);
    expect(next.held).toBe(false);
    expect(await page.evaluate((font) => document.fonts.check(font), display)).toBe(true);
    expect(await headingFamily(page)).toMatch(/^"Bricolage Grotesque Variable"/);
  });

  test('a first visit to a page the browser renders shows the display face at once', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    expect((await fontTiming(page)).holding).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await headingFamily(page)).toMatch(/^"Bricolage Grotesque Variable"/);
  });
});

test('the server renders with the production build of React, whatever NODE_ENV the process has', async () => {
  // vite.config.ts: the server's render bundle carries its own React, built for production.
  const dir = fileURLToPath(new URL('../dist/ssr/', import.meta.url));
  const files = [
    path.join(dir, 'entry-server.js'),
    ...(await readdir(path.join(dir, 'assets'))).map((f) => path.join(dir, 'assets', f)),
  ];
  const code = (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n');
  expect(code).toContain('react-dom-server.node.production');
  expect(code).not.toMatch(/react(-dom)?(-server)?(\.node)?\.development/);
});
