import { rm } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../../shared/analytics.js';
import { moderationMessages as texts } from '../../../shared/moderation.js';
import { rows } from '../../db/rows.js';
import { adReports, ads, apiKeys, moderationAudit, sessions, subscriptionPlans, users } from '../../db/schema.js';
import { insertAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { readMails } from '../../test/mail.js';
import { cookieOf, signUpUser } from '../../test/session.js';
import { createWebDir } from '../../test/web-dir.js';
import { listenerKey } from '../analytics/listener.js';
import { createModerationRepository } from './moderation.repository.js';
import { REPORTS_PER_HOUR } from './moderation.routes.js';

const ADMIN_EMAIL = `moderator-${process.pid}@example.com`;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let t: TestApp;
let webDir: string;
let admin: { id: string; email: string; cookie: string };
let advertiser: { id: string; email: string; cookie: string };
let address = 0;
/** A new client address for each listener, so no test eats another's report allowance. */
const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  webDir = await createWebDir();
  t = await createTestApp({ ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} `, REPORT_HOLD_THRESHOLD: '3' }, { webDir });
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  admin = await signUpUser(t, ADMIN_EMAIL);
  advertiser = await signUpUser(t);
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

const origin = () => ({ origin: t.config.PUBLIC_ORIGIN });

async function newAd(title = 'Reported Spot', userId = advertiser.id) {
  return insertAd(t.db, { userId, title, businessName: 'Shady Motors', category: 'Automotive' });
}

function report(slug: string, payload: object, remoteAddress = nextAddress(), ua = UA) {
  return t.app.inject({
    method: 'POST',
    url: `/api/ads/${slug}/reports`,
    remoteAddress,
    headers: { ...origin(), 'user-agent': ua },
    payload,
  });
}

function act(cookie: string, path: string, reason = 'Breaks the rules on misleading claims') {
  return t.app.inject({ method: 'POST', url: path, headers: { ...origin(), cookie }, payload: { reason } });
}

describe('reporting an ad', () => {
  it('needs no sign-in, confirms, and stores the listener code as analytics makes it (no address)', async () => {
    const ad = await newAd();
    const res = await report(ad.slug, { reason: 'scam', details: '  Asked for my card number  ' }, '203.0.113.9');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: texts.reported });
    const [stored] = await t.db.select().from(adReports).where(eq(adReports.adId, ad.id));
    const [salt] = await rows<{ salt: string }>(
      t.db,
      sql`SELECT salt FROM analytics_salts WHERE day = ${dayOf(new Date())}::date`,
    );
    expect(stored).toMatchObject({
      reason: 'scam',
      details: 'Asked for my card number',
      listenerKey: listenerKey(salt!.salt, '203.0.113.9', UA, ad.id),
      resolvedAt: null,
    });
    expect(JSON.stringify(stored)).not.toContain('203.0.113');
  });

  it('counts a listener once per ad while the case is open', async () => {
    const ad = await newAd();
    const from = nextAddress();
    expect((await report(ad.slug, { reason: 'offensive' }, from)).statusCode).toBe(201);
    expect((await report(ad.slug, { reason: 'other' }, from)).statusCode).toBe(201);
    expect(await t.db.$count(adReports, eq(adReports.adId, ad.id))).toBe(1);
  });

  it('refuses a bad reason, an overlong text and an unknown ad with a clear 4xx and stores nothing', async () => {
    const ad = await newAd();
    const bad = await report(ad.slug, { reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose a reason/);
    const long = await report(ad.slug, { reason: 'other', details: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 1000 characters/);
    expect((await report('no-such-ad', { reason: 'other' })).statusCode).toBe(404);
    expect(await t.db.$count(adReports, eq(adReports.adId, ad.id))).toBe(0);
  });

  it('limits flooding per client address', async () => {
    const ad = await newAd('Flooded Spot');
    const from = nextAddress();
    // The allowance is the address's, whether or not a report adds anything (these repeat one listener's).
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      expect((await report(ad.slug, { reason: 'other' }, from)).statusCode).toBe(201);
    }
    const refused = await report(ad.slug, { reason: 'other' }, from, `${UA} another browser`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: texts.tooManyReports });
    expect((await report(ad.slug, { reason: 'other' })).statusCode).toBe(201); // another address still can
    expect(await t.db.$count(adReports, eq(adReports.adId, ad.id))).toBe(2);
  });
});

describe('moderator routes', () => {
  const routes = (adId: string, userId: string) =>
    [
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/audit'],
      ['POST', `/api/admin/ads/${adId}/dismiss`],
      ['POST', `/api/admin/ads/${adId}/take-down`],
      ['POST', `/api/admin/ads/${adId}/restore`],
      ['POST', `/api/admin/users/${userId}/suspend`],
      ['POST', `/api/admin/users/${userId}/reinstate`],
    ] as const;

  it('answer 401 to anonymous callers and 403 to advertisers, and change nothing', async () => {
    const ad = await newAd();
    const audited = await t.db.$count(moderationAudit);
    for (const [method, url] of routes(ad.id, advertiser.id)) {
      const payload = method === 'POST' ? { reason: 'x' } : undefined;
      const anonymous = await t.app.inject({ method, url, headers: origin(), payload });
      expect(anonymous.statusCode, url).toBe(401);
      const other = await t.app.inject({ method, url, headers: { ...origin(), cookie: advertiser.cookie }, payload });
      expect(other.statusCode, url).toBe(403);
      expect(other.json().message).toBe(texts.notAdmin);
    }
    expect((await t.db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id)))[0]!.status).toBe('published');
    expect(await t.db.$count(moderationAudit)).toBe(audited);
  });

  it('open to an account granted the role (admin:grant) as to ADMIN_EMAILS', async () => {
    const granted = await signUpUser(t);
    const get = () => t.app.inject({ url: '/api/admin/reports', headers: { cookie: granted.cookie } });
    // The page asks first whether the account may moderate: an answer, never a refusal.
    const mayModerate = async (cookie?: string) => {
      const res = await t.app.inject({ url: '/api/my/moderator', headers: cookie ? { cookie } : {} });
      return res.statusCode === 200 ? (res.json() as { moderator: boolean }).moderator : res.statusCode;
    };
    expect(await mayModerate()).toBe(401);
    expect(await mayModerate(granted.cookie)).toBe(false);
    expect(await mayModerate(admin.cookie)).toBe(true);
    expect((await get()).statusCode).toBe(403);
    expect(await createModerationRepository(t.db).grantAdmin(granted.email.toUpperCase())).toBe(true);
    expect((await get()).statusCode).toBe(200);
    expect(await mayModerate(granted.cookie)).toBe(true);
    expect(await createModerationRepository(t.db).grantAdmin('nobody@example.com')).toBe(false);
  });

  it('require a reason for every action', async () => {
    const ad = await newAd();
    for (const [method, url] of routes(ad.id, advertiser.id).filter(([m]) => m === 'POST')) {
      const res = await t.app.inject({ method, url, headers: { ...origin(), cookie: admin.cookie }, payload: {} });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/Give a reason/);
      const blank = await act(admin.cookie, url, '   ');
      expect(blank.statusCode, url).toBe(400);
    }
  });

  it('list the queue grouped by ad: count, reasons, newest first', async () => {
    const older = await newAd('Older Case');
    const newer = await newAd('Newer Case');
    await report(older.slug, { reason: 'scam' });
    await report(older.slug, { reason: 'scam', details: 'fake prize' });
    await report(older.slug, { reason: 'misleading' });
    await report(newer.slug, { reason: 'copyright' });
    const res = await t.app.inject({ url: '/api/admin/reports', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const items = res.json().items as { ad: { id: string }; reportCount: number; reasons: unknown[] }[];
    const ids = items.map((i) => i.ad.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(items.find((i) => i.ad.id === older.id)).toMatchObject({
      reportCount: 3,
      reasons: [
        { reason: 'scam', count: 2 },
        { reason: 'misleading', count: 1 },
      ],
      owner: { id: advertiser.id, email: advertiser.email, suspended: false },
    });
  });
});

describe('taking an ad down', () => {
  it('answers 451 on its page, API and embed, and removes it from every public list at once', async () => {
    const ad = await newAd('Zanzibarian Miracle Cure');
    // Every public surface has it (and the cache keeps it).
    const surfaces = async () => ({
      list: (await t.app.inject('/api/ads?limit=50')).json().ads.map((a: { id: string }) => a.id),
      search: (await t.app.inject('/api/ads?q=zanzibarian')).json().ads.map((a: { id: string }) => a.id),
      suggest: (await t.app.inject('/api/ads/suggest?q=zanzibarian'))
        .json()
        .suggestions.map((s: { slug: string }) => s.slug),
      sitemap: (await t.app.inject('/sitemap.xml')).body.includes(ad.slug),
    });
    expect(await surfaces()).toEqual({
      list: expect.arrayContaining([ad.id]),
      search: expect.arrayContaining([ad.id]),
      suggest: expect.arrayContaining([ad.slug]),
      sitemap: true,
    });
    expect((await t.app.inject(`/api/ads/${ad.slug}`)).statusCode).toBe(200);
    await report(ad.slug, { reason: 'scam' });

    const res = await act(admin.cookie, `/api/admin/ads/${ad.id}/take-down`, 'Sells a fake cure');
    expect(res.statusCode).toBe(200);

    const after = await surfaces();
    expect(after.list).not.toContain(ad.id);
    expect(after.search).not.toContain(ad.id);
    expect(after.suggest).not.toContain(ad.slug);
    expect(after.sitemap).toBe(false);
    const api = await t.app.inject(`/api/ads/${ad.slug}`);
    expect(api.statusCode).toBe(451);
    expect(api.json()).toMatchObject({ code: 'AD_REMOVED', message: texts.removed.taken_down });
    const page = await t.app.inject({ url: `/ad/${ad.slug}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(451);
    expect(page.body).toContain('<title>Ad Removed | AdReplay</title>');
    const embed = await t.app.inject({ url: `/embed/${ad.slug}`, headers: { accept: 'text/html' } });
    expect(embed.statusCode).toBe(451);
    expect(embed.body).toContain(texts.removed.taken_down);
    // Reports on a hidden ad are refused; the case is closed; the owner was told.
    expect((await report(ad.slug, { reason: 'other' })).statusCode).toBe(404);
    const queue = (await t.app.inject({ url: '/api/admin/reports', headers: { cookie: admin.cookie } })).json();
    expect(queue.items.map((i: { ad: { id: string } }) => i.ad.id)).not.toContain(ad.id);
    await expect.poll(async () => (await readMails(t.outboxDir)).join('\n')).toContain('Sells a fake cure');

    // Restored: public again, everywhere.
    expect((await act(admin.cookie, `/api/admin/ads/${ad.id}/restore`, 'Appeal upheld')).statusCode).toBe(200);
    expect((await t.app.inject(`/api/ads/${ad.slug}`)).statusCode).toBe(200);
    expect((await surfaces()).search).toContain(ad.id);
  });

  it('answers 409 when the ad is not in a state the action applies to, 404 for no ad', async () => {
    const ad = await newAd();
    const restore = await act(admin.cookie, `/api/admin/ads/${ad.id}/restore`);
    expect(restore.statusCode).toBe(409);
    expect(restore.json().message).toBe(texts.wrongState.restore);
    expect((await act(admin.cookie, `/api/admin/ads/${ad.id}/dismiss`)).statusCode).toBe(409);
    const missing = await act(admin.cookie, '/api/admin/ads/00000000-0000-4000-8000-000000000000/take-down');
    expect(missing.statusCode).toBe(404);
  });
});

