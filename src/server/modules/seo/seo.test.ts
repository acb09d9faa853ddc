import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, stations } from '../../db/schema.js';
import { createUser, insertAd } from '../../db/seed/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createWebDir } from '../../test/web-dir.js';
import { APP_ROUTES } from '../../../shared/routes.js';
import { inputMessages } from '../../input-guard.js';
import { isoDuration } from './head.js';

const ORIGIN = 'https://adreplay.example';
const ATTACK = '</title><script>alert(1)</script>';
const SCRIPT = Buffer.from('console.log("AdReplay");\n'.repeat(200));

let t: TestApp;
let webDir: string;
let visibleSlug: string;
let hiddenSlug: string;
let attackSlug: string;
let m4aSlug: string;

beforeAll(async () => {
  webDir = await createWebDir();
  // As the build leaves them: a script with its brotli twin (see vite.config.ts).
  await writeFile(path.join(webDir, 'assets/app.js'), SCRIPT);
  await writeFile(path.join(webDir, 'assets/app.js.br'), brotliCompressSync(SCRIPT));
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN }, { webDir });
  const owner = await createUser(t.db);
  visibleSlug = (
    await insertAd(t.db, {
      userId: owner.id,
      title: 'Sunrise Bakery Croissants',
      businessName: 'Sunrise Bakery',
      description: 'Fresh croissants "every" morning & more.',
      websiteUrl: 'https://sunrise.example.com',
      logoUrl: '/media/images/u/logo.png',
      audioUrl: '/media/audio-files/u/spot.mp3',
      audioType: 'audio/mpeg',
      audioDurationMs: 65_400,
      updatedAt: new Date('2026-03-04T10:00:00Z'),
    })
  ).slug;
  hiddenSlug = (await insertAd(t.db, { userId: owner.id, title: 'Paused Promo', isActive: false })).slug;
  m4aSlug = (
    await insertAd(t.db, {
      userId: owner.id,
      title: 'Harbor Kayaks',
      audioUrl: '/media/audio-files/u/spot.m4a',
      audioType: 'audio/mp4',
    })
  ).slug;
  attackSlug = (await insertAd(t.db, { userId: owner.id, title: ATTACK, description: ATTACK, logoUrl: null })).slug;
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject(url);
  return { status: res.statusCode, html: res.body, headers: res.headers };
};
const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]!) as unknown;

