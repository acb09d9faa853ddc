import { readdir } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../shared/categories.js';
import type { AdListResponse } from '../../../shared/ads.js';
import type { AnalyticsSummary } from '../../../shared/analytics.js';
import { RECENT_AIRINGS } from '../../../shared/stations.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rows } from '../rows.js';
import { signIn } from '../../test/session.js';
import { demoAds } from './demo-ads.js';
import { demoEvents, HISTORY_DAYS } from './demo-history.js';
import { demoAirings } from './demo-stations.js';
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

  it("counts the demo ads added this month in the demo advertiser's monthly usage", async () => {
    const cookie = await signIn(t, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const usage = (await t.app.inject({ url: '/api/my/usage', headers: { cookie } })).json();
    const now = new Date();
    const thisMonth = (d: Date) => d.getUTCFullYear() === now.getUTCFullYear() && d.getUTCMonth() === now.getUTCMonth();
    const { ads } = (await t.app.inject('/api/ads?limit=50')).json() as AdListResponse;
    expect(usage.adsCreated).toBe(ads.filter((ad) => thisMonth(new Date(ad.createdAt))).length);
    // Every month's: all the demo ads, each once.
    const [all] = await rows<{ n: number }>(t.db, sql`select sum(ads_created)::int as n from usage_tracking`);
    expect(all!.n).toBe(demoAds.length);
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

  it('gives the demo ads three months of analytics whose roll-ups agree exactly with the raw events', async () => {
    const span = await rows<{ first: string; last: string; events: number }>(
      t.db,
      sql`SELECT min(created_at)::text AS first, max(created_at)::text AS last, count(*)::int AS events FROM analytics`,
    );
    const days = (Date.now() - new Date(span[0]!.first).getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(HISTORY_DAYS - 2);
    expect(days).toBeLessThanOrEqual(HISTORY_DAYS);
    expect(new Date(span[0]!.last).getTime()).toBeLessThanOrEqual(Date.now());
    // Per ad, day, type, source and device: the roll-up's events are the raw rows, its listeners the
    // first plays of each listener code that day; nothing is in one and not the other.
    const disagreements = await rows(
      t.db,
      sql`
      WITH raw AS (
        SELECT ad_id, (created_at AT TIME ZONE 'UTC')::date AS day, event_type, source, device, count(*)::int AS events,
               count(DISTINCT listener_key) FILTER (WHERE event_type = 'play')::int AS listeners
        FROM analytics GROUP BY 1, 2, 3, 4, 5
      )
      SELECT * FROM raw FULL JOIN analytics_daily d USING (ad_id, day, event_type, source, device)
      WHERE raw.events IS DISTINCT FROM d.events OR raw.listeners IS DISTINCT FROM d.listeners`,
    );
    expect(disagreements).toEqual([]);
    expect(span[0]!.events).toBeGreaterThan(5_000);
  });

  it('shows the demo advertiser a story: every source and device, a weekly rhythm, no empty weeks', async () => {
    const cookie = await signIn(t, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const res = await t.app.inject({ url: '/api/analytics?period=90d', headers: { cookie } });
    const summary = res.json() as AnalyticsSummary;
    expect(summary.daily).toHaveLength(90);
    const { plays, clicks, shares, qrScans, listeners } = summary.totals;
    expect(plays).toBeGreaterThan(5_000);
    expect(listeners).toBeLessThan(plays);
    expect(clicks).toBeGreaterThan(plays * 0.08);
    expect(clicks).toBeLessThan(plays * 0.2);
    expect(shares).toBeGreaterThan(0);
    expect(qrScans).toBeGreaterThan(0);
    const sources = summary.sources.map((s) => s.source);
    expect(sources).toEqual(expect.arrayContaining(['direct', 'qr', 'share', 'embed', 'listen', 'facebook.com']));
    expect(summary.devices.map((d) => d.device).sort()).toEqual(['desktop', 'mobile', 'tablet']);
    // Since the oldest ad went up, every week has plays, and Sundays are quieter than Fridays.
    const weeks = summary.daily.slice(-84);
    for (let w = 0; w < weeks.length; w += 7) expect(weeks.slice(w, w + 7).some((d) => d.play > 0)).toBe(true);
    const mean = (weekday: number) => {
      const on = weeks.filter((d) => new Date(d.day).getUTCDay() === weekday);
      return on.reduce((sum, d) => sum + d.play, 0) / on.length;
    };
    expect(mean(0)).toBeLessThan(mean(5));
  });

  it('makes the same history from the same ads and moment', () => {
    const ad = { id: '00000000-0000-4000-8000-000000000001', key: 'sunrise-bakery', isFeatured: true };
    const now = Date.UTC(2026, 10, 24, 12);
    const createdAt = new Date(now - 30 * 86_400_000);
    expect(demoEvents({ ...ad, createdAt }, now)).toEqual(demoEvents({ ...ad, createdAt }, now));
    expect(demoEvents({ ...ad, createdAt }, now).every((e) => e.createdAt!.getTime() >= createdAt.getTime())).toBe(
      true,
    );
    expect(demoEvents({ ...ad, createdAt }, now).every((e) => e.createdAt!.getTime() <= now)).toBe(true);
  });

  it('puts the demo advertiser on Premium with a renewal date, so the subscription page shows it all', async () => {
    const subscription = await t.db.query.userSubscriptions.findFirst();
    const plan = await t.db.query.subscriptionPlans.findFirst({ where: (p, { eq }) => eq(p.id, subscription!.planId) });
    expect(plan?.name).toBe('Premium');
    expect(subscription?.subscriptionEnd?.getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });
});

describe('demo airings', () => {
  it("give each KXRP ad a full 'Aired on' list whatever the hour the seed runs", () => {
    const start = Date.parse('2026-11-27T00:00:00Z');
    for (let hour = 0; hour < 24; hour += 1.5) {
      const now = start + hour * 3_600_000;
      const spots = demoAirings(now);
      expect(spots.every((s) => s.startedAt.getTime() <= now)).toBe(true);
      for (const key of ['sunrise-bakery', 'kxrp-pledge-drive', 'harbor-pizza', 'quick-tire', 'bean-there-coffee']) {
        const aired = spots.filter((s) => s.callSign === 'KXRP' && s.adKey === key);
        expect(aired.length, `${key} at ${new Date(now).toISOString()}`).toBeGreaterThanOrEqual(RECENT_AIRINGS);
      }
    }
  });
});
