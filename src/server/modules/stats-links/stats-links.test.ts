import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDaily, statsShareLinks } from '../../db/schema.js';
import { insertAd } from '../../db/seed/factories.js';
import { dayOf } from '../../../shared/analytics.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';
import { createWebDir } from '../../test/web-dir.js';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await createWebDir();
  t = await createTestApp({}, { webDir });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

async function owner() {
  const user = await signUpUser(t);
  const ad = await insertAd(t.db, { userId: user.id, title: 'Shared Bakery' });
  const other = await insertAd(t.db, { userId: user.id, title: 'Not Shared' });
  const today = dayOf(new Date());
  await t.db.insert(analyticsDaily).values([
    { adId: ad.id, day: today, eventType: 'play', source: 'direct', device: 'mobile', events: 7, listeners: 5 },
    { adId: ad.id, day: today, eventType: 'click', source: 'qr', device: 'mobile', events: 2, listeners: 0 },
    { adId: other.id, day: today, eventType: 'play', source: 'direct', device: 'desktop', events: 40, listeners: 30 },
  ]);
  const as = (method: 'GET' | 'POST' | 'DELETE', adId = ad.id, cookie = user.cookie) =>
    t.app.inject({
      method,
      url: `/api/my/ads/${adId}/stats-link`,
      headers: { cookie, origin: t.config.PUBLIC_ORIGIN },
    });
  return { user, ad, other, as };
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('stats share links', () => {
  it('creates a link whose token opens the ad figures only, with noindex and no caching', async () => {
    const { ad, as } = await owner();
    expect((await as('GET')).json()).toEqual({ exists: false, createdAt: null });

    const created = await as('POST');
    expect(created.statusCode).toBe(201);
    const { url } = created.json();
    expect(url).toMatch(new RegExp(`^${t.config.PUBLIC_ORIGIN}/stats/[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(url);
    // Only the hash is stored.
    const [row] = await t.db.select().from(statsShareLinks);
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    // Afterwards the owner sees that one exists, not its address.
    const state = (await as('GET')).json();
    expect(state.exists).toBe(true);
    expect(state.url).toBeUndefined();

    const read = await t.app.inject({ url: `/api/stats/${token}?period=7d` });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-robots-tag']).toContain('noindex');
    expect(read.headers['cache-control']).toBe('no-store');
    const body = read.json();
    expect(body.totals).toMatchObject({ plays: 7, clicks: 2, listeners: 5, ads: 1 });
    expect(body.ads).toEqual([expect.objectContaining({ id: ad.id, title: 'Shared Bakery', plays: 7 })]);
    expect(read.body).not.toContain('Not Shared');
    expect(read.body).not.toContain('@example.com');

    const page = await t.app.inject({ url: `/stats/${token}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('revoking makes the link 404 at once, page and API, and a new link replaces the old', async () => {
    const { as } = await owner();
    const first = tokenOf((await as('POST')).json().url);
    const second = tokenOf((await as('POST')).json().url);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: `/api/stats/${first}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/stats/${second}` })).statusCode).toBe(200);

    expect((await as('DELETE')).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/stats/${second}` })).statusCode).toBe(404);
    const page = await t.app.inject({ url: `/stats/${second}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['x-robots-tag']).toContain('noindex');
    expect((await as('GET')).json()).toEqual({ exists: false, createdAt: null });
  });

  it("answers someone else's ad as a missing one, and needs a session", async () => {
    const a = await owner();
    const b = await owner();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await a.as(method, b.ad.id);
      expect(res.statusCode, method).toBe(404);
      expect(res.body).not.toContain('Shared Bakery');
    }
    expect(await t.db.select().from(statsShareLinks)).not.toContainEqual(expect.objectContaining({ adId: b.ad.id }));
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/my/ads/${a.ad.id}/stats-link`,
      headers: { origin: t.config.PUBLIC_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('opens nothing for a guessed, malformed or near-miss token', async () => {
    const { as } = await owner();
    const token = tokenOf((await as('POST')).json().url);
    const nearMiss = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [nearMiss, 'A'.repeat(43), 'short', `${token}x`, '..%2F..%2Fetc']) {
      const res = await t.app.inject({ url: `/api/stats/${guess}` });
      expect(res.statusCode, guess).toBe(404);
    }
    // 256 random bits: many links never share a token.
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) tokens.add(tokenOf((await as('POST')).json().url));
    expect(tokens.size).toBe(20);
  });
});
