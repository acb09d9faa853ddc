import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../shared/categories.js';
import type { AdListResponse } from '../../../shared/ads.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { demoAds } from './demo-ads.js';
import { DEMO_ACCOUNT, seedIfEmpty } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('fills an empty database once, and only once', async () => {
    expect(await seedIfEmpty(t.db, t.storage)).toBe(true);
    expect(await seedIfEmpty(t.db, t.storage)).toBe(false);
    const { count } = (await t.app.inject('/api/ads?limit=1')).json() as AdListResponse;
    expect(count).toBe(demoAds.length);
    expect(await t.db.query.users.findMany()).toHaveLength(1);
  });

  it('covers enough categories, locations and featured ads for a lively directory', async () => {
    const { ads } = (await t.app.inject('/api/ads?limit=50')).json() as AdListResponse;
    expect(ads.length).toBeGreaterThanOrEqual(12);
    expect(new Set(ads.map((a) => a.category)).size).toBeGreaterThanOrEqual(6);
    expect(ads.every((a) => (CATEGORIES as readonly string[]).includes(a.category))).toBe(true);
    expect(new Set(ads.map((a) => a.location).filter(Boolean)).size).toBeGreaterThanOrEqual(4);
    expect(ads.filter((a) => a.isFeatured).length).toBeGreaterThanOrEqual(3);
  });

  it('stores real audio facts and serves every file', async () => {
    const { ads } = (await t.app.inject('/api/ads?limit=50')).json() as AdListResponse;
    for (const ad of ads) {
      expect(ad.audioDurationMs).toBeGreaterThan(8_000);
      expect(ad.waveformPeaks).toHaveLength(40);
      const audio = await t.app.inject({ url: ad.audioUrl, headers: { range: 'bytes=0-1' } });
      expect(audio.statusCode).toBe(206);
      expect(audio.headers['content-type']).toBe('audio/mpeg');
      const logo = await t.app.inject(ad.logoUrl!);
      expect(logo.headers['content-type']).toBe('image/png');
    }
    expect(await readdir(`${t.uploadsDir}/audio-files`)).toHaveLength(1);
  });

  it('gives every demo ad its script as transcript, in timed lines over the whole audio', async () => {
    const { ads } = (await t.app.inject('/api/ads?limit=50')).json() as AdListResponse;
    for (const ad of ads) {
      const demo = demoAds.find((d) => d.title === ad.title)!;
      expect(ad.transcript).toBe(demo.script);
      const lines = ad.transcriptSegments!;
      expect(lines.map((l) => l.text).join(' ')).toBe(demo.script);
      expect(lines[0]!.start).toBe(0);
      expect(lines.at(-1)!.end).toBeCloseTo(ad.audioDurationMs! / 1000, 1);
      expect(lines.every((l, i) => l.end > l.start && (i === 0 || l.start === lines[i - 1]!.end))).toBe(true);
    }
    // What is said is searchable: a phrase only the script of the coffee roaster holds.
    const heard = (await t.app.inject('/api/ads?search=stale%20coffee')).json() as AdListResponse;
    expect(heard.ads.map((a) => a.title)).toEqual(['Bean There Coffee Roasters Subscription']);
  });

  it('creates the demo advertiser with the documented e-mail and a profile', async () => {
    const user = await t.db.query.users.findFirst();
    expect(user?.email).toBe(DEMO_ACCOUNT.email);
    const profile = await t.db.query.profiles.findFirst();
    expect(profile).toMatchObject({ id: user!.id, firstName: 'Demo', companyName: 'AdReplay Demo Co.' });
  });

  it('puts the demo advertiser on Premium with a renewal date, so the subscription page shows it all', async () => {
    const subscription = await t.db.query.userSubscriptions.findFirst();
    const plan = await t.db.query.subscriptionPlans.findFirst({ where: (p, { eq }) => eq(p.id, subscription!.planId) });
    expect(plan?.name).toBe('Premium');
    expect(subscription?.subscriptionEnd?.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });
});
