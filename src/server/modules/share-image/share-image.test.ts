import { rm } from 'node:fs/promises';
import ogs from 'open-graph-scraper';
import { PNG } from 'pngjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ads } from '../../db/schema.js';
import { createUser, insertAd } from '../../db/seed/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';
import { createWebDir } from '../../test/web-dir.js';
import { createShareImages, SHARE_IMAGES_PER_MINUTE, shareImageMessages, wrapText } from './share-image.js';

// Cards are drawn on a worker thread, which loads resvg for itself: on this (the main) thread it must never run.
vi.mock('@resvg/resvg-js', () => ({
  Resvg: class {
    constructor() {
      throw new Error('a share card was drawn on the main thread');
    }
  },
}));

const ORIGIN = 'https://adreplay.example';

let t: TestApp;
let webDir: string;
let visible: { slug: string };
let hiddenSlug: string;

beforeAll(async () => {
  webDir = await createWebDir();
  t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN }, { webDir });
  const owner = await createUser(t.db);
  visible = await insertAd(t.db, { userId: owner.id, title: 'Harbor Pizza Friday', businessName: 'Harbor Pizza' });
  hiddenSlug = (await insertAd(t.db, { userId: owner.id, title: 'Paused Promo', isActive: false })).slug;
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

/** A PNG's size is in its header: width at byte 16, height at byte 20. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('the share image', () => {
  it('is a 1200x630 PNG at /ad/{slug}/og.png, cacheable', async () => {
    const res = await t.app.inject(`/ad/${visible.slug}/og.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    // A whole PNG that a decoder reads to the last pixel, and a picture, not a blank.
    const image = PNG.sync.read(res.rawPayload);
    expect({ width: image.width, height: image.height }).toEqual({ width: 1200, height: 630 });
    const colours = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4 * 997) colours.add(image.data.readUInt32BE(i));
    expect(colours.size).toBeGreaterThan(50);
  });

  it('is not found for hidden and unknown ads', async () => {
    expect((await t.app.inject(`/ad/${hiddenSlug}/og.png`)).statusCode).toBe(404);
    expect((await t.app.inject('/ad/no-such-ad/og.png')).statusCode).toBe(404);
  });

  it('is what an Open Graph parser finds on the ad page, with its size, type and alt text', async () => {
    const html = (await t.app.inject(`/ad/${visible.slug}`)).body;
    const { result } = await ogs({ html });
    const card = result.ogImage?.find((i) => i.url.includes('/og.png'));
    expect(card!.url.startsWith(`${ORIGIN}/ad/${visible.slug}/og.png?v=`)).toBe(true);
    // Its structured properties follow its own og:image tag, as the protocol pairs them.
    const tag = html.indexOf(`<meta property="og:image" content="${card!.url.replace(/&/g, '&amp;')}" />`);
    expect(tag).toBeGreaterThan(0);
    const after = html.slice(tag).split('\n').slice(1, 6).join('\n');
    expect(after).toContain('<meta property="og:image:type" content="image/png" />');
    expect(after).toContain('<meta property="og:image:width" content="1200" />');
    expect(after).toContain('<meta property="og:image:height" content="630" />');
    expect(after).toContain('<meta property="og:image:alt" content="Harbor Pizza Friday, an ad by Harbor Pizza" />');
    expect(result.twitterImage?.[0]?.url).toBe(card!.url);

    const served = await t.app.inject(card!.url.slice(ORIGIN.length));
    expect(served.statusCode).toBe(200);
    expect(pngSize(served.rawPayload)).toEqual({ width: 1200, height: 630 });
  });
});

describe('drawing the cards', () => {
  const card = (slug: string, remoteAddress?: string, userAgent = 'Preview/1.0') =>
    t.app.inject({ url: `/ad/${slug}/og.png`, remoteAddress, headers: { 'user-agent': userAgent } });

  it('draws a card on the worker thread once, however many requests ask for it at the same time', async () => {
    const owner = await createUser(t.db);
    const ad = await insertAd(t.db, { userId: owner.id, title: 'Ten At Once', businessName: 'Crowd Co' });
    const before = t.app.shareImages.renders;
    const answers = await Promise.all(Array.from({ length: 10 }, () => card(ad.slug)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(t.app.shareImages.renders - before).toBe(1);
    expect((await card(ad.slug)).statusCode).toBe(200);
    expect(t.app.shareImages.renders - before).toBe(1);
  });

  it('does not draw again when the owner hides and shows the ad, and draws once more when its title changes', async () => {
    const owner = await signUpUser(t);
    const ad = await insertAd(t.db, { userId: owner.id, title: 'Back And Forth', businessName: 'Toggle Co' });
    const first = await card(ad.slug);
    expect(first.statusCode).toBe(200);
    const before = t.app.shareImages.renders;
    const setActive = (isActive: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/my/ads/${ad.id}/active`,
        headers: { cookie: owner.cookie, origin: ORIGIN },
        payload: { isActive },
      });
    for (let i = 0; i < 5; i++) {
      expect((await setActive(false)).statusCode).toBe(200);
      expect((await card(ad.slug)).statusCode).toBe(404);
      expect((await setActive(true)).statusCode).toBe(200);
      const again = await card(ad.slug);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    expect(t.app.shareImages.renders - before).toBe(0);

    await t.db.update(ads).set({ title: 'Back And Forth Again', updatedAt: new Date() }).where(eq(ads.id, ad.id));
    t.app.publicCache.clear();
    const changed = await card(ad.slug);
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(t.app.shareImages.renders - before).toBe(1);
  });

  it(`allows each client address ${SHARE_IMAGES_PER_MINUTE} cards a minute, an IPv6 /64 counting as one`, async () => {
    const statuses = [];
    for (let i = 0; i < SHARE_IMAGES_PER_MINUTE; i++) {
      statuses.push((await card(visible.slug, `2001:db8:1:2::${i.toString(16)}`, `Preview/${i}`)).statusCode);
    }
    expect(statuses).toEqual(Array(SHARE_IMAGES_PER_MINUTE).fill(200));
    const over = await card(visible.slug, '2001:db8:1:2:ffff::1', 'Yet another agent');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(shareImageMessages.tooManyRequests);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back, whatever user agent either sends.
    expect((await card(visible.slug, '2001:db8:1:3::1')).statusCode).toBe(200);
    expect((await card(visible.slug, '198.51.100.7')).statusCode).toBe(200);
  });
});

describe('a busy drawing thread', () => {
  it('answers 503 with Retry-After for cards beyond those waiting, and draws them when asked again', async () => {
    const images = createShareImages({ waiting: 1 });
    try {
      const card = (i: number) => ({
        title: `Card ${i}`,
        businessName: 'Queue Co',
        category: 'Retail' as const,
        waveformPeaks: [],
      });
      // Asked in the same tick: the thread is not started yet, so one waits and the others find the queue full.
      const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((i) => images.png(card(i))));
      const drawn = results.filter((r) => r.status === 'fulfilled');
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Record<string, unknown>] : []));
      expect(drawn.length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(4);
      for (const err of refused) {
        expect(err).toMatchObject({ statusCode: 503, retryAfter: 5, message: shareImageMessages.busy });
      }
      expect(images.renders).toBe(drawn.length);
      const again = await images.png(card(6));
      expect(again.subarray(1, 4).toString()).toBe('PNG');
    } finally {
      await images.close();
    }
  });
});

describe('title wrapping on the card', () => {
  it('keeps whole words, at most the given lines, and marks a cut with an ellipsis', () => {
    expect(wrapText('Harbor Pizza Family Night', 18, 3)).toEqual(['Harbor Pizza', 'Family Night']);
    expect(wrapText('one two three four five six seven', 9, 2)).toEqual(['one two', 'three…']);
  });
});