describe('suspending an advertiser', () => {
  it('ends their sessions, revokes their API keys, refuses sign-in and hides their ads; reinstating undoes it', async () => {
    const owner = await signUpUser(t);
    const key = await createApiKey(t, owner.cookie);
    const ad = await newAd('Suspended Owner Spot', owner.id);
    const takenDown = await newAd('Separately Taken Down', owner.id);
    await act(admin.cookie, `/api/admin/ads/${takenDown.id}/take-down`, 'Separate reason');

    const res = await act(admin.cookie, `/api/admin/users/${owner.id}/suspend`, 'Repeated scams');
    expect(res.statusCode).toBe(200);
    expect(await t.db.$count(sessions, eq(sessions.userId, owner.id))).toBe(0);
    expect(await t.db.$count(apiKeys, eq(apiKeys.userId, owner.id))).toBe(0);
    expect((await t.app.inject({ url: '/api/my/ads', headers: { cookie: owner.cookie } })).statusCode).toBe(401);
    expect((await callApi(t, key.key, 'GET', '/api/v1/ads')).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextAddress(),
      headers: origin(),
      payload: { email: owner.email, password: 'tuned-radio-42' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(texts.suspendedSignIn);
    expect(cookieOf(signIn)).not.toMatch(/session_token=[^;]/);
    const hidden = await t.app.inject(`/api/ads/${ad.slug}`);
    expect(hidden.statusCode).toBe(451);
    expect(hidden.json().message).toBe(texts.removed.suspended);
    expect((await act(admin.cookie, `/api/admin/users/${owner.id}/suspend`)).statusCode).toBe(409);

    expect((await act(admin.cookie, `/api/admin/users/${owner.id}/reinstate`, 'Cleared')).statusCode).toBe(200);
    expect((await t.app.inject(`/api/ads/${ad.slug}`)).statusCode).toBe(200);
    // An ad taken down on its own stays down.
    expect((await t.app.inject(`/api/ads/${takenDown.slug}`)).statusCode).toBe(451);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextAddress(),
      headers: origin(),
      payload: { email: owner.email, password: 'tuned-radio-42' },
    });
    expect(back.statusCode).toBe(200);
    const [row] = await t.db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, owner.id));
    expect(row!.at).toBeNull();
  });
});

