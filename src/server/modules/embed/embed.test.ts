import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_DATA_ID, EMBED_HEIGHT, EMBED_WIDTH, type EmbedData } from '../../../shared/embed.js';
import type { OEmbedResponse } from '../../../shared/oembed.js';
import { createUser, insertAd } from '../../db/seed/factories.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createWebDir } from '../../test/web-dir.js';

const ORIGIN = 'https://adreplay.example';
const ATTACK = '</script><script>alert(1)</script>';

let t: TestApp;
let webDir: string;
let logo: { url: string; width: number; height: number };
let visible: { slug: string; id: string };
let hiddenSlug: string;
let attackSlug: string;

beforeAll(async () => {
  webDir = await createWebDir();
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN }, { webDir });
  const owner = await createUser(t.db);
  const png = await readFile(path.join(SEED_ASSETS_DIR, 'logos/harbor-pizza.png'));
  const put = await t.storage.put(`images/${owner.id}/1-logo.png`, png, 'image/png');
  // A PNG's size is in its header: width at byte 16, height at byte 20.
  logo = { url: put.url, width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  visible = await insertAd(t.db, {
    userId: owner.id,
    title: 'Harbor Pizza Friday',
    businessName: 'Harbor Pizza',
    logoUrl: logo.url,
  });
  hiddenSlug = (await insertAd(t.db, { userId: owner.id, title: 'Paused Promo', isActive: false })).slug;
  attackSlug = (await insertAd(t.db, { userId: owner.id, title: ATTACK, logoUrl: null })).slug;
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const oembed = (query: string) => t.app.inject(`/oembed?${query}`);
const adUrl = (slug: string) => encodeURIComponent(`${ORIGIN}/ad/${slug}`);
const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy']);

describe('oEmbed', () => {
  it("answers a 'rich' embed of the player for an ad page", async () => {
    const res = await oembed(`url=${adUrl(visible.slug)}&format=json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({
      version: '1.0',
      type: 'rich',
      provider_name: 'AdReplay',
      provider_url: ORIGIN,
      title: 'Harbor Pizza Friday',
      author_name: 'Harbor Pizza',
      author_url: `${ORIGIN}/ad/${visible.slug}`,
      html: `<iframe src="${ORIGIN}/embed/${visible.slug}" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" title="Harbor Pizza Friday on AdReplay" style="border:0;max-width:100%" loading="lazy"></iframe>`,
      width: EMBED_WIDTH,
      height: EMBED_HEIGHT,
      cache_age: 3600,
      thumbnail_url: ORIGIN + logo.url,
      thumbnail_width: logo.width,
      thumbnail_height: logo.height,
    } satisfies OEmbedResponse);
  });

  it('fits the box a consumer asks for, and accepts the page URL with a query or trailing slash', async () => {
    const res = await oembed(
      `url=${encodeURIComponent(`${ORIGIN}/ad/${visible.slug}/?src=qr`)}&maxwidth=300&maxheight=150`,
    );
    const body = res.json() as OEmbedResponse;
    expect([body.width, body.height]).toEqual([300, 150]);
    expect(body.html).toContain('width="300" height="150"');
    expect((await oembed(`url=${adUrl(visible.slug)}&maxwidth=2000`)).json().width).toBe(EMBED_WIDTH);
  });

  it('escapes the title inside the code it hands out, and leaves out a thumbnail without a logo', async () => {
    const body = (await oembed(`url=${adUrl(attackSlug)}`)).json() as OEmbedResponse;
    expect(body.html).not.toContain('<script>');
    expect(body.html).toContain('title="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; on AdReplay"');
    expect(body).not.toHaveProperty('thumbnail_url');
  });

  it.each([
    ['an unknown ad', () => `url=${adUrl('no-such-ad')}`],
    ['a hidden ad', () => `url=${adUrl(hiddenSlug)}`],
    ['another site', () => `url=${encodeURIComponent(`https://elsewhere.example/ad/${visible.slug}`)}`],
    ['a page that is not an ad', () => `url=${encodeURIComponent(`${ORIGIN}/directory`)}`],
    ['something that is not a URL', () => 'url=not%20a%20url'],
  ])('answers 404 for %s', async (_name, query) => {
    expect((await oembed(query())).statusCode).toBe(404);
  });

  it('answers 501 for XML and 400 without a URL', async () => {
    const xml = await oembed(`url=${adUrl(visible.slug)}&format=xml`);
    expect(xml.statusCode).toBe(501);
    expect(xml.json()).toMatchObject({ error: 'Not Implemented', message: "Only format 'json' is supported" });
    expect((await oembed('format=json')).statusCode).toBe(400);
    expect((await oembed(`url=${adUrl(visible.slug)}&maxwidth=wide`)).statusCode).toBe(400);
  });

  it('is announced in the head of the ad page', async () => {
    const html = (await t.app.inject(`/ad/${visible.slug}`)).body;
    const href = `${ORIGIN}/oembed?url=${adUrl(visible.slug)}&amp;format=json`;
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${href}" title="Harbor Pizza Friday | AdReplay" />`,
    );
  });
});

