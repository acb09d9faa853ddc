import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles, rateLimits, sessions, users, verifications } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { mimeStructure, readMails, readRawMails } from '../../test/mail.js';
import { escapeHtml } from '../../../shared/html.js';
import { cookieOf } from '../../test/session.js';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
beforeAll(async () => {
  // The laptop's network address is listed, as a developer does to try the app from a phone.
  t = await createTestApp({ ALLOWED_HOSTS: 'localhost,192.168.1.20' });
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each call comes from its own address, so the per-IP limits only bite where a test wants them to. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: headers['x-ip'] ?? freshIp(),
    headers: { origin: ORIGIN, ...headers },
  });
}

let n = 0;
async function signUp(overrides: Record<string, string> = {}) {
  const email = overrides.email ?? `person${++n}@example.com`;
  const res = await post('/api/auth/sign-up/email', {
    email,
    password: 'tuned-radio-42',
    name: 'Pat Doe',
    firstName: 'Pat',
    lastName: 'Doe',
    companyName: 'Doe & Co',
    ...overrides,
  });
  return { res, email, cookie: cookieOf(res) };
}
const signIn = (email: string, password: string, ip?: string) =>
  post('/api/auth/sign-in/email', { email, password }, ip ? { 'x-ip': ip } : {});

const outboxMessages = () => readMails(t.outboxDir);
const waitFor = async <T>(fn: () => Promise<T | undefined>) => {
  for (let i = 0; i < 50; i++) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out');
};

/** The outbox message to an address: one multipart/alternative with a text part, then an HTML part. */
async function textAndHtmlTo(email: string, subject: string) {
  const raw = await waitFor(async () =>
    (await readRawMails(t.outboxDir)).find((m) => m.includes(`To: ${email}`) && m.includes(`Subject: ${subject}`)),
  );
  const mime = mimeStructure(raw);
  expect(mime.contentType).toMatch(/^multipart\/alternative;/);
  expect(mime.parts.map((p) => p.contentType.split(';')[0])).toEqual(['text/plain', 'text/html']);
  return { text: mime.parts[0]!.body, html: mime.parts[1]!.body };
}