describe('the audit log', () => {
  it('records each action with who, when, what, reason, before and after, and is readable in /admin', async () => {
    const ad = await newAd('Audited Spot');
    await report(ad.slug, { reason: 'misleading' });
    const started = Date.now();
    await act(admin.cookie, `/api/admin/ads/${ad.id}/dismiss`, 'Nothing misleading in it');
    await report(ad.slug, { reason: 'offensive' });
    await act(admin.cookie, `/api/admin/ads/${ad.id}/take-down`, 'Offensive after all');
    const res = await t.app.inject({ url: '/api/admin/audit', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const entries = (res.json().entries as { targetId: string }[]).filter((e) => e.targetId === ad.id);
    expect(entries).toEqual([
      expect.objectContaining({
        actorEmail: admin.email,
        action: 'take-down',
        targetType: 'ad',
        reason: 'Offensive after all',
        before: { status: 'published' },
        after: { status: 'taken_down' },
      }),
      expect.objectContaining({
        actorEmail: admin.email,
        action: 'dismiss',
        reason: 'Nothing misleading in it',
        before: { status: 'published', openReports: 1, reviewRequested: false },
        after: { status: 'published', openReports: 0, reviewRequested: false },
      }),
    ]);
    expect(Date.parse((entries[1] as unknown as { at: string }).at)).toBeGreaterThanOrEqual(started - 1000);
  });

  it('has no write path: no route changes it and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const before = await t.db.$count(moderationAudit);
    expect(before).toBeGreaterThan(0);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/admin/audit',
        headers: { ...origin(), cookie: admin.cookie },
      });
      expect(res.statusCode, method).toBe(404);
    }
    await expect(t.db.update(moderationAudit).set({ reason: 'rewritten' })).rejects.toThrow();
    await expect(t.db.delete(moderationAudit)).rejects.toThrow();
    await expect(t.db.execute(sql`TRUNCATE moderation_audit`)).rejects.toThrow();
    expect(await t.db.$count(moderationAudit)).toBe(before);
    expect(await t.db.$count(moderationAudit, eq(moderationAudit.reason, 'rewritten'))).toBe(0);
  });
});

