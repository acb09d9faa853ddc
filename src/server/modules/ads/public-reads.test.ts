import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdListResponse, PublicAd } from '../../../shared/ads.js';
import { subscriptionPlans, userSubscriptions } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm, type Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';
import { PUBLIC_READ_CACHE_CONTROL } from './ads.routes.js';

/** Public reads come from memory (public-cache.ts), yet every write is visible on the very next read. */
let t: TestApp;
let mp3: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
});
afterAll(() => t.close());

const form = (title: string): Part[] => [
  ['title', title],
  ['business_name', 'Fresh Reads Co.'],
  ['category', 'Retail'],
  ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
];
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const write = (cookie: string, method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie, origin: t.config.PUBLIC_ORIGIN } });
const titles = async (query = '') =>
  ((await get(`/api/ads?limit=50${query}`)).json() as AdListResponse).ads.map((a) => a.title);

async function premiumUser() {
  const user = await signUpUser(t);
  const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Premium'));
  await t.db.insert(userSubscriptions).values({ userId: user.id, planId: plan!.id });
  return user;
}

describe('public reads from memory', () => {
  it('show every write on the next read: create, edit, toggle, feature, delete', async () => {
    const owner = await premiumUser();
    expect(await titles()).not.toContain('Fresh Bread Spot'); // the lists are now in memory

    const created = (
      await sendForm(t, 'POST', '/api/my/ads', owner.cookie, form('Fresh Bread Spot'))
    ).json() as PublicAd;
    expect(await titles()).toContain('Fresh Bread Spot');
    expect((await get(`/api/ads/${created.slug}`)).json().title).toBe('Fresh Bread Spot');
    expect((await get(`/api/ads/${created.slug}/related`)).statusCode).toBe(200);

    expect(
      (await sendForm(t, 'PUT', `/api/my/ads/${created.id}`, owner.cookie, form('Fresher Bread Spot'))).statusCode,
    ).toBe(200);
    expect((await get(`/api/ads/${created.slug}`)).json().title).toBe('Fresher Bread Spot');
    expect(await titles()).toContain('Fresher Bread Spot');

    expect((await titles('&featured=true')).includes('Fresher Bread Spot')).toBe(false);
    expect(
      (await write(owner.cookie, 'PATCH', `/api/my/ads/${created.id}/featured`, { isFeatured: true })).statusCode,
    ).toBe(200);
    expect(await titles('&featured=true')).toContain('Fresher Bread Spot');

    expect(
      (await write(owner.cookie, 'PATCH', `/api/my/ads/${created.id}/active`, { isActive: false })).statusCode,
    ).toBe(200);
    expect((await get(`/api/ads/${created.slug}`)).statusCode).toBe(404);
    expect(await titles()).not.toContain('Fresher Bread Spot');
    expect(await titles('&featured=true')).not.toContain('Fresher Bread Spot');

    expect(
      (await write(owner.cookie, 'PATCH', `/api/my/ads/${created.id}/active`, { isActive: true })).statusCode,
    ).toBe(200);
    expect((await get(`/api/ads/${created.slug}`)).statusCode).toBe(200);

    expect((await write(owner.cookie, 'DELETE', `/api/my/ads/${created.id}`)).statusCode).toBe(204);
    expect((await get(`/api/ads/${created.slug}`)).statusCode).toBe(404);
    expect(await titles()).not.toContain('Fresher Bread Spot');
  });

  it('show an ad made through the partner API, and forget a deleted account’s ads at once', async () => {
    const owner = await premiumUser();
    expect(await titles()).not.toContain('Partner Made Spot');
    const key = await createApiKey(t, owner.cookie);
    const made = await callApi(t, key.key, 'POST', '/api/v1/ads', form('Partner Made Spot'));
    expect(made.statusCode).toBe(201);
    expect(await titles()).toContain('Partner Made Spot');
    const slug = (made.json() as PublicAd).slug;
    expect((await get(`/api/ads/${slug}`)).statusCode).toBe(200);

    const gone = await write(owner.cookie, 'DELETE', '/api/my/account', { email: owner.email });
    expect(gone.statusCode).toBe(204);
    expect((await get(`/api/ads/${slug}`)).statusCode).toBe(404);
    expect(await titles()).not.toContain('Partner Made Spot');
  });

  it('answer a stampede on a cold ad with one load', async () => {
    const owner = await premiumUser();
    const ad = (await sendForm(t, 'POST', '/api/my/ads', owner.cookie, form('Stampede Spot'))).json() as PublicAd;
    const loads = t.app.publicCache.stats.loads;
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(`/api/ads/${ad.slug}`)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(t.app.publicCache.stats.loads - loads).toBe(1);
  });

  it('answer cold reads of many ads at once each with its own ad, and an unknown slug with 404', async () => {
    const owner = await premiumUser();
    const made = [];
    for (const title of ['Batch Spot One', 'Batch Spot Two', 'Batch Spot Three'])
      made.push((await sendForm(t, 'POST', '/api/my/ads', owner.cookie, form(title))).json() as PublicAd);
    const slugs = [...made.map((a) => a.slug), 'no-such-ad-at-all', made[0]!.slug];
    // Arrive together: one lookup query for all of them (db/batched-lookup.ts).
    const [api, pages] = await Promise.all([
      Promise.all(slugs.map((s) => get(`/api/ads/${s}`))),
      Promise.all(slugs.map((s) => get(`/api/ads/${s}/related`))),
    ]);
    expect(api.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 200]);
    expect(api.map((r) => (r.statusCode === 200 ? (r.json() as PublicAd).title : null))).toEqual([
      'Batch Spot One',
      'Batch Spot Two',
      'Batch Spot Three',
      null,
      'Batch Spot One',
    ]);
    expect(pages.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 200]);

    // Hidden while reads of it are under way: the next read after the change returns is a 404.
    const during = Promise.all(slugs.map((s) => get(`/api/ads/${s}`)));
    expect(
      (await write(owner.cookie, 'PATCH', `/api/my/ads/${made[1]!.id}/active`, { isActive: false })).statusCode,
    ).toBe(200);
    await during;
    expect((await get(`/api/ads/${made[1]!.slug}`)).statusCode).toBe(404);
    expect((await get(`/api/ads/${made[0]!.slug}`)).json().title).toBe('Batch Spot One');
  });
});