describe('the embed page', () => {
  const data = (html: string) =>
    JSON.parse(
      new RegExp(`<script type="application/json" id="${EMBED_DATA_ID}">(.*?)</script>`, 's').exec(html)![1]!,
    ) as EmbedData;

  it('carries the ad for the player, and may be framed by any site', async () => {
    const res = await t.app.inject(`/embed/${visible.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Harbor Pizza Friday | AdReplay</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/ad/${visible.slug}" />`);
    expect(res.body).toContain('src="/assets/embed.js"');
    expect(res.body).toContain('<html class="light" lang="en">');
    expect(data(res.body).ad).toMatchObject({
      id: visible.id,
      slug: visible.slug,
      title: 'Harbor Pizza Friday',
      logoUrl: logo.url,
    });
    expect(cspOf(res.headers)).toContain('frame-ancestors *');
    expect(res.headers).not.toHaveProperty('x-frame-options');
    // The rest of the policy is the site's own.
    expect(cspOf(res.headers)).toContain("default-src 'self'");
  });

  it('comes in a dark theme', async () => {
    const res = await t.app.inject(`/embed/${visible.slug}?theme=dark`);
    expect(res.body).toContain('<html class="dark" lang="en">');
    expect(res.body).toContain('<meta name="color-scheme" content="dark" />');
    expect((await t.app.inject(`/embed/${visible.slug}?theme=%22%3E`)).body).toContain('<html class="light"');
  });

  it('answers 404, still framable, for unknown and hidden ads', async () => {
    for (const slug of ['no-such-ad', hiddenSlug]) {
      const res = await t.app.inject(`/embed/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(data(res.body)).toEqual({ ad: null });
      expect(res.body).toContain('<title>Ad Not Found | AdReplay</title>');
      expect(cspOf(res.headers)).toContain('frame-ancestors *');
    }
  });

  it('is an unknown ad, still framable, for an address that is no slug', async () => {
    const res = await t.app.inject({ url: '/embed/%ff', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(400);
    expect(data(res.body)).toEqual({ ad: null });
    expect(res.body).toContain('<title>Ad Not Found | AdReplay</title>');
    // Refused before any route, so no header forbids framing it.
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('keeps what an ad says inside its data', async () => {
    const res = await t.app.inject(`/embed/${attackSlug}`);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(data(res.body).ad!.title).toBe(ATTACK);
  });

  it('is the only page other sites may frame', async () => {
    for (const url of ['/', `/ad/${visible.slug}`, '/dashboard', '/api/health', '/oembed?url=x', '/nothing']) {
      const res = await t.app.inject(url);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(cspOf(res.headers), url).toContain("frame-ancestors 'self'");
    }
  });
});
