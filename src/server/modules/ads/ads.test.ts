import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdListResponse, PublicAd } from '../../../shared/ads.js';
import { createUser, insertAd } from '../../db/seed/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let owner: string;
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 5, 30) - daysAgo * DAY);

beforeAll(async () => {
  t = await createTestApp();
  owner = (await createUser(t.db)).id;
  // 20 visible 'Other' ads in Austin, newest = day 0.
  for (let i = 0; i < 20; i++) {
    await insertAd(t.db, { userId: owner, title: `Plain Ad ${i}`, createdAt: at(i + 10) });
  }
  await insertAd(t.db, {
    userId: owner,
    title: 'Sunrise Bakery Croissants',
    businessName: 'Sunrise Bakery',
    description: 'Fresh sourdough bread and buttery croissants every morning.',
    category: 'Food & Dining',
    location: 'Portland, OR',
    isFeatured: true,
    createdAt: at(1),
  });
  await insertAd(t.db, {
    userId: owner,
    title: 'Harbor Pizza Night',
    businessName: 'Harbor Pizza',
    description: 'Wood-fired pizza with fresh basil; 100% local_flour.',
    category: 'Food & Dining',
    location: 'Seattle, WA',
    createdAt: at(2),
  });
  await insertAd(t.db, {
    userId: owner,
    title: 'Bean There Coffee',
    businessName: 'Bean There',
    description: 'Small-batch coffee roasted daily.',
    category: 'Food & Dining',
    location: null,
    createdAt: at(3),
  });
  await insertAd(t.db, {
    userId: owner,
    title: 'Hidden Draft Bakery',
    category: 'Food & Dining',
    status: 'draft',
    createdAt: at(0),
  });
  await insertAd(t.db, {
    userId: owner,
    title: 'Paused Bakery Promo',
    category: 'Food & Dining',
    isActive: false,
    createdAt: at(0),
  });
});
afterAll(() => t.close());

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/ads${query}` });
  return { status: res.statusCode, body: res.json() as AdListResponse & { message?: string } };
}

describe('GET /api/ads', () => {
  it('lists only published, active ads, newest first, with the exact total', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.count).toBe(23);
    expect(body.ads).toHaveLength(12);
    expect(body.ads[0]!.title).toBe('Sunrise Bakery Croissants');
    const titles = body.ads.map((a) => a.title);
    expect(titles).not.toContain('Hidden Draft Bakery');
    expect(titles).not.toContain('Paused Bakery Promo');
    const times = body.ads.map((a) => Date.parse(a.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages with a 0-based page and keeps the total', async () => {
    const first = await list('?limit=10&page=0');
    const third = await list('?limit=10&page=2');
    const beyond = await list('?limit=10&page=9');
    expect(first.body.ads).toHaveLength(10);
    expect(third.body.ads).toHaveLength(3);
    expect(third.body.count).toBe(23);
    expect(beyond.body).toEqual({ ads: [], count: 23 });
    const all = [...first.body.ads, ...(await list('?limit=10&page=1')).body.ads, ...third.body.ads];
    expect(new Set(all.map((a) => a.id)).size).toBe(23);
  });

  it('searches the full text with websearch syntax and ignores blank search', async () => {
    expect((await list('?search=croissants')).body.ads.map((a) => a.title)).toEqual(['Sunrise Bakery Croissants']);
    // Stemming: 'roasting' finds 'roasted'.
    expect((await list('?search=roasting')).body.ads.map((a) => a.title)).toEqual(['Bean There Coffee']);
    expect((await list('?search=' + encodeURIComponent('pizza OR coffee'))).body.count).toBe(2);
    expect((await list('?search=' + encodeURIComponent('fresh -pizza'))).body.ads.map((a) => a.title)).toEqual([
      'Sunrise Bakery Croissants',
    ]);
    expect((await list('?search=%20%20')).body.count).toBe(23);
    // Matches business name, category and location too.
    expect((await list('?search=portland')).body.count).toBe(1);
    expect((await list('?search=bakery')).body.count).toBe(1);
  });

  it('filters by category, ignoring all', async () => {
    expect((await list('?category=' + encodeURIComponent('Food & Dining'))).body.count).toBe(3);
    expect((await list('?category=all')).body.count).toBe(23);
    expect((await list('?category=Travel')).body).toEqual({ ads: [], count: 0 });
  });

  it('filters by location, case-insensitive contains, wildcards literal', async () => {
    expect((await list('?location=PORTL')).body.count).toBe(1);
    expect((await list('?location=austin')).body.count).toBe(20);
    expect((await list('?location=%25')).body.count).toBe(0);
    expect((await list('?location=_')).body.count).toBe(0);
  });

  it('filters featured and combines filters', async () => {
    const featured = await list('?featured=true');
    expect(featured.body.ads.map((a) => a.title)).toEqual(['Sunrise Bakery Croissants']);
    expect((await list('?featured=false')).body.count).toBe(22);
    expect((await list('?category=Food%20%26%20Dining&location=seattle&search=pizza')).body.count).toBe(1);
  });

  it('returns the fields a page needs and never the search vector', async () => {
    const ad = (await list('?search=croissants')).body.ads[0] as PublicAd & Record<string, unknown>;
    expect(ad).toMatchObject({
      businessName: 'Sunrise Bakery',
      category: 'Food & Dining',
      location: 'Portland, OR',
      isFeatured: true,
      audioDurationMs: 15000,
    });
    expect(ad.waveformPeaks).toHaveLength(40);
    expect(ad).not.toHaveProperty('searchVector');
  });

  it.each([
    ['?page=-1', 'page'],
    ['?page=abc', 'page'],
    ['?limit=10000', 'limit'],
    ['?limit=0', 'limit'],
    ['?category=Spaceships', 'category'],
    ['?featured=yes', 'featured'],
    ['?search=' + 'x'.repeat(10_000), 'search'],
  ])('rejects %s with 400 naming %s', async (query, name) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.message).toContain(name);
  });

  it('defaults to 12 and caps at 50', async () => {
    expect((await list('?limit=50')).body.ads).toHaveLength(23);
    expect((await list('?limit=51')).status).toBe(400);
  });

  it.each([
    `"unclosed`,
    `\\`,
    `100%`,
    `local_flour`,
    `'; DROP TABLE ads; --`,
    `a & b | !c <-> d:*`,
    `(((`,
    `-`,
    `" OR 1=1 --`,
  ])('answers hostile search %j normally', async (search) => {
    const { status, body } = await list('?search=' + encodeURIComponent(search));
    expect(status).toBe(200);
    expect(typeof body.count).toBe('number');
  });
});