describe('HTTP caching of public reads', () => {
  it('answers 304 to a conditional request for an unchanged ad, and 200 with a new ETag after a change', async () => {
    const owner = await premiumUser();
    const ad = (await sendForm(t, 'POST', '/api/my/ads', owner.cookie, form('Conditional Spot'))).json() as PublicAd;
    const first = await get(`/api/ads/${ad.slug}`);
    expect(first.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
    // Browsers never serve a stale ad; only a CDN may, briefly, while it revalidates.
    expect(first.headers['cache-control']).not.toMatch(/stale-while-revalidate/);
    expect(first.headers['cdn-cache-control']).toBe('public, max-age=5, stale-while-revalidate=25');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);

    const again = await get(`/api/ads/${ad.slug}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await sendForm(t, 'PUT', `/api/my/ads/${ad.id}`, owner.cookie, form('Conditional Spot, Edited'));
    const changed = await get(`/api/ads/${ad.slug}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().title).toBe('Conditional Spot, Edited');
    expect(changed.headers.etag).not.toBe(etag);

    const list = await get('/api/ads?limit=12');
    expect(list.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
    expect((await get('/api/ads?limit=12', { 'if-none-match': String(list.headers.etag) })).statusCode).toBe(304);
  });

  it('sends a cached answer as a finished body: compressed once, the same JSON and ETag as uncached, replaced by a change', async () => {
    const owner = await premiumUser();
    const ad = (await sendForm(t, 'POST', '/api/my/ads', owner.cookie, form('Prepared Body Spot'))).json() as PublicAd;
    const url = '/api/ads?limit=50';
    const plain = await get(url);
    expect(plain.rawPayload.length).toBeGreaterThan(1024); // large enough to be compressed
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // The next hit sends the very bytes compressed before.
    expect((await get(url, { 'accept-encoding': 'br' })).rawPayload.equals(br.rawPayload)).toBe(true);
    const held = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(held.statusCode).toBe(304);
    expect(held.headers['content-encoding']).toBeUndefined();
    expect(held.body).toBe('');

    // Without the cache, the plugins serialise, tag and compress the same answer: the same JSON and ETag.
    const uncached = await createTestApp({ PUBLIC_CACHE: 'false' }, { database: t.database });
    try {
      const fresh = await uncached.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(fresh.rawPayload).toString()).toBe(plain.body);
      expect(fresh.headers.etag).toBe(plain.headers.etag);
    } finally {
      await uncached.close();
    }

    await sendForm(t, 'PUT', `/api/my/ads/${ad.id}`, owner.cookie, form('Prepared Body Spot, Edited'));
    const changed = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(br.headers.etag);
    const titles = (JSON.parse(brotliDecompressSync(changed.rawPayload).toString()) as AdListResponse).ads.map(
      (a) => a.title,
    );
    expect(titles).toContain('Prepared Body Spot, Edited');
    expect(titles).not.toContain('Prepared Body Spot');
  });

  it('sends an answer’s first read gzip and brotli from its second, to clients that take both', async () => {
    const owner = await premiumUser();
    await sendForm(t, 'POST', '/api/my/ads', owner.cookie, form('First Read Spot'));
    const url = '/api/ads?limit=40&category=Retail';
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await get(url, browser);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).length).toBeGreaterThan(1024); // large enough to be compressed
    const second = await get(url, browser);
    expect(second.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(second.rawPayload).toString()).toBe(gunzipSync(first.rawPayload).toString());
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await get(url, browser)).rawPayload.equals(second.rawPayload)).toBe(true);
    // A client that takes brotli only gets it on the first read too.
    const onlyBr = await get('/api/ads?limit=39&category=Retail', { 'accept-encoding': 'br' });
    expect(onlyBr.headers['content-encoding']).toBe('br');
  });

  it('never lets a shared cache keep a signed-in answer', async () => {
    const owner = await premiumUser();
    for (const url of ['/api/my/ads', '/api/analytics', '/api/profile']) {
      const res = await t.app.inject({ url, headers: { cookie: owner.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});

describe('public reads across app processes', () => {
  /** Two apps on one database stand for two processes; a change in one clears the other's memory. */
  async function twoProcesses(env: Record<string, string> = {}, redisKeyPrefix?: string) {
    const a = await createTestApp(env, { redisKeyPrefix });
    const b = await createTestApp(env, { database: a.database, redisKeyPrefix });
    await a.db.insert(subscriptionPlans).values(PLAN_SEED);
    return { a, b, close: async () => (await b.close(), await a.close()) };
  }

  async function editedElsewhere(a: TestApp, b: TestApp) {
    const owner = await signUpUser(a);
    const ad = (await sendForm(a, 'POST', '/api/my/ads', owner.cookie, form('Two Process Spot'))).json() as PublicAd;
    expect((await b.app.inject(`/api/ads/${ad.slug}`)).json().title).toBe('Two Process Spot'); // b keeps it
    await sendForm(a, 'PUT', `/api/my/ads/${ad.id}`, owner.cookie, form('Two Process Spot, Edited'));
    await expect
      .poll(async () => (await b.app.inject(`/api/ads/${ad.slug}`)).json().title, { timeout: 2_000 })
      .toBe('Two Process Spot, Edited');
  }

  it.runIf(process.env.TEST_DATABASE_URL)('hear each other’s changes through PostgreSQL LISTEN/NOTIFY', async () => {
    const { a, b, close } = await twoProcesses();
    try {
      await editedElsewhere(a, b);
    } finally {
      await close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('hear each other’s changes through Redis when REDIS_URL is set', async () => {
    const prefix = `adreplay-test:${Date.now()}-${Math.random()}:`;
    const { a, b, close } = await twoProcesses({ REDIS_URL: process.env.TEST_REDIS_URL! }, prefix);
    try {
      await editedElsewhere(a, b);
    } finally {
      await close();
    }
  });
});
