import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicAd } from '../../../shared/ads.js';
import { QUERY_STATE_ID } from '../../../shared/page-data.js';
import { subscriptionPlans, userSubscriptions } from '../../db/schema.js';
import { insertAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm, type Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';
import { createWebDir, FONT_FACE } from '../../test/web-dir.js';
import type { PageRenderer } from './page-renderer.js';

/** Public pages rendered on the server by the web app's own server entry, through the public cache. */
const ORIGIN = 'https://adreplay.example';
let t: TestApp;
let webDir: string;
let owner: { id: string; cookie: string };
let mp3: Buffer;

const form = (title: string, businessName = 'Harbor Pizza'): Part[] => [
  ['title', title],
  ['business_name', businessName],
  ['category', 'Food & Dining'],
  ['phone', '+1 555 0100'],
  ['website_url', 'https://harbor-pizza.example.com'],
  ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
];
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: 'text/html', ...headers } });
/** What the server put inside <div id="root">. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div>\s*<script>[\s\S]*?<\/script>\s*<\/body>/.exec(html)?.[1] ?? '';
/** The HTML without the comments React puts between adjacent text parts. */
const withoutMarkers = (html: string) => html.replaceAll('<!-- -->', '');
const queryState = (html: string) =>
  JSON.parse(
    new RegExp(`<script type="application/json" id="${QUERY_STATE_ID}">(.*?)</script>`, 's').exec(html)![1]!,
  ) as {
    queries: { queryKey: unknown[]; state: { data: unknown } }[];
  };

beforeAll(async () => {
  webDir = await createWebDir();
  const renderer = (await import('../../../web/entry-server.js')) as PageRenderer;
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN }, { webDir, renderer });
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  const user = await signUpUser(t);
  const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Premium'));
  await t.db.insert(userSubscriptions).values({ userId: user.id, planId: plan!.id });
  owner = user;
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const createAd = async (title: string, businessName?: string) =>
  (await sendForm(t, 'POST', '/api/my/ads', owner.cookie, form(title, businessName))).json() as PublicAd;

