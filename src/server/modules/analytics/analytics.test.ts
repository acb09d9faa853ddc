import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsSummary } from '../../../shared/analytics.js';
import {
  ads,
  analytics,
  analyticsDaily,
  analyticsDedupe,
  analyticsSalts,
  subscriptionPlans,
  userSubscriptions,
  users,
} from '../../db/schema.js';
import { insertAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser as signUpFreeUser } from '../../test/session.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const START = Date.parse('2026-03-10T12:00:00Z');
const MIN = 60_000;

let now = START;
let t: TestApp;
let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };

/** An advertiser on Premium: charts, breakdowns, CSV and live counters need a plan with analytics. */
async function signUpUser(app: TestApp) {
  const user = await signUpFreeUser(app);
  const premium = (await app.db.select().from(subscriptionPlans)).find((p) => p.name === 'Premium')!;
  await app.db.insert(userSubscriptions).values({ userId: user.id, planId: premium.id });
  return user;
}

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => new Date(now) });
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  owner = await signUpUser(t);
  other = await signUpUser(t);
});
afterAll(() => t.close());

let client = 0;
/** A distinct listener: its own address and browser. */
const listener = (ua = CHROME) => ({ ip: `203.0.113.${++client % 250}`, ua: `${ua} L${client}` });

function post(body: object, who = listener(), headers: Record<string, string> = {}, app = t.app) {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    payload: body,
    remoteAddress: who.ip,
    headers: { 'user-agent': who.ua, ...headers },
  });
}
const play = (adId: string, extra: object = {}) => ({ ad_id: adId, event_type: 'play', ...extra });