describe('GET /api/ads/:slug', () => {
  it('returns a visible ad by slug', async () => {
    const slug = (await list('?search=croissants')).body.ads[0]!.slug;
    const res = await t.app.inject(`/api/ads/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Sunrise Bakery Croissants');
  });

  it('answers 404 with a JSON error for unknown, draft and inactive ads', async () => {
    const unknown = await t.app.inject('/api/ads/no-such-ad-1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'Ad not found' });
    for (const title of ['Hidden Draft Bakery', 'Paused Bakery Promo']) {
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const rows = await t.db.query.ads.findFirst({ where: (a, { like }) => like(a.slug, `${slug}-%`) });
      const res = await t.app.inject(`/api/ads/${rows!.slug}`);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /api/ads/:slug/related', () => {
  it('returns up to 3 other visible ads of the same category', async () => {
    const slug = (await list('?search=croissants')).body.ads[0]!.slug;
    const res = await t.app.inject(`/api/ads/${slug}/related`);
    expect(res.statusCode).toBe(200);
    const titles = (res.json().ads as PublicAd[]).map((a) => a.title);
    expect(titles).toEqual(['Harbor Pizza Night', 'Bean There Coffee']);
    const plain = (await list('?search=plain&limit=1')).body.ads[0]!;
    const related = (await t.app.inject(`/api/ads/${plain.slug}/related`)).json().ads as PublicAd[];
    expect(related).toHaveLength(3);
    expect(related.map((a) => a.id)).not.toContain(plain.id);
    expect(related.every((a) => a.category === 'Other')).toBe(true);
  });

  it('answers 404 for an unknown slug', async () => {
    expect((await t.app.inject('/api/ads/nope/related')).statusCode).toBe(404);
  });
});