describe('the automatic hold', () => {
  it('hides an ad reported by the configured number of distinct listeners within 24 hours, and tells its owner', async () => {
    const owner = await signUpUser(t);
    const ad = await newAd('Often Reported Spot', owner.id);
    await report(ad.slug, { reason: 'scam' });
    await report(ad.slug, { reason: 'scam' });
    expect((await t.app.inject(`/api/ads/${ad.slug}`)).statusCode).toBe(200); // two listeners: still public
    await report(ad.slug, { reason: 'misleading' });
    const held = await t.app.inject(`/api/ads/${ad.slug}`);
    expect(held.statusCode).toBe(451);
    expect(held.json().message).toBe(texts.removed.held);
    const [entry] = await t.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, ad.id));
    expect(entry).toMatchObject({
      action: 'hold',
      actorId: null,
      before: { status: 'published' },
      after: { status: 'held' },
    });
    // The reports stay open: the case waits in the queue for a moderator.
    const queue = (await t.app.inject({ url: '/api/admin/reports', headers: { cookie: admin.cookie } })).json();
    expect(queue.items.find((i: { ad: { id: string } }) => i.ad.id === ad.id)).toMatchObject({
      ad: { status: 'held' },
      reportCount: 3,
    });
    await expect
      .poll(async () =>
        (await readMails(t.outboxDir)).find((m) => m.includes(owner.email) && m.includes('Often Reported Spot')),
      )
      .toContain('hidden pending review');
  });
});