describe('server-rendered station pages', () => {
  it("carry the station's title, description and canonical, its day as page data, or a 404 of their own", async () => {
    const owner = await createUser(t.db);
    await t.db.insert(stations).values({
      userId: owner.id,
      callSign: 'KSEO',
      name: 'Search Radio',
      frequency: '88.1 FM',
      city: 'Austin, TX',
      timeZone: 'America/Chicago',
    });
    const { status, html } = await page('/station/kseo');
    expect(status).toBe(200);
    expect(html).toContain('<title>KSEO Search Radio: what aired today | AdReplay</title>');
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toContain(
      'KSEO Search Radio (88.1 FM, Austin, TX)',
    );
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}/station/KSEO`);
    expect(pageData(html)).toMatchObject({ station: { callSign: 'KSEO' }, hour: null, airings: [] });
    const missing = await page('/station/NOPE');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<title>Station Not Found | AdReplay</title>');
  });
});

describe('server-rendered ad pages', () => {
  it('carry title, description, canonical, Open Graph, Twitter and JSON-LD before any JavaScript', async () => {
    const { status, html, headers } = await page(`/ad/${visibleSlug}?src=qr`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-cache');
    expect(html).toContain('<title>Sunrise Bakery Croissants | AdReplay</title>');
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toBe(
      'Fresh croissants &quot;every&quot; morning &amp; more.',
    );
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}/ad/${visibleSlug}`);
    expect(attr(html, /property="og:url" content="([^"]*)"/)).toBe(`${ORIGIN}/ad/${visibleSlug}`);
    // The 1200x630 share card is the one og:image (networks taking the first image showed the 256x256 logo).
    expect(html.match(/property="og:image"/g)).toHaveLength(1);
    expect(attr(html, /property="og:image" content="([^"]*)"/)).toMatch(
      new RegExp(`^${ORIGIN}/ad/${visibleSlug}/og\\.png\\?v=[0-9a-z]+$`),
    );
    expect(attr(html, /property="og:image:width" content="([^"]*)"/)).toBe('1200');
    expect(attr(html, /property="og:audio" content="([^"]*)"/)).toBe(`${ORIGIN}/media/audio-files/u/spot.mp3`);
    expect(attr(html, /property="og:audio:type" content="([^"]*)"/)).toBe('audio/mpeg');
    expect(attr(html, /property="og:type" content="([^"]*)"/)).toBeTruthy();
    expect(attr(html, /name="twitter:card" content="([^"]*)"/)).toBe('summary');
    expect(attr(html, /name="twitter:title" content="([^"]*)"/)).toBe('Sunrise Bakery Croissants | AdReplay');
    expect(html).toContain('s.src="/assets/app.js"');
    expect(html).not.toContain('placeholder');

    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AudioObject',
      name: 'Sunrise Bakery Croissants',
      duration: 'PT1M5S',
      contentUrl: `${ORIGIN}/media/audio-files/u/spot.mp3`,
      author: { '@type': 'Organization', name: 'Sunrise Bakery', url: 'https://sunrise.example.com' },
    });
    expect(Date.parse(ld.uploadDate as string)).not.toBeNaN();
  });

  it("name the audio's own type, not MP3 for every ad", async () => {
    const { html } = await page(`/ad/${m4aSlug}`);
    expect(attr(html, /property="og:audio:type" content="([^"]*)"/)).toBe('audio/mp4');
    expect(jsonLd(html)).toMatchObject({
      encodingFormat: 'audio/mp4',
      contentUrl: `${ORIGIN}/media/audio-files/u/spot.m4a`,
    });
  });

  it('carry the ad exactly as the API answers it, so the page renders without a request', async () => {
    const { html } = await page(`/ad/${visibleSlug}`);
    const api = await t.app.inject(`/api/ads/${visibleSlug}`);
    expect(pageData(html)).toEqual(api.json());
  });

  it('hand the client its public origin through a meta tag', async () => {
    const { html } = await page(`/ad/${visibleSlug}`);
    const raw = attr(html, /<meta name="adreplay-config" content="([^"]*)"/)!.replace(/&quot;/g, '"');
    expect(JSON.parse(raw)).toMatchObject({ publicOrigin: ORIGIN, autoTranscription: 'off' });
  });

  it('answer 404 for unknown and hidden ads, still with the app so it can say Ad Not Found', async () => {
    for (const slug of ['no-such-ad', hiddenSlug]) {
      const { status, html } = await page(`/ad/${slug}`);
      expect(status).toBe(404);
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('answer a malformed address with 400, never 500: the app for a browser, the error body for the rest', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const cases = [
      ['/ad/%E0%A4%A', inputMessages.malformedAddress],
      ['/ad/%ff', inputMessages.malformedAddress],
      ['/%ff?x=1', inputMessages.malformedAddress],
      ['/ad/x%00', inputMessages.unstorableText('The address')],
      ['/no-such-page/%00', inputMessages.unstorableText('The address')],
    ] as const;
    for (const [url, message] of cases) {
      const html = await t.app.inject({ url, headers: browser });
      expect(html.statusCode, url).toBe(400);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.body).toContain('<div id="root"></div>');
      expect(html.body).toContain('<title>Page Not Found | AdReplay</title>');
      expect(html.body).toContain('<meta name="robots" content="noindex" />');
      const api = await t.app.inject(url);
      expect(api.statusCode).toBe(400);
      expect(api.json()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request', message });
    }
    // The API and uploads answer with the error body, whatever the client accepts (the embeddable player
    // shows its own page: embed.test.ts).
    for (const url of ['/api/ads/%ff', '/api/ads/%00', '/media/%ff', '/oembed?url=%00']) {
      const res = await t.app.inject({ url, headers: browser });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('escape data in every tag', async () => {
    const { html } = await page(`/ad/${attackSlug}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | AdReplay</title>');
    expect(html.match(/<\/script>/g)).toHaveLength(4); // JSON-LD's, the page data's and the app's two
    expect(jsonLd(html).name).toBe(ATTACK);
    expect((pageData(html) as { title: string }).title).toBe(ATTACK);
    // Without a logo, the share card is still the page's one image.
    expect(attr(html, /property="og:image" content="([^"]*)"/)).toMatch(
      new RegExp(`^${ORIGIN}/ad/${attackSlug}/og\\.png\\?v=`),
    );
  });
});

describe('static pages', () => {
  it('get their own titles and descriptions', async () => {
    const home = await page('/');
    const dir = await page('/directory?search=pizza');
    expect(home.html).toContain('<title>AdReplay: replay radio and podcast ads</title>');
    expect(dir.html).toContain('<title>Browse radio and podcast ads | AdReplay</title>');
    expect(attr(dir.html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}/directory`);
  });

  it('serve client routes they do not know with the app and 200', async () => {
    expect((await page('/dashboard/ads')).status).toBe(200);
  });

  it('answer the app shell of a path with its ETag, 304 and compression, and another path with its own', async () => {
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({ url: '/dashboard/ads', headers: { accept: 'text/html', 'accept-encoding': 'gzip', ...headers } });
    const first = await get();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).toString()).toContain('<title>');
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
    // Another path is another shell (its canonical URL), and a miss keeps its status.
    const other = await t.app.inject({
      url: '/dashboard/settings',
      headers: { accept: 'text/html', 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    const miss = await t.app.inject({ url: '/no-such-page', headers: { accept: 'text/html', 'if-none-match': etag } });
    expect([miss.statusCode, miss.headers.etag === etag]).toEqual([404, false]);
  });

  it('answer paths that are no page of the app with 404, still with the app so it can say Page Not Found', async () => {
    for (const path of ['/no-such-page', '/dashboard/nope', '/about/team', '/ad', '/saved/extra?x=1']) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html).toContain('<title>Page Not Found | AdReplay</title>');
      expect(res.html).toContain('<meta name="robots" content="noindex"');
    }
    // Every route of the app is a page (an unknown ad's, station's or stats link's page is its own 404,
    // tested apart).
    const ownMisses = ['/ad/:slug', '/station/:callSign', '/stats/:token'];
    for (const path of APP_ROUTES.filter((r) => !ownMisses.includes(r)).map((r) => r.replace(/:[A-Za-z]+/g, 'x1'))) {
      expect((await page(path)).status, path).not.toBe(404);
    }
    expect((await page('/docs/integration/')).status).toBe(200);
  });

  it('know the same routes as the web app’s route table', async () => {
    const source = await readFile(path.join(process.cwd(), 'src/web/router.tsx'), 'utf8');
    const top = [...source.matchAll(/\{ path: '(\/[^']*)'/g)].map((m) => m[1]!).filter((p) => p !== '/dashboard');
    const dashboard = [...source.matchAll(/\{ path: '([a-z][^']*)'/g)].map((m) => `/dashboard/${m[1]}`);
    const routes = [...top, '/dashboard', ...dashboard].filter((p) => !p.includes('*'));
    expect([...routes].sort()).toEqual([...APP_ROUTES].sort());
  });

  it('keep API and media misses as JSON 404s', async () => {
    const api = await t.app.inject('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404 });
    expect((await t.app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});

describe('compression', () => {
  it('sends built assets precompressed, cached for good and varying by encoding', async () => {
    const res = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('compresses on the fly when no precompressed twin fits, and not at all when not accepted', async () => {
    const gz = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(SCRIPT)).toBe(true);
    const plain = await t.app.inject('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(SCRIPT)).toBe(true);
  });

  it('compresses the server-rendered HTML', async () => {
    const res = await t.app.inject({ url: `/ad/${visibleSlug}`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<title>Sunrise Bakery Croissants | AdReplay</title>');
  });

  it('renders an ad’s page once while its cached ad lives, and anew after a change', async () => {
    const owner = await createUser(t.db);
    const ad = await insertAd(t.db, { userId: owner.id, title: 'Rendered Once Radio' });
    const br = () => t.app.inject({ url: `/ad/${ad.slug}`, headers: { 'accept-encoding': 'br' } });
    const first = await br();
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toBe('accept-encoding');
    const html = brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('<title>Rendered Once Radio | AdReplay</title>');
    expect((await t.app.inject(`/ad/${ad.slug}`)).body).toBe(html);
    expect((await br()).rawPayload.equals(first.rawPayload)).toBe(true);
    const held = await t.app.inject({
      url: `/ad/${ad.slug}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(held.statusCode).toBe(304);

    // What every write does: change the ad, then clear the public cache.
    await t.db.update(ads).set({ title: 'Rendered Anew Radio' }).where(eq(ads.id, ad.id));
    t.app.publicCache.clear();
    const changed = await br();
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(brotliDecompressSync(changed.rawPayload).toString()).toContain(
      '<title>Rendered Anew Radio | AdReplay</title>',
    );
  });
});

describe('sitemap and robots', () => {
  it('lists the public pages and every visible ad with lastmod', async () => {
    const { status, html: xml, headers } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect(headers['content-type']).toContain('application/xml');
    expect(xml).toContain(`<loc>${ORIGIN}/</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/directory</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/about/measurement</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/advertisers</loc>`);
    expect(xml).not.toContain('/dashboard');
    expect(xml).toContain(`<url><loc>${ORIGIN}/ad/${visibleSlug}</loc><lastmod>2026-03-04</lastmod></url>`);
    expect(xml).not.toContain(hiddenSlug);
    expect(xml).not.toContain('<script>');
  });

  it('robots.txt points to the sitemap and keeps crawlers out of the dashboard', async () => {
    const { html: txt } = await page('/robots.txt');
    expect(txt).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(txt).toContain('Disallow: /dashboard');
  });
});

it('formats ISO 8601 durations', () => {
  expect(isoDuration(21_000)).toBe('PT21S');
  expect(isoDuration(65_400)).toBe('PT1M5S');
});