describe('sign-up', () => {
  it('creates the user with a scrypt hash, a profile row with the sign-up data, and a session cookie', async () => {
    const { res, email, cookie } = await signUp();
    expect(res.statusCode).toBe(200);
    const user = (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(account!.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/); // salt:scrypt-key
    expect(account!.password).not.toContain('tuned-radio-42');
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ firstName: 'Pat', lastName: 'Doe', companyName: 'Doe & Co' });
    expect(cookie).toContain('better-auth.session_token=');
  });

  it('sets HttpOnly, SameSite=Lax cookies (Secure only on https origins)', async () => {
    const { res } = await signUp();
    const raw = ([] as string[]).concat(res.headers['set-cookie'] as string[]).join('\n');
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/);
  });

  it('keeps the session token in the HttpOnly cookie only, never in a body a script could read', async () => {
    const { res, email } = await signUp();
    const session = (raw: unknown) =>
      /better-auth\.session_token=([^.;]+)/.exec(([] as string[]).concat(raw as string[]).join('\n'))![1]!;
    expect(res.json()).toMatchObject({ signedIn: true, user: { email } });
    expect(res.json()).not.toHaveProperty('token');
    expect(res.body).not.toContain(session(res.headers['set-cookie']));
    const signIn = await post('/api/auth/sign-in/email', { email, password: 'tuned-radio-42' });
    expect(signIn.json()).toMatchObject({ signedIn: true, user: { email } });
    expect(signIn.body).not.toContain(session(signIn.headers['set-cookie']));
    const me = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: cookieOf(signIn) } });
    expect(me.json()).toMatchObject({ user: { email }, session: { userId: expect.any(String) } });
    expect(me.json().session).not.toHaveProperty('token');
    expect(me.body).not.toContain(session(signIn.headers['set-cookie']));
  });

  it('sends a verification e-mail with a link built from PUBLIC_ORIGIN', async () => {
    const { email } = await signUp();
    const { text, html } = await textAndHtmlTo(email, 'Confirm your AdReplay e-mail address');
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s"<]+/.exec(text)?.[0];
    expect(link, text).toBeDefined();
    expect(html).toContain(`<a href="${escapeHtml(link!)}">Confirm my e-mail address</a>`);
  });

  it('answers a second sign-up with the same address with the spec phrase', async () => {
    const { email } = await signUp();
    const again = await signUp({ email });
    expect(again.res.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.res.json().message).toContain('User already registered');
  });

  it('refuses passwords under 6 characters', async () => {
    const { res } = await signUp({ password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Password/);
  });

  it('checks the sign-up form rules on the server, with their texts, and creates nothing when they fail', async () => {
    const usersBefore = (await t.db.select().from(users)).length;
    const cases: [Record<string, string>, string][] = [
      [{ firstName: '' }, 'First name is required'],
      [{ lastName: '   ' }, 'Last name is required'],
      [{ companyName: '' }, 'Company name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'pat@example' }, 'Email is invalid'],
      [{ password: '' }, 'Password is required'],
      [{ password: '12345' }, 'Password must be at least 6 characters'],
    ];
    for (const [overrides, message] of cases) {
      const { res } = await signUp(overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // Fields left out altogether, as an API client might.
    const bare = await post('/api/auth/sign-up/email', {
      email: 'bare@example.com',
      password: 'tuned-radio-42',
      name: 'B',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('First name is required');
    expect((await t.db.select().from(users)).length).toBe(usersBefore);
  });

  it('stores the names as checked, without surrounding spaces', async () => {
    const { res, email } = await signUp({ firstName: '  Pat ', companyName: ' Doe & Co ' });
    expect(res.statusCode).toBe(200);
    const user = (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ firstName: 'Pat', companyName: 'Doe & Co' });
  });
});

describe('sign-in and sessions', () => {
  it('gives a new session id on every sign-in, and sign-out deletes the session on the server', async () => {
    const { email } = await signUp();
    const a = cookieOf(await signIn(email, 'tuned-radio-42'));
    const b = cookieOf(await signIn(email, 'tuned-radio-42'));
    expect(a).not.toBe(b);
    const me = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: b } });
    expect(me.json().user.email).toBe(email);

    const before = await t.db.select().from(sessions);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: b, origin: ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    expect((await t.db.select().from(sessions)).length).toBe(before.length - 1);
    const after = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: b } });
    expect(after.json()).toBeNull();
  });

  it('answers a wrong password with the spec phrase', async () => {
    const { email } = await signUp();
    const res = await signIn(email, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('Invalid login credentials');
  });

  it("slows failed sign-ins per account without locking the owner out: a stranger's failures stop only the stranger", async () => {
    const { email } = await signUp();
    const stranger = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
    // Nine wrong passwords from three addresses: the account is well past its free failures.
    for (let i = 0; i < 9; i++) {
      const res = await signIn(email, `guess-${i}-wrong`, stranger[i % 3]);
      expect(res.statusCode, `attempt ${i + 1}`).toBeLessThan(500);
    }
    // An address that failed on the account waits, even with the right password, and is told how long.
    const held = await signIn(email, 'tuned-radio-42', stranger[0]);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toContain('Too many requests');
    expect(held.json().retryAfter).toBeGreaterThan(0);
    expect(held.headers['retry-after']).toBe(String(held.json().retryAfter));
    // The owner, from an address of their own that never failed, signs in.
    const owner = await signIn(email, 'tuned-radio-42', '203.0.113.77');
    expect(owner.statusCode).toBe(200);
    expect(cookieOf(owner)).toContain('better-auth.session_token=');
    // And keeps signing in while the stranger goes on guessing.
    await signIn(email, 'another-wrong-guess', stranger[1]);
    expect((await signIn(email, 'tuned-radio-42', '203.0.113.77')).statusCode).toBe(200);
    expect((await signIn(email, 'tuned-radio-42', '203.0.113.78')).statusCode).toBe(200);
  });

  it('makes an address that keeps failing wait longer each time, and says how long', async () => {
    let now = new Date('2026-03-02T10:00:00Z').getTime();
    const s = await createTestApp({}, { clock: () => new Date(now) });
    try {
      const ip = '192.0.2.40';
      const send = (url: string, payload: object) =>
        s.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { origin: ORIGIN } });
      const email = 'slowed@example.com';
      const up = await s.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '192.0.2.99',
        headers: { origin: ORIGIN },
        payload: { email, password: 'tuned-radio-42', name: 'S', firstName: 'S', lastName: 'S', companyName: 'S' },
      });
      expect(up.statusCode).toBe(200);
      const attempt = (password: string) => send('/api/auth/sign-in/email', { email, password });
      for (let i = 0; i < 5; i++) expect((await attempt('not-it-at-all')).statusCode).toBe(401);

      const waits: number[] = [];
      for (let round = 0; round < 3; round++) {
        const held = await attempt('tuned-radio-42');
        expect(held.statusCode).toBe(429);
        expect(held.json().message).toContain('Too many requests');
        const wait = held.json().retryAfter as number;
        expect(held.headers['retry-after']).toBe(String(wait));
        waits.push(wait);
        // Still waiting a second before the end; then one more wrong guess is heard, and fails.
        now += (wait - 1) * 1000;
        expect((await attempt('not-it-at-all')).statusCode).toBe(429);
        now += 1000;
        expect((await attempt('not-it-at-all')).statusCode).toBe(401);
      }
      expect(waits[0]).toBeGreaterThan(0);
      expect(waits[1]).toBeGreaterThan(waits[0]!);
      expect(waits[2]).toBeGreaterThan(waits[1]!);
      // Waits stop growing at a cap, and after a quiet hour the address starts afresh.
      now += 60 * 60_000;
      expect((await attempt('tuned-radio-42')).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  }, 120_000);

  it('slows an address that fails on many accounts, and the login page can say how long', async () => {
    const ip = '192.0.2.41';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await signIn(`someone${i}@example.com`, 'wrong-guess-1', ip)).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    const held = await signIn('someone-else@example.com', 'wrong-guess-1', ip);
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toContain('Too many requests');
    expect(held.json().retryAfter).toBeGreaterThan(0);
    expect(held.headers['retry-after']).toBe(String(held.json().retryAfter));
  });

  it('keeps no client address: sessions and rate-limit rows hold a keyed stand-in, the same per network', async () => {
    const { email } = await signUp();
    const a = await signIn(email, 'tuned-radio-42', '203.0.113.50');
    const b = await signIn(email, 'tuned-radio-42', '203.0.113.50');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.db.select().from(sessions);
    const stored = JSON.stringify([rows, await t.db.select().from(rateLimits)]);
    expect(stored).not.toContain('203.0.113.50');
    const addresses = new Set(rows.slice(-2).map((r) => r.ipAddress));
    expect(addresses.size).toBe(1);
    expect([...addresses][0]).toMatch(/^fd[0-9a-f]{2}:[0-9a-f:]+$/); // private range, from the keyed hash
  });

  it('limits sign-in attempts per client address', async () => {
    const ip = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(`nobody${i}@example.com`, 'whatever1', ip)).statusCode);
    expect(statuses).toContain(429);
    const res = await signIn('nobody@example.com', 'whatever1', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toContain('Too many requests');
    expect(res.json().retryAfter).toBeGreaterThan(0);
    expect(res.headers['retry-after']).toBe(String(res.json().retryAfter));
  });

  it('rejects a sign-in posted from another site', async () => {
    const { email } = await signUp();
    const res = await post(
      '/api/auth/sign-in/email',
      { email, password: 'tuned-radio-42' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site request refused');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("signs in from a page opened at the server's configured network address (a phone on the same network)", async () => {
    const { email } = await signUp();
    const lan = { host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' };
    const signIn = await post('/api/auth/sign-in/email', { email, password: 'tuned-radio-42' }, lan);
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieOf(signIn);
    const me = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie, host: lan.host } });
    expect(me.json().user.email).toBe(email);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, ...lan } });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie, host: lan.host } });
    expect(after.json()).toBeNull();
    // The same page's origin sent to another address is another site's.
    const elsewhere = await post(
      '/api/auth/sign-in/email',
      { email, password: 'tuned-radio-42' },
      {
        host: 'localhost:3000',
        origin: lan.origin,
      },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe('Cross-site request refused');
  });

  it('refuses a sign-out posted from another site, and the session lives on', async () => {
    const { cookie } = await signUp();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(out.statusCode).toBe(403);
    expect(out.json().message).toBe('Cross-site request refused');
    const me = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(me.json().user).toBeTruthy();
  });

  it('answers session reads without a rate limit: every page load of everyone behind one address makes one', async () => {
    const { cookie } = await signUp();
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i++) {
      const me = await t.app.inject({
        url: '/api/auth/get-session',
        remoteAddress: '198.51.100.7',
        headers: { cookie },
      });
      statuses.add(me.statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    return post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
  }
  async function resetToken(email: string) {
    const mail = await waitFor(async () =>
      (await outboxMessages()).find((m) => m.includes(`To: ${email}`) && m.includes('Reset your AdReplay password')),
    );
    const raw = /reset-password#token=([A-Za-z0-9_%-]+)/.exec(mail)![1]!;
    return decodeURIComponent(raw);
  }

  it('e-mails the reset link in a text part and an HTML part', async () => {
    const { email } = await signUp();
    await requestReset(email);
    const { text, html } = await textAndHtmlTo(email, 'Reset your AdReplay password');
    const link = /http:\/\/localhost:3000\/reset-password#token=[^\s"<]+/.exec(text)?.[0];
    expect(link, text).toBeDefined();
    expect(html).toContain(`<a href="${escapeHtml(link!)}">Choose a new password</a>`);
    expect(text).toContain('The link works once and expires in one hour.');
  });

  it('answers unknown and known addresses alike, in text and in time', async () => {
    // A mail server that takes 200 ms: had the request waited for the e-mail, known addresses
    // would answer 200 ms slower, far outside the tolerance below.
    const MAIL_DELAY_MS = 200;
    let sent = 0;
    const slowMailer = {
      send: async () => {
        await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
        sent++;
      },
    };
    const s = await createTestApp({}, { mailer: slowMailer });
    try {
      const up = await s.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: freshIp(),
        headers: { origin: ORIGIN },
        payload: {
          email: 'timing@example.com',
          password: 'tuned-radio-42',
          name: 'T',
          firstName: 'T',
          lastName: 'T',
          companyName: 'T',
        },
      });
      expect(up.statusCode).toBe(200);
      const timed = async (email: string) => {
        const start = performance.now();
        const res = await s.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          remoteAddress: freshIp(),
          headers: { origin: ORIGIN },
          payload: { email, redirectTo: '/reset-password' },
        });
        return { ms: performance.now() - start, status: res.statusCode, body: res.body };
      };
      const known: Awaited<ReturnType<typeof timed>>[] = [];
      const unknown: typeof known = [];
      // Pairs, alternating which goes first, so load from elsewhere on the machine and work left behind
      // by the previous request fall on both sides alike. The first two pairs warm up and are not counted.
      for (let i = 0; i < 17; i++) {
        const stranger = `no-account-${i}@example.com`;
        const knownFirst = i % 2 === 0;
        const first = await timed(knownFirst ? 'timing@example.com' : stranger);
        const second = await timed(knownFirst ? stranger : 'timing@example.com');
        if (i < 2) continue;
        known.push(knownFirst ? first : second);
        unknown.push(knownFirst ? second : first);
      }
      for (const res of [...known, ...unknown]) {
        expect(res.status).toBe(known[0]!.status);
        expect(res.body).toBe(known[0]!.body);
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const [k, u] = [median(known.map((r) => r.ms)), median(unknown.map((r) => r.ms))];
      // 25 ms plus a quarter of the faster median: wide enough for a loaded 2-core machine, where
      // every request slows down alike, and still well under the mail delay it must not contain.
      expect(Math.abs(k - u), `medians: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(
        25 + 0.25 * Math.min(k, u),
      );
      // The known address really had its e-mail sent (the test would prove nothing otherwise).
      await expect.poll(() => sent, { timeout: 5000 }).toBeGreaterThanOrEqual(17 + 1);
    } finally {
      await s.close();
    }
  });

  it('uses a hashed, single-use token that sets the new password', async () => {
    const { email } = await signUp();
    await requestReset(email);
    const token = await resetToken(email);
    const stored = await t.db.select().from(verifications);
    expect(stored.some((v) => v.identifier.includes(token) || v.value.includes(token))).toBe(false);

    const first = await post('/api/auth/reset-password', { newPassword: 'brand-new-1', token });
    expect(first.statusCode).toBe(200);
    const second = await post('/api/auth/reset-password', { newPassword: 'other-pass-2', token });
    expect(second.statusCode).toBe(400);
    expect((await signIn(email, 'brand-new-1')).statusCode).toBe(200);
    expect((await signIn(email, 'tuned-radio-42')).statusCode).toBe(401);
  });

  it('expires tokens after one hour', async () => {
    const { email } = await signUp();
    await requestReset(email);
    const token = await resetToken(email);
    const expiries = await t.db.select().from(verifications);
    const latest = expiries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
    expect(latest.expiresAt.getTime() - latest.createdAt.getTime()).toBeLessThanOrEqual(3600_000 + 5000);
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, latest.id));
    const res = await post('/api/auth/reset-password', { newPassword: 'brand-new-1', token });
    expect(res.statusCode).toBe(400);
  });
});

describe('profile', () => {
  it('requires a session, with the spec message', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You must be logged in to update your profile');
  });

  it('reads and updates only the caller’s own profile and validates website and phone', async () => {
    const a = await signUp();
    const b = await signUp();
    const put = (cookie: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/profile', payload, headers: { cookie, origin: ORIGIN } });
    const ok = await put(a.cookie, {
      firstName: 'Alex',
      lastName: 'Doe',
      companyName: 'A Co',
      website: 'https://a.example',
      phone: '(555) 010-2222',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: 'Alex', website: 'https://a.example', email: a.email });
    const bad = await put(a.cookie, { website: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Must be a valid URL');
    expect((await put(a.cookie, { phone: 'call me' })).statusCode).toBe(400);

    const bProfile = await t.app.inject({ url: '/api/profile', headers: { cookie: b.cookie } });
    expect(bProfile.json()).toMatchObject({ firstName: 'Pat', email: b.email });
    // An id in the body changes nothing: the session decides whose profile it is.
    await put(b.cookie, { id: 'someone-else', firstName: 'Bee' });
    expect((await t.app.inject({ url: '/api/profile', headers: { cookie: a.cookie } })).json().firstName).toBe('Alex');
  });

  it('sets updated_at on every change', async () => {
    const a = await signUp();
    const user = (await t.db.select().from(users).where(eq(users.email, a.email)))[0]!;
    const longAgo = new Date('2024-01-01T00:00:00Z');
    await t.db.update(profiles).set({ updatedAt: longAgo }).where(eq(profiles.id, user.id));
    const before = Date.now();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: { firstName: 'Newer', lastName: 'Doe', companyName: 'Doe & Co' },
      headers: { cookie: a.cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json().updatedAt).toBe(row!.updatedAt.toISOString());
  });

  it("refuses the names through better-auth's update-user: Settings, with its checks, is the one way", async () => {
    const a = await signUp();
    const user = (await t.db.select().from(users).where(eq(users.email, a.email)))[0]!;
    for (const payload of [{ firstName: 'x'.repeat(500) }, { lastName: 'Other' }, { companyName: ' ' }]) {
      const res = await post('/api/auth/update-user', payload, { cookie: a.cookie });
      expect(res.statusCode, Object.keys(payload)[0]).toBe(400);
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ firstName: 'Pat', lastName: 'Doe', companyName: 'Doe & Co' });
  });

  it('refuses a profile change posted from another site', async () => {
    const a = await signUp();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: { firstName: 'X' },
      headers: { cookie: a.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site request refused');
  });
});

describe('on an https PUBLIC_ORIGIN', () => {
  it('marks the session cookie Secure, under the __Secure- name browsers hold to that', async () => {
    const origin = 'https://x.example';
    const s = await createTestApp({ PUBLIC_ORIGIN: origin });
    try {
      const send = (url: string, payload: object, cookie = '') =>
        s.app.inject({ method: 'POST', url, payload, headers: { origin, ...(cookie ? { cookie } : {}) } });
      const email = 'secure@example.com';
      const up = await send('/api/auth/sign-up/email', {
        email,
        password: 'tuned-radio-42',
        name: 'S',
        firstName: 'S',
        lastName: 'S',
        companyName: 'S',
      });
      expect(up.statusCode).toBe(200);
      const signIn = await send('/api/auth/sign-in/email', { email, password: 'tuned-radio-42' });
      expect(signIn.statusCode).toBe(200);
      const raw = ([] as string[]).concat(signIn.headers['set-cookie'] as string[]);
      const session = raw.find((c) => c.startsWith('__Secure-better-auth.session_token='));
      expect(session, raw.join('\n')).toBeDefined();
      const attributes = session!.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      for (const c of raw) expect(c, 'every auth cookie').toMatch(/;\s*Secure/i);
      const me = await s.app.inject({ url: '/api/auth/get-session', headers: { cookie: cookieOf(signIn) } });
      expect(me.json().user.email).toBe(email);
    } finally {
      await s.close();
    }
  });
});

describe('with REQUIRE_EMAIL_VERIFICATION=true', () => {
  it('refuses unverified sign-in with the spec phrase, and the e-mailed link verifies and signs in', async () => {
    const v = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'true' });
    try {
      const email = 'verify-me@example.com';
      const up = await v.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN },
        payload: {
          email,
          password: 'tuned-radio-42',
          name: 'V',
          firstName: 'V',
          lastName: 'V',
          companyName: 'V',
          callbackURL: '/dashboard',
        },
      });
      expect(up.statusCode).toBe(200);
      expect(cookieOf(up)).not.toContain('session_token');
      const login = await v.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email, password: 'tuned-radio-42' },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toContain('Email not confirmed');

      const mail = await waitFor(async () => (await readMails(v.outboxDir))[0]);
      const link = new URL(/http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<]+/.exec(mail)![0]);
      const verify = await v.app.inject({ url: link.pathname + link.search });
      expect(verify.statusCode).toBe(302);
      expect(verify.headers.location).toBe('/dashboard');
      expect(cookieOf(verify)).toContain('session_token');
      const [user] = await v.db.select().from(users).where(eq(users.email, email));
      expect(user!.emailVerified).toBe(true);
      const sessionsOf = async () => (await v.db.select().from(sessions).where(eq(sessions.userId, user!.id))).length;
      expect(await sessionsOf()).toBe(1);

      // The link again (forwarded, leaked, clicked twice): it changes nothing and signs nobody in.
      const again = await v.app.inject({ url: link.pathname + link.search });
      expect(again.statusCode).toBe(302);
      expect(again.headers['set-cookie']).toBeUndefined();
      expect(await sessionsOf()).toBe(1);

      // A token altered by one character is refused outright.
      const token = link.searchParams.get('token')!;
      const forged = new URL(link);
      forged.searchParams.set('token', token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1));
      const refused = await v.app.inject({ url: forged.pathname + forged.search });
      expect(refused.headers.location).toBe('/dashboard?error=INVALID_TOKEN');
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await sessionsOf()).toBe(1);
    } finally {
      await v.close();
    }
  });
});