describe('public pages rendered on the server', () => {
  it('paint from the HTML alone: the stylesheet inline, the scripts asked for by an inline loader the CSP allows', async () => {
    const res = await get('/about');
    expect(res.statusCode).toBe(200);
    // No request blocks the first paint: the stylesheet is in the page as written ('$&' and the web font's
    // rule included: a rule added later made Chromium lay the whole page out again).
    expect(res.body).toContain(`<style>${FONT_FACE}h1{color:red}.price::after{content:"$&"}</style>`);
    expect(res.body).not.toMatch(/<link rel="(?:stylesheet|modulepreload)"/);
    expect(res.body).not.toMatch(/<script[^>]* src=/);
    // The loader asks for the preloads, then the entry.
    const loader = /<script>((?:(?!<script>)[\s\S])*)<\/script>\s*<\/body>/.exec(res.body)![1]!;
    // Each preload, and then the entry, in a task of its own: appending them took up to 25 ms in one.
    expect(loader).toContain('["/assets/react.js"].forEach(function(h){setTimeout(function(){');
    expect(loader).toContain(
      'setTimeout(function(){var s=document.createElement("script");s.type="module";s.src="/assets/app.js"',
    );
    // It waits for the first contentful paint, as does the headings' face on a first visit: the head's script
    // holds them in the text face (a class on <html>) unless this browser has loaded the face before, and the
    // loader fetches the face and notes it once loaded. The page keeps the class: the app takes it off at
    // the first page it renders (decision 61). Without JavaScript the class never comes.
    expect(loader).toContain('getEntriesByName("first-contentful-paint")');
    expect(loader).toContain('document.fonts.load("1em Display").then(function(f){');
    expect(loader).not.toContain('remove("fonts-wait")');
    expect(loader).toMatch(/localStorage\.setItem\("web-fonts","[\w-]{16}"\)/);
    const fonts = /<script>(.*?)<\/script>\s*<\/head>/.exec(res.body)![1]!;
    expect(fonts).toMatch(/localStorage\.getItem\("web-fonts"\)==="[\w-]{16}"\)return/);
    expect(fonts).toContain('document.documentElement.classList.add("fonts-wait")');
    expect(res.body).not.toContain('<noscript><style>');
    // The policy allows these two scripts (and the embed's loader: its font script is the same) and no other
    // inline one, each once.
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    expect(scriptSrc).toEqual(["'self'", hash(loader), hash(fonts), expect.stringMatching(/^'sha256-/)]);
    expect(rootOf(res.body)).toContain('<h1');
  });

  it('an ad page: title, advertiser, contact links and a native player in the HTML, with its query cache', async () => {
    const ad = await createAd('Harbor Pizza Friday');
    const res = await get(`/ad/${ad.slug}?src=qr`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*>Harbor Pizza Friday<\/h1>/);
    expect(root).toContain('Harbor Pizza');
    expect(root).toContain('href="tel:+15550100"');
    expect(root).toContain('href="https://harbor-pizza.example.com"');
    // The browser's own player for readers without JavaScript.
    expect(root).toMatch(new RegExp(`<noscript><audio controls="" preload="none" src="${ad.audioUrl}"`));
    // The client hydrates from the same answer the API gives, and no second copy of the ad rides along.
    const state = queryState(res.body);
    const api = (await t.app.inject(`/api/ads/${ad.slug}`)).json();
    expect(state.queries.find((q) => q.queryKey.join('/') === `ads/slug/${ad.slug}`)?.state.data).toEqual(api);
    expect(res.body).not.toContain('id="page-data"');
  });

  it('answers 304 while the page is unchanged, and the edited page on the next read after an owner edits', async () => {
    const ad = await createAd('Conditional Slice');
    const first = await get(`/ad/${ad.slug}`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(`/ad/${ad.slug}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Rendered again (the cache emptied by an unrelated change, or expired), the unchanged page is the same bytes.
    t.app.publicCache.clear();
    expect((await get(`/ad/${ad.slug}`, { 'if-none-match': etag })).statusCode).toBe(304);

    const edited = await sendForm(t, 'PUT', `/api/my/ads/${ad.id}`, owner.cookie, form('Conditional Slice, Edited'));
    expect(edited.statusCode).toBe(200);
    const fresh = await get(`/ad/${ad.slug}`, { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(etag);
    expect(rootOf(fresh.body)).toMatch(/<h1[^>]*>Conditional Slice, Edited<\/h1>/);
  });

  it('the directory lists the results of the search in its address, in a form that submits as GET', async () => {
    await createAd('Lakeside Kayak Rentals', 'Lakeside Outfitters');
    await createAd('Downtown Dental Smiles', 'Bright Dental');
    const res = await get('/directory?search=kayak');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    const form = /<form role="search" [^>]*>/.exec(root.slice(root.indexOf('<main')))![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/directory"');
    expect(root).toMatch(/name="search"[^>]*value="kayak"|value="kayak"[^>]*name="search"/);
    expect(root).toContain('Lakeside Kayak Rentals');
    expect(root).not.toContain('Downtown Dental Smiles');
    // Another query is another page.
    expect(rootOf((await get('/directory?search=dental')).body)).toContain('Downtown Dental Smiles');
  });

  it('?page=N lists the first N pages, and Load More is a GET form for the next one', async () => {
    for (let i = 1; i <= 14; i++)
      await insertAd(t.db, { userId: owner.id, title: `Paged Ad ${i}`, location: 'Pagetown, ZZ' });
    const first = rootOf((await get('/directory?location=Pagetown')).body);
    expect(withoutMarkers(first)).toContain('Showing 12 of 14 ads');
    const [form, more] = /<form [^>]*action="\/directory#result-13"[^>]*>([\s\S]*?)<\/form>/.exec(first)!;
    expect(form).toContain('method="get"');
    expect(more).toContain('name="location" value="Pagetown"');
    expect(more).toContain('name="page" value="2"');
    expect(more).toContain('Load More');

    const both = await get('/directory?location=Pagetown&page=2');
    const root = rootOf(both.body);
    expect(withoutMarkers(root)).toContain('Showing 14 of 14 ads');
    expect(root).toContain('id="result-13"');
    expect(root).not.toContain('Load More');
    expect(queryState(both.body).queries.find((q) => q.queryKey.includes('directory'))?.state.data).toMatchObject({
      pages: [{ count: 14 }, { count: 14 }],
    });
    // Out of range: the first page, or every page there is.
    expect(rootOf((await get('/directory?location=Pagetown&page=-3')).body)).toContain('12<!-- --> of');
    expect(rootOf((await get('/directory?location=Pagetown&page=999')).body)).toContain('14<!-- --> of');
  });

  it('the embeddable player comes rendered, with the ad it shows; an unknown ad renders its notice', async () => {
    const ad = await createAd('Embedded Pizza Night');
    const res = await get(`/embed/${ad.slug}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('<h1');
    expect(root).toContain('Embedded Pizza Night');
    expect(root).toMatch(new RegExp(`<audio controls="[^"]*"[^>]*src="${ad.audioUrl}"`));
    expect(root).toContain('Listen on AdReplay');
    const missing = await get('/embed/no-such-ad');
    expect(missing.statusCode).toBe(404);
    expect(rootOf(missing.body)).toContain('Ad Not Found');
  });

  it('the home page and a marketing page come rendered; an unknown address renders the not-found page with 404', async () => {
    expect(rootOf((await get('/')).body)).toMatch(/<h1[^>]*>/);
    expect(rootOf((await get('/about')).body)).toMatch(/<h1[^>]*>/);
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(rootOf(missing.body)).toContain('Page Not Found');
  });

  it('leaves the dashboard and sign-in pages to the browser', async () => {
    for (const url of ['/dashboard', '/dashboard/ads', '/login', '/admin', '/saved']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toBe('');
      expect(res.body).not.toContain(`id="${QUERY_STATE_ID}"`);
    }
  });
});