describe('the owner', () => {
  it('sees the notice in the dashboard and may ask once for review, which reopens the case', async () => {
    const owner = await signUpUser(t);
    const ad = await newAd('Appealed Spot', owner.id);
    await act(admin.cookie, `/api/admin/ads/${ad.id}/take-down`, 'Uses a song without a licence');
    const notices = await t.app.inject({ url: '/api/my/moderation', headers: { cookie: owner.cookie } });
    expect(notices.json().notices[ad.id]).toMatchObject({
      status: 'taken_down',
      notice: 'Uses a song without a licence',
      reviewRequestedAt: null,
    });
    // Nobody else sees it or can ask.
    const other = await t.app.inject({ url: '/api/my/moderation', headers: { cookie: advertiser.cookie } });
    expect(other.json().notices[ad.id]).toBeUndefined();
    const ask = (cookie: string, message = 'We hold the licence; see our contract.') =>
      t.app.inject({
        method: 'POST',
        url: `/api/my/ads/${ad.id}/review`,
        headers: { ...origin(), cookie },
        payload: { message },
      });
    expect((await ask(advertiser.cookie)).statusCode).toBe(409);
    expect((await ask(owner.cookie, '  ')).statusCode).toBe(400);
    const asked = await ask(owner.cookie);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(texts.reviewRequested);
    const again = await ask(owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(texts.reviewAlreadyRequested);
    const queue = (await t.app.inject({ url: '/api/admin/reports', headers: { cookie: admin.cookie } })).json();
    expect(queue.items.find((i: { ad: { id: string } }) => i.ad.id === ad.id)).toMatchObject({
      reportCount: 0,
      review: { message: 'We hold the licence; see our contract.' },
    });
    // Dismissing the request keeps the decision; the one reply is spent.
    expect(
      (await act(admin.cookie, `/api/admin/ads/${ad.id}/dismiss`, 'The licence does not cover it')).statusCode,
    ).toBe(200);
    expect((await t.app.inject(`/api/ads/${ad.slug}`)).statusCode).toBe(451);
    expect((await ask(owner.cookie)).statusCode).toBe(409);
    // Restored: the notice goes.
    await act(admin.cookie, `/api/admin/ads/${ad.id}/restore`, 'Licence confirmed');
    const cleared = await t.app.inject({ url: '/api/my/moderation', headers: { cookie: owner.cookie } });
    expect(cleared.json().notices[ad.id]).toBeUndefined();
  });
});

describe('a takedown seen by a second app process', () => {
  /** Two apps on one database stand for two processes: b's cached ad goes as soon as a takes it down. */
  async function takenDownElsewhere(env: Record<string, string>, redisKeyPrefix?: string) {
    const a = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, ...env }, { redisKeyPrefix });
    const b = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, ...env }, { database: a.database, redisKeyPrefix });
    try {
      const moderator = await signUpUser(a, ADMIN_EMAIL);
      const owner = await signUpUser(a);
      const ad = await insertAd(a.db, { userId: owner.id, title: 'Two Process Takedown' });
      expect((await b.app.inject(`/api/ads/${ad.slug}`)).statusCode).toBe(200); // b keeps it in memory
      expect((await b.app.inject('/api/ads?q=takedown')).json().ads.map((x: { id: string }) => x.id)).toContain(ad.id);
      const res = await a.app.inject({
        method: 'POST',
        url: `/api/admin/ads/${ad.id}/take-down`,
        headers: { origin: a.config.PUBLIC_ORIGIN, cookie: moderator.cookie },
        payload: { reason: 'Fraud' },
      });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(async () => (await b.app.inject(`/api/ads/${ad.slug}`)).statusCode, { timeout: 2_000 })
        .toBe(451);
      expect((await b.app.inject('/api/ads?q=takedown')).json().ads.map((x: { id: string }) => x.id)).not.toContain(
        ad.id,
      );
    } finally {
      await b.close();
      await a.close();
    }
  }

  it.runIf(process.env.TEST_DATABASE_URL)('through PostgreSQL LISTEN/NOTIFY', async () => {
    await takenDownElsewhere({});
  });

  it.runIf(process.env.TEST_REDIS_URL)('through Redis when REDIS_URL is set', async () => {
    await takenDownElsewhere(
      { REDIS_URL: process.env.TEST_REDIS_URL! },
      `adreplay-test:${Date.now()}-${Math.random()}:`,
    );
  });
});
