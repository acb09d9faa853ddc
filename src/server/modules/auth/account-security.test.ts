import { rm } from 'node:fs/promises';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages.js';
import { subscriptionPlans } from '../../db/schema.js';
import { insertAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { readMails } from '../../test/mail.js';
import { createWebDir } from '../../test/web-dir.js';
import { cookieOf, signUpUser } from '../../test/session.js';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await createWebDir();
  t = await createTestApp({}, { webDir });
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

let ip = 0;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.77.0.${++ip % 250}`,
    headers: { origin: ORIGIN, ...headers },
  });
const sessionOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json() as {
    user: { email: string };
  } | null;
const signUpWith = (email: string, password: string) =>
  post('/api/auth/sign-up/email', { email, password, name: 'P', firstName: 'P', lastName: 'Q', companyName: 'PQ' });
const signIn = async (email: string, password = 'tuned-radio-42') =>
  cookieOf(await post('/api/auth/sign-in/email', { email, password }));

describe('common passwords', () => {
  it('are refused at sign-up in any letter case, with their own message; the spec rules still come first', async () => {
    for (const password of ['password1', 'Password1', 'qwerty123', 'iloveyou', '123456', 'LetMeIn1']) {
      const res = await signUpWith(`common-${password.length}-${ip}@example.com`, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message, password).toBe(messages.commonPassword);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await signUpWith('short@example.com', '12345')).json().message).toBe(
      'Password must be at least 6 characters',
    );
    expect((await signUpWith('fine@example.com', 'tuned-radio-42')).statusCode).toBe(200);
  });

  it('are refused as a new password, changed or reset', async () => {
    const user = await signUpUser(t);
    const change = await post(
      '/api/auth/change-password',
      { currentPassword: 'tuned-radio-42', newPassword: 'football1' },
      { cookie: user.cookie },
    );
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(messages.commonPassword);
    const reset = await post('/api/auth/reset-password', { newPassword: 'sunshine', token: 'any' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(messages.commonPassword);
    expect(await signIn(user.email)).toContain('session_token');
  });
});

describe('a new password', () => {
  it('changed in one session signs out every other session, whatever the client asks', async () => {
    const user = await signUpUser(t);
    const laptop = await signIn(user.email);
    const phone = await signIn(user.email);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: 'tuned-radio-42', newPassword: 'harbor-lights-9', revokeOtherSessions: false },
      { cookie: laptop },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await sessionOf(phone)).toBeNull();
    expect(await sessionOf(user.cookie)).toBeNull();
    // The session that changed it goes on (under the fresh token it was given).
    const current = cookieOf(res) || laptop;
    expect((await sessionOf(current))?.user.email).toBe(user.email);
  });

  it('set by a reset link signs out every session', async () => {
    const user = await signUpUser(t);
    const other = await signIn(user.email);
    await post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const resetMail = async () =>
      (await readMails(t.outboxDir)).find((m) => m.includes(`To: ${user.email}`) && m.includes('Reset your AdReplay'));
    await expect.poll(resetMail).toBeDefined();
    const mail = (await resetMail())!;
    const token = decodeURIComponent(/reset-password#token=([A-Za-z0-9_%-]+)/.exec(mail)![1]!);
    expect((await post('/api/auth/reset-password', { newPassword: 'harbor-lights-9', token })).statusCode).toBe(200);
    expect(await sessionOf(user.cookie)).toBeNull();
    expect(await sessionOf(other)).toBeNull();
  });
});

describe('outstanding reset links', () => {
  const resetLinks = async (email: string) =>
    (await readMails(t.outboxDir))
      .filter((m) => m.includes(`To: ${email}`) && m.includes('Reset your AdReplay'))
      .map((m) => decodeURIComponent(/reset-password#token=([A-Za-z0-9_%-]+)/.exec(m)![1]!));
  const requestLink = async (email: string, count: number) => {
    await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    await expect.poll(async () => (await resetLinks(email)).length).toBe(count);
    return new Set(await resetLinks(email));
  };
  /** Two links asked for one after the other: [the older, the newer]. */
  const twoLinks = async (email: string) => {
    const [a] = await requestLink(email, 1);
    const b = [...(await requestLink(email, 2))].find((token) => token !== a)!;
    return [a!, b];
  };

  it('are all refused once a newer one has set the password, as a used link is', async () => {
    const user = await signUpUser(t);
    const [a, b] = await twoLinks(user.email);
    expect((await post('/api/auth/reset-password', { newPassword: 'harbor-lights-9', token: b })).statusCode).toBe(200);
    const older = await post('/api/auth/reset-password', { newPassword: 'stolen-again-7', token: a });
    const used = await post('/api/auth/reset-password', { newPassword: 'stolen-again-7', token: b });
    expect(older.statusCode).toBe(400);
    expect(older.json()).toEqual(used.json());
    expect(older.json().message).toBe('Invalid token');
    expect(await signIn(user.email, 'harbor-lights-9')).toContain('session_token');
    expect(await signIn(user.email, 'stolen-again-7')).toBe('');
  });

  it('are all refused once the password is changed with the old one', async () => {
    const user = await signUpUser(t);
    const [a, b] = await twoLinks(user.email);
    const change = await post(
      '/api/auth/change-password',
      { currentPassword: 'tuned-radio-42', newPassword: 'harbor-lights-9' },
      { cookie: user.cookie },
    );
    expect(change.statusCode, change.body).toBe(200);
    for (const token of [a, b]) {
      const res = await post('/api/auth/reset-password', { newPassword: 'stolen-again-7', token });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid token');
    }
    expect(await signIn(user.email, 'harbor-lights-9')).toContain('session_token');
  });

  it('of another account still work', async () => {
    const [mine, theirs] = [await signUpUser(t), await signUpUser(t)];
    const [token] = await requestLink(theirs.email, 1);
    await twoLinks(mine.email).then(([, b]) =>
      post('/api/auth/reset-password', { newPassword: 'harbor-lights-9', token: b }),
    );
    expect((await post('/api/auth/reset-password', { newPassword: 'river-stones-5', token })).statusCode).toBe(200);
  });
});

describe('the session list', () => {
  it('describes each session without its token, so no page script can use one', async () => {
    const user = await signUpUser(t);
    const other = await signIn(user.email);
    const res = await t.app.inject({ url: '/api/auth/list-sessions', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session).not.toHaveProperty('token');
      expect(session).toMatchObject({ id: expect.any(String), userId: user.id });
    }
    // No value of the answer is either session's cookie token.
    const tokens = [user.cookie, other].map((c) => decodeURIComponent(c.split('=')[1]!).split('.')[0]!);
    for (const token of tokens) expect(res.body).not.toContain(token);
  });
});

describe('signed-in answers', () => {
  it('are never kept by a cache: Cache-Control private, no-store', async () => {
    const user = await signUpUser(t);
    const key = await createApiKey(t, user.cookie);
    for (const url of ['/api/auth/get-session', '/api/profile', '/api/my/ads', '/api/analytics', '/api/my/api-keys']) {
      const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const signedIn = await post('/api/auth/sign-in/email', { email: user.email, password: 'tuned-radio-42' });
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const api = await callApi(t, key.key, 'GET', '/api/v1/ads');
    expect(api.statusCode).toBe(200);
    expect(api.headers['cache-control']).toBe('private, no-store');
  });
});

describe('state changes from elsewhere', () => {
  it('are refused on every signed-in route without an Origin, or marked cross-site, and change nothing', async () => {
    const user = await signUpUser(t);
    const attempts: InjectOptions[] = [
      { method: 'POST', url: '/api/my/api-keys', payload: { name: 'x' } },
      { method: 'PUT', url: '/api/profile', payload: { firstName: 'Mallory' } },
      { method: 'PATCH', url: '/api/my/ads/00000000-0000-4000-8000-000000000000/active', payload: { isActive: false } },
      { method: 'DELETE', url: '/api/my/ads/00000000-0000-4000-8000-000000000000' },
      { method: 'POST', url: '/api/auth/sign-out', payload: {} },
      { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'x', newPassword: 'y' } },
    ];
    for (const attempt of attempts) {
      for (const headers of [
        { cookie: user.cookie },
        { cookie: user.cookie, origin: ORIGIN, 'sec-fetch-site': 'cross-site' },
      ]) {
        const res = await t.app.inject({ ...attempt, headers });
        expect(res.statusCode, `${attempt.method} ${attempt.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json().message).toBe('Cross-site request refused');
      }
    }
    expect((await sessionOf(user.cookie))?.user.email).toBe(user.email);
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: user.cookie } });
    expect(profile.json().firstName).toBe('T');
    expect(
      (await t.app.inject({ url: '/api/my/api-keys', headers: { cookie: user.cookie } })).json().keys,
    ).toHaveLength(0);
  });

  it('are refused on the public endpoints when another site sends them; the partner API needs only its key', async () => {
    const user = await signUpUser(t);
    const key = await createApiKey(t, user.cookie);
    const event = { adId: '00000000-0000-4000-8000-000000000000', type: 'play' };
    for (const headers of [{ origin: 'https://evil.example' }, { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/events', payload: event, headers })).statusCode).toBe(
        403,
      );
      const contact = { name: 'N', email: 'n@example.com', subject: 'General Inquiry', message: 'Hello' };
      expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: contact, headers })).statusCode).toBe(
        403,
      );
    }
    // Our own pages (sendBeacon and fetch name the origin) still reach them.
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: event,
      headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin', cookie: user.cookie },
    });
    expect(beacon.statusCode).not.toBe(403);
    // A partner's server sends no Origin; its key is what counts.
    const del = await callApi(t, key.key, 'DELETE', '/api/v1/ads/00000000-0000-4000-8000-000000000000');
    expect(del.statusCode).toBe(404);
  });
});

describe('the public ad API', () => {
  it("never names the owner's account: list, ad, related ads, ad page, embed and oEmbed", async () => {
    const owner = await signUpUser(t);
    const ad = await insertAd(t.db, { userId: owner.id, title: 'Owner Hidden Spot', category: 'Retail' });
    await insertAd(t.db, { userId: owner.id, title: 'Owner Second Spot', category: 'Retail' });
    for (const url of [
      '/api/ads',
      '/api/ads?limit=50',
      `/api/ads/${ad.slug}`,
      `/api/ads/${ad.slug}/related`,
      `/ad/${ad.slug}`,
      `/embed/${ad.slug}`,
      `/oembed?url=${encodeURIComponent(`${ORIGIN}/ad/${ad.slug}`)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toMatch(/Owner (Hidden|Second) Spot/);
      expect(res.body, url).not.toContain('userId');
      // Nowhere but inside the paths of the ad's own files, which are filed under their owner.
      expect(res.body.replaceAll(`/${owner.id}/`, '/…/'), url).not.toContain(owner.id);
    }
    // The owner's own views keep it.
    const mine = await t.app.inject({ url: '/api/my/ads', headers: { cookie: owner.cookie } });
    expect(mine.json().ads[0].userId).toBe(owner.id);
  });
});