async function rawCount(adId?: string) {
  await t.app.eventIngest.flush();
  const rows = await t.db.select().from(analytics);
  return adId ? rows.filter((r) => r.adId === adId).length : rows.length;
}
async function summary(cookie: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/analytics${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as AnalyticsSummary;
}
const newAd = (overrides: Parameters<typeof insertAd>[1] extends infer O ? Partial<O> : never = {}) =>
  insertAd(t.db, { userId: owner.id, ...overrides });

beforeEach(() => {
  now = START;
});

describe('recording events', () => {
  it('counts every event type with its fields, source, device and listener code, and never an IP', async () => {
    const ad = await newAd();
    const who = { ip: '198.51.100.77', ua: IPHONE };
    const sent = [
      play(ad.id, { referrer: 'https://news.example.org/story', source: 'news.example.org' }),
      { ad_id: ad.id, event_type: 'click', referrer: 'website_button' },
      { ad_id: ad.id, event_type: 'click', referrer: 'call_button' },
      { ad_id: ad.id, event_type: 'share', source: 'share' },
      { ad_id: ad.id, event_type: 'qr_scan', source: 'qr' },
    ];
    for (const body of sent) expect((await post(body, who)).statusCode).toBe(202);
    expect(await rawCount(ad.id)).toBe(5);

    const rows = (await t.db.select().from(analytics)).filter((r) => r.adId === ad.id);
    expect(rows.map((r) => [r.eventType, r.referrer, r.source]).sort()).toEqual(
      [
        ['click', 'call_button', 'direct'],
        ['click', 'website_button', 'direct'],
        ['play', 'https://news.example.org/story', 'news.example.org'],
        ['qr_scan', null, 'qr'],
        ['share', null, 'share'],
      ].sort(),
    );
    expect(new Set(rows.map((r) => r.device))).toEqual(new Set(['mobile']));
    expect(rows.every((r) => r.userAgent === IPHONE && /^[\w-]{22}$/.test(r.listenerKey!))).toBe(true);

    const everything = JSON.stringify([
      rows,
      await t.db.select().from(analyticsDedupe),
      await t.db.select().from(analyticsDaily),
    ]);
    expect(everything).not.toContain('198.51.100.77');
    // The salt lives apart from the events, one per day.
    expect(await t.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).toEqual([{ day: '2026-03-10' }]);
  });

  it('counts one play per listener and ad per 30 minutes', async () => {
    const ad = await newAd();
    const who = listener();
    await post(play(ad.id), who);
    now += 10 * MIN;
    await post(play(ad.id), who);
    expect(await rawCount(ad.id)).toBe(1);
    now += 19 * MIN;
    await post(play(ad.id), who); // 29 minutes after the counted one
    expect(await rawCount(ad.id)).toBe(1);
    now += 1 * MIN;
    await post(play(ad.id), who); // 30 minutes
    expect(await rawCount(ad.id)).toBe(2);
    await post(play(ad.id), listener()); // someone else
    expect(await rawCount(ad.id)).toBe(3);
  });

  it('counts one click per kind, one share and one QR scan per listener and ad per hour', async () => {
    const ad = await newAd();
    const who = listener();
    const website = { ad_id: ad.id, event_type: 'click', referrer: 'website_button' };
    const call = { ad_id: ad.id, event_type: 'click', referrer: 'call_button' };
    const share = { ad_id: ad.id, event_type: 'share' };
    const scan = { ad_id: ad.id, event_type: 'qr_scan', source: 'qr' };
    for (const body of [website, call, share, scan, website, call, share, scan]) await post(body, who);
    expect(await rawCount(ad.id)).toBe(4);
    now += 59 * MIN;
    for (const body of [website, call, share, scan]) await post(body, who);
    expect(await rawCount(ad.id)).toBe(4);
    now += 1 * MIN;
    for (const body of [website, call, share, scan]) await post(body, who);
    expect(await rawCount(ad.id)).toBe(8);
  });

  it('takes only the first of duplicates arriving in one batch', async () => {
    const ad = await newAd();
    const who = listener();
    await Promise.all(Array.from({ length: 10 }, () => post(play(ad.id), who)));
    expect(await rawCount(ad.id)).toBe(1);
  });

  it('treats an IPv6 /64 as one network, and another /64 as another listener', async () => {
    const ad = await newAd();
    const ua = `${CHROME} v6`;
    await post(play(ad.id), { ip: '2001:db8:1:2:aaaa::1', ua });
    await post(play(ad.id), { ip: '2001:db8:1:2:bbbb::2', ua });
    expect(await rawCount(ad.id)).toBe(1);
    await post(play(ad.id), { ip: '2001:db8:1:3::1', ua });
    expect(await rawCount(ad.id)).toBe(2);
  });

  it('keeps the dedupe window across app processes sharing the database', async () => {
    const second = await createTestApp({}, { clock: () => new Date(now), database: t.database });
    try {
      const ad = await newAd();
      const who = listener();
      // Both processes accept the same listener's play; both write their batch at the same moment.
      expect((await post(play(ad.id), who)).statusCode).toBe(202);
      expect((await post(play(ad.id), who, {}, second.app)).statusCode).toBe(202);
      await Promise.all([t.app.eventIngest.flush(), second.app.eventIngest.flush()]);
      expect(await rawCount(ad.id)).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe('what is not counted', () => {
  it('drops bots, browsers without a user agent, prefetches and ads the public cannot see', async () => {
    const ad = await newAd();
    const hidden = await newAd({ isActive: false });
    const bot = { ip: '192.0.2.1', ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    expect((await post(play(ad.id), bot)).statusCode).toBe(204);
    expect((await post(play(ad.id), { ip: '192.0.2.2', ua: '' })).statusCode).toBe(204);
    expect((await post(play(ad.id), listener(), { 'sec-purpose': 'prefetch' })).statusCode).toBe(204);
    expect((await post(play(ad.id), listener(), { purpose: 'prefetch' })).statusCode).toBe(204);
    expect((await post(play(hidden.id), listener())).statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/events', headers: { 'user-agent': CHROME } });
    expect(head.statusCode).toBe(404);
    expect(await rawCount(ad.id)).toBe(0);
    expect(await rawCount(hidden.id)).toBe(0);
  });

  it.each([
    [{ event_type: 'play' }, 'ad_id'],
    [{ ad_id: 'not-an-id', event_type: 'play' }, 'ad_id'],
    [{ ad_id: '00000000-0000-4000-8000-000000000000', event_type: 'play' }, 'no such ad'],
    [{ ad_id: 'AD', event_type: 'listen' }, 'event_type'],
    [{ ad_id: 'AD', event_type: 'click' }, 'referrer'],
    [{ ad_id: 'AD', event_type: 'click', referrer: 'banner' }, 'referrer'],
    [{ ad_id: 'AD', event_type: 'play', referrer: 'x'.repeat(501) }, 'referrer'],
    [{ ad_id: 'AD', event_type: 'play', source: 'not a host' }, 'source'],
  ])('refuses %j with 400 and counts nothing', async (body, message) => {
    const ad = await newAd();
    const payload = JSON.parse(JSON.stringify(body).replace('"AD"', `"${ad.id}"`));
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await rawCount(ad.id)).toBe(0);
  });

  it('refuses an oversized body and a body that is not JSON', async () => {
    const ad = await newAd();
    expect((await post({ ...play(ad.id), padding: 'x'.repeat(5000) })).statusCode).toBe(413);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: '{"ad_id":',
      headers: { 'content-type': 'application/json', 'user-agent': CHROME },
    });
    expect(res.statusCode).toBe(400);
    expect(await rawCount(ad.id)).toBe(0);
  });

  it('limits each client to 60 events a minute; over the limit answers 429 and counts nothing', async () => {
    const ads = await Promise.all(Array.from({ length: 61 }, () => newAd()));
    const who = listener();
    const statuses = [];
    for (const ad of ads) statuses.push((await post(play(ad.id), who)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 202)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect(await rawCount(ads[59]!.id)).toBe(1);
    expect(await rawCount(ads[60]!.id)).toBe(0);
  });
});

describe("the owner's figures", () => {
  it('keeps the daily roll-ups exactly equal to the raw events', async () => {
    const ad = await newAd();
    const ad2 = await newAd();
    for (let day = 0; day < 3; day++) {
      now = START + day * 86_400_000 + day * 7 * MIN;
      for (let i = 0; i < 4; i++) {
        const who = listener(i % 2 ? IPHONE : CHROME);
        await post(play(i % 3 ? ad.id : ad2.id, { source: i % 2 ? 'qr' : 'direct' }), who);
        await post({ ad_id: ad.id, event_type: 'click', referrer: 'call_button' }, who);
      }
    }
    await t.app.eventIngest.flush();
    const raw = await t.db.execute(sql`
      SELECT ad_id, (created_at AT TIME ZONE 'UTC')::date::text AS day, event_type, source, device, count(*)::int AS n
      FROM analytics GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`);
    const rolled = await t.db.execute(sql`
      SELECT ad_id, day::text AS day, event_type, source, device, events AS n
      FROM analytics_daily ORDER BY 1, 2, 3, 4, 5`);
    const rowsOf = (r: unknown) => (r as { rows: unknown[] }).rows;
    expect(rowsOf(rolled)).toEqual(rowsOf(raw));
    expect(rowsOf(raw).length).toBeGreaterThan(5);
  });

  it("deletes an ad's events and roll-ups with the ad, and with its owner; an ad deleted before its batch gets none", async () => {
    const ad = await newAd();
    const kept = await newAd();
    for (const id of [ad.id, ad.id, kept.id]) expect((await post(play(id))).statusCode).toBe(202);
    expect(await rawCount(ad.id)).toBe(2);
    const rolledUp = async (adId: string) =>
      (await t.db.select().from(analyticsDaily)).filter((r) => r.adId === adId).length;
    expect(await rolledUp(ad.id)).toBe(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/my/ads/${ad.id}`,
      headers: { cookie: owner.cookie, origin: t.config.PUBLIC_ORIGIN },
    });
    expect(del.statusCode).toBe(204);
    expect([await rawCount(ad.id), await rolledUp(ad.id)]).toEqual([0, 0]);
    expect([await rawCount(kept.id), await rolledUp(kept.id)]).toEqual([1, 1]);

    // Deleting a user deletes their ads (a cascade), and the events go with them.
    const leaving = await signUpUser(t);
    const theirs = await insertAd(t.db, { userId: leaving.id });
    expect((await post(play(theirs.id))).statusCode).toBe(202);
    expect(await rawCount(theirs.id)).toBe(1);
    await t.db.delete(users).where(eq(users.id, leaving.id));
    expect([await rawCount(theirs.id), await rolledUp(theirs.id)]).toEqual([0, 0]);

    // Accepted, then the ad is deleted before the batch is written: nothing of it is stored.
    const late = await newAd();
    const counted = t.app.eventIngest.stats.counted;
    expect((await post(play(late.id))).statusCode).toBe(202);
    await t.db.delete(ads).where(eq(ads.id, late.id));
    expect([await rawCount(late.id), await rolledUp(late.id)]).toEqual([0, 0]);
    expect(t.app.eventIngest.stats.counted).toBe(counted);
  });

  it('sums plays, unique listeners, clicks, rates inputs, sources and devices per ad', async () => {
    const { id: userId, cookie } = await signUpUser(t);
    const ad = await insertAd(t.db, { userId, title: 'Counted' });
    const idle = await insertAd(t.db, { userId, title: 'Idle', isActive: false });
    const a = listener(IPHONE);
    const b = listener();
    await post(play(ad.id, { source: 'qr' }), a);
    await post(play(ad.id), b);
    now += 31 * MIN;
    await post(play(ad.id), a); // a second play by the same listener: 3 plays, 2 listeners
    await post({ ad_id: ad.id, event_type: 'click', referrer: 'website_button' }, a);
    await post({ ad_id: ad.id, event_type: 'share', source: 'share' }, b);
    await t.app.eventIngest.flush();

    const s = await summary(cookie, '?period=7d');
    expect(s.totals).toEqual({ plays: 3, listeners: 2, clicks: 1, shares: 1, qrScans: 0, ads: 2, activeAds: 1 });
    expect(s.ads.find((x) => x.id === ad.id)).toMatchObject({ title: 'Counted', plays: 3, clicks: 1, listeners: 2 });
    expect(s.ads.find((x) => x.id === idle.id)).toMatchObject({ plays: 0, clicks: 0, isActive: false });
    expect(s.sources).toEqual([
      { source: 'direct', events: 3 },
      { source: 'qr', events: 1 },
      { source: 'share', events: 1 },
    ]);
    expect(s.devices).toEqual([
      { device: 'desktop', events: 2 },
      { device: 'mobile', events: 3 },
      { device: 'tablet', events: 0 },
    ]);
    expect(s.daily).toHaveLength(7);
    expect(s.daily.at(-1)).toEqual({ day: '2026-03-10', play: 3, click: 1, share: 1, qr_scan: 0 });
  });

  it('cuts periods at UTC day boundaries', async () => {
    const { id: userId, cookie } = await signUpUser(t);
    const ad = await insertAd(t.db, { userId });
    const at = async (iso: string) => {
      now = Date.parse(iso);
      await post(play(ad.id), listener());
    };
    await at('2026-03-03T23:59:59Z'); // 8th day back: outside 7 days
    await at('2026-03-04T00:00:00Z'); // 7th day back: inside
    await at('2026-03-10T23:59:59Z'); // today
    await at('2026-01-20T10:00:00Z'); // 50 days back
    await t.app.eventIngest.flush();
    now = Date.parse('2026-03-10T23:59:59Z');
    const week = await summary(cookie, '?period=7d');
    expect([week.from, week.to, week.totals.plays]).toEqual(['2026-03-04', '2026-03-10', 2]);
    expect((await summary(cookie, '?period=30d')).totals.plays).toBe(3);
    expect((await summary(cookie, '?period=90d')).totals.plays).toBe(4);
    const all = await summary(cookie, '?period=all');
    expect([all.from, all.totals.plays, all.daily.length]).toEqual(['2026-01-20', 4, 50]);
    // One minute later it is a new day, and the oldest day of the week has moved on.
    now = Date.parse('2026-03-11T00:00:00Z');
    expect((await summary(cookie, '?period=7d')).totals.plays).toBe(1);
  });

  it('exports the daily figures of the period as CSV (newest ad first each day), quoted and safe for spreadsheets', async () => {
    const { id: userId, cookie } = await signUpUser(t);
    const ad = await insertAd(t.db, { userId, title: 'Sale, "today" only' });
    const formula = await insertAd(t.db, { userId, title: '=HYPERLINK("x")' });
    await post(play(ad.id), listener());
    await post({ ad_id: ad.id, event_type: 'click', referrer: 'call_button' }, listener());
    await post(play(formula.id), listener());
    now += 86_400_000;
    await post(play(ad.id), listener());
    await t.app.eventIngest.flush();
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/export.csv?period=7d', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="adreplay-analytics-2026-03-05-to-2026-03-11.csv"',
    );
    expect(res.body.split('\r\n')).toEqual([
      'date,ad,slug,plays,clicks,shares,qr_scans,listeners',
      `2026-03-10,"'=HYPERLINK(""x"")",${formula.slug},1,0,0,0,1`,
      `2026-03-10,"Sale, ""today"" only",${ad.slug},1,1,0,0,1`,
      `2026-03-11,"Sale, ""today"" only",${ad.slug},1,0,0,0,1`,
      '',
    ]);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/export.csv?period=all&adId=${formula.id}`,
      headers: { cookie },
    });
    expect(one.body.trim().split('\r\n')).toHaveLength(2);
  });

  it("shows only the owner's ads: anonymous gets 401, someone else's ad 404", async () => {
    const ad = await newAd();
    await post(play(ad.id), listener());
    await t.app.eventIngest.flush();
    for (const url of ['/api/analytics', '/api/analytics/export.csv', '/api/analytics/stream']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    for (const url of [`/api/analytics?adId=${ad.id}`, `/api/analytics/export.csv?adId=${ad.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(ad.title);
    }
    const theirs = await summary(other.cookie, '?period=all');
    expect(theirs.totals.plays).toBe(0);
    expect(theirs.ads).toEqual([]);
    expect((await summary(owner.cookie, `?period=all&adId=${ad.id}`)).totals.plays).toBe(1);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/analytics?period=1y',
      headers: { cookie: owner.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('feeds the dashboard home its figures from the roll-ups', async () => {
    const { id: userId, cookie } = await signUpUser(t);
    const ad = await insertAd(t.db, { userId });
    await post(play(ad.id), listener());
    await post(play(ad.id), listener());
    await post({ ad_id: ad.id, event_type: 'click', referrer: 'website_button' }, listener());
    await t.app.eventIngest.flush();
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics?period=all', headers: { cookie } });
    expect(res.json().totals).toMatchObject({ ads: 1, activeAds: 1, plays: 2, clicks: 1 });
  });
});

it('writes no client address to the logs, and no line per event', async () => {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logged = await createTestApp({ LOG_LEVEL: 'info' }, { database: t.database, logStream });
  try {
    const ad = await newAd();
    expect((await post(play(ad.id), { ip: '198.51.100.23', ua: CHROME }, {}, logged.app)).statusCode).toBe(202);
    const res = await logged.app.inject({ method: 'GET', url: '/api/ads', remoteAddress: '198.51.100.23' });
    expect(res.statusCode).toBe(200);
  } finally {
    await logged.close();
  }
  const text = lines.join('');
  expect(text).toContain('"route":"/api/ads"'); // ordinary requests are logged, by method and route
  expect(text).not.toContain('/api/events');
  expect(text).not.toContain('198.51.100.23');
});

describe('figures in context', () => {
  const DAY = 86_400_000;

  it('gives the period before, of equal length, for the change; none for all time', async () => {
    const { id: userId, cookie } = await signUpUser(t);
    const ad = await insertAd(t.db, { userId, createdAt: new Date(START - 40 * DAY) });
    const at = async (ms: number, body: object = play(ad.id)) => {
      now = ms;
      await post(body, listener());
    };
    await at(START - 7 * DAY); // 2026-03-03: the week before the last 7 days
    await at(START - 13 * DAY); // 2026-02-25: its first day
    await at(START - 14 * DAY); // 2026-02-24: before both
    await at(START - 8 * DAY, { ad_id: ad.id, event_type: 'click', referrer: 'call_button' });
    await at(START);
    await at(START - 6 * DAY); // 2026-03-04: the first day of the last 7
    await at(START);
    await t.app.eventIngest.flush();
    now = START;
    const week = await summary(cookie, '?period=7d');
    expect([week.from, week.to, week.totals.plays, week.totals.clicks]).toEqual(['2026-03-04', '2026-03-10', 3, 0]);
    expect(week.previous).toEqual({ plays: 2, clicks: 1, shares: 0, qrScans: 0, listeners: 2 });
    expect((await summary(cookie, `?period=7d&adId=${ad.id}`)).previous?.plays).toBe(2);
    expect((await summary(cookie, '?period=30d')).previous).toEqual({
      plays: 0,
      clicks: 0,
      shares: 0,
      qrScans: 0,
      listeners: 0,
    });
    expect((await summary(cookie, '?period=all')).previous).toBeNull();
    // Someone else's figures never leak into the period before.
    expect((await summary(other.cookie, '?period=7d')).previous?.plays).toBe(0);
  });

  it("starts an ad's charts at its creation, not with empty days before it existed", async () => {
    const { id: userId, cookie } = await signUpUser(t);
    const ad = await insertAd(t.db, { userId, createdAt: new Date(START - 4 * DAY) });
    now = START - 2 * DAY;
    await post(play(ad.id), listener());
    await t.app.eventIngest.flush();
    now = START;
    const month = await summary(cookie, `?period=30d&adId=${ad.id}`);
    expect(month.from).toBe('2026-03-06');
    expect(month.daily.map((d) => [d.day, d.play])).toEqual([
      ['2026-03-06', 0],
      ['2026-03-07', 0],
      ['2026-03-08', 1],
      ['2026-03-09', 0],
      ['2026-03-10', 0],
    ]);
    expect((await summary(cookie, '?period=all')).daily).toHaveLength(5);
    // A week's view of an older ad keeps the whole week.
    const old = await insertAd(t.db, { userId, createdAt: new Date(START - 60 * DAY) });
    expect((await summary(cookie, `?period=7d&adId=${old.id}`)).daily).toHaveLength(7);
  });

  it("counts plays by hour and weekday in the advertiser's time zone, within the period", async () => {
    const { id: userId, cookie } = await signUpUser(t);
    const ad = await insertAd(t.db, { userId, createdAt: new Date(START - 60 * DAY) });
    const at = async (iso: string, body: object = play(ad.id)) => {
      now = Date.parse(iso);
      await post(body, listener());
    };
    await at('2026-03-09T07:30:00Z'); // Monday
    await at('2026-03-09T07:50:00Z'); // Monday
    await at('2026-03-10T22:30:00Z'); // Tuesday in UTC; Wednesday in Tokyo
    await at('2026-03-10T22:40:00Z', { ad_id: ad.id, event_type: 'share' }); // not a play
    await at('2026-01-05T07:30:00Z'); // outside the last 30 days
    await t.app.eventIngest.flush();
    now = Date.parse('2026-03-10T23:00:00Z');
    const hours = async (query: string, who = cookie) =>
      t.app.inject({ url: `/api/analytics/hours${query}`, headers: { cookie: who } });

    const utc = (await hours('?period=30d')).json();
    expect([utc.timeZone, utc.from, utc.to, utc.plays]).toEqual(['UTC', '2026-02-09', '2026-03-10', 3]);
    expect(utc.byHour[7]).toBe(2);
    expect(utc.byHour[22]).toBe(1);
    expect(utc.byWeekday).toEqual([2, 1, 0, 0, 0, 0, 0]);

    const tokyo = (await hours('?period=30d&tz=Asia/Tokyo')).json(); // UTC+9
    expect(tokyo.byHour[16]).toBe(2);
    expect(tokyo.byHour[7]).toBe(1);
    expect(tokyo.byWeekday).toEqual([2, 0, 1, 0, 0, 0, 0]);
    const newYork = (await hours(`?period=7d&adId=${ad.id}&tz=America/New_York`)).json(); // EDT from 8 March
    expect(newYork.byHour[3]).toBe(2);
    expect(newYork.byHour[18]).toBe(1);
    expect((await hours('?period=all')).json().plays).toBe(4);
    // Without tz, the account's own zone as set in Settings.
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/my/report-settings',
      headers: { cookie, origin: t.config.PUBLIC_ORIGIN },
      payload: { timeZone: 'Asia/Tokyo', weeklyReport: true },
    });
    expect(settings.statusCode).toBe(200);
    const own = (await hours('?period=30d')).json();
    expect([own.timeZone, own.byHour[16], own.byWeekday]).toEqual(['Asia/Tokyo', 2, [2, 0, 1, 0, 0, 0, 0]]);
    // A stored zone that is not one (written before update-user refused it) reads as UTC, not an error.
    await t.db.update(users).set({ timeZone: 'Mars/Olympus' }).where(eq(users.id, userId));
    const stored = await hours('?period=30d');
    expect([stored.statusCode, stored.json().timeZone]).toEqual([200, 'UTC']);

    for (const tz of ['Mars/Olympus', "UTC'; --", '']) {
      const bad = await hours(`?tz=${encodeURIComponent(tz)}`);
      expect(bad.statusCode, tz).toBe(400);
      expect(bad.json().message).toContain('tz must be an IANA time zone name');
    }
    expect((await hours(`?adId=${ad.id}`, other.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/analytics/hours' })).statusCode).toBe(401);
  });
});

describe('live counters and shutdown', () => {
  it("streams the owner's total as events are counted", async () => {
    const { id: userId, cookie } = await signUpUser(t);
    const ad = await insertAd(t.db, { userId });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const res = await fetch(`${address}/api/analytics/stream`, { headers: { cookie }, signal: abort.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (needle: string) => {
      while (!text.includes(needle)) text += decoder.decode((await reader.read()).value);
    };
    await until('data: {"total":0}');
    await post(play(ad.id), listener());
    await post({ ad_id: ad.id, event_type: 'share' }, listener());
    await t.app.eventIngest.flush();
    await until('data: {"total":2}');
    expect(text).toContain('event: update');
    abort.abort();
  });

  it('writes every accepted event when the app closes', async () => {
    const app = await createTestApp({}, { eventFlushMs: 60_000, database: t.database });
    const ad = await newAd();
    for (let i = 0; i < 25; i++) expect((await post(play(ad.id), listener(), {}, app.app)).statusCode).toBe(202);
    expect(app.app.eventIngest.stats).toMatchObject({ accepted: 25, counted: 0 });
    await app.close();
    expect(await rawCount(ad.id)).toBe(25);
  });
});

describe('a plan without analytics', () => {
  it('keeps the cards and per-ad figures, and answers charts, breakdowns, CSV and live counters as an upgrade', async () => {
    const free = await signUpFreeUser(t);
    const ad = await insertAd(t.db, { userId: free.id });
    await post({ adId: ad.id, type: 'play' });
    const summary = (
      await t.app.inject({ url: '/api/analytics?period=7d', headers: { cookie: free.cookie } })
    ).json() as AnalyticsSummary;
    expect(summary.totals.plays).toBeGreaterThanOrEqual(0);
    expect(summary.ads.map((a) => a.id)).toEqual([ad.id]);
    expect([summary.daily, summary.sources, summary.devices]).toEqual([[], [], []]);
    for (const url of ['/api/analytics/export.csv?period=7d', '/api/analytics/stream', '/api/analytics/hours']) {
      const res = await t.app.inject({ url, headers: { cookie: free.cookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Upgrade Required');
    }
  });
});
