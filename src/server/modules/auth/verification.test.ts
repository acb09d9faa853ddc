import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { decodeQuotedPrintable, mimeStructure, readMails, readRawMails } from '../../test/mail.js';
import { cookieOf } from '../../test/session.js';

const ORIGIN = 'http://localhost:3000';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

let n = 0;

/** A new account (signed in at once: verification is not required here) from its own address. */
async function signUp() {
  const email = `verify${++n}-${Date.now()}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: `10.9.0.${n}`,
    headers: { origin: ORIGIN },
    payload: {
      email,
      password: 'tuned-radio-42',
      name: 'Vera Fy',
      firstName: 'Vera',
      lastName: 'Fy',
      companyName: 'Fy',
      callbackURL: '/verify-email',
    },
  });
  expect(res.statusCode).toBe(200);
  return { email, cookie: cookieOf(res) };
}

/** The verification links e-mailed to an address, oldest first. */
async function linksTo(email: string) {
  return (await readMails(t.outboxDir))
    .filter((m) => m.includes(`To: ${email}`))
    .map((m) => new URL(/http:\/\/localhost:3000\/api\/auth\/verify-email\?[^\s"<]+/.exec(m)![0]));
}
async function waitForLinks(email: string, count: number) {
  for (let i = 0; i < 100; i++) {
    const links = await linksTo(email);
    if (links.length >= count) return links;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${count} links reached ${email}`);
}
const open = (link: URL, cookie = '') =>
  t.app.inject({ url: link.pathname + link.search, headers: cookie ? { cookie } : {} });
const verified = async (email: string) =>
  (await t.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerified;

describe('e-mail verification', () => {
  it('lands a fresh link on the page that says it worked, and a reused one on the same page marked used', async () => {
    const { email, cookie } = await signUp();
    const [link] = await waitForLinks(email, 1);
    expect(link!.searchParams.get('callbackURL')).toBe('/verify-email');
    const first = await open(link!, cookie);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/verify-email');
    expect(await verified(email)).toBe(true);

    const again = await open(link!);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/verify-email?used=1');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('sends expired and tampered links to the page with the reason, verifying nothing', async () => {
    const { email } = await signUp();
    const [link] = await waitForLinks(email, 1);
    const token = link!.searchParams.get('token')!;
    const forged = new URL(link!);
    forged.searchParams.set('token', token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1));
    const tampered = await open(forged);
    expect(tampered.headers.location).toBe('/verify-email?error=INVALID_TOKEN');

    // A day and a minute later the link has expired.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 60 * 60 * 1000 + 60_000 });
    const expired = await open(link!);
    expect(expired.headers.location).toBe('/verify-email?error=TOKEN_EXPIRED');
    expect(expired.headers['set-cookie']).toBeUndefined();
    vi.useRealTimers();
    expect(await verified(email)).toBe(false);
  });

  it('resends the link on request, branded HTML with a plain-text part, and limits how often', async () => {
    const { email, cookie } = await signUp();
    await waitForLinks(email, 1);
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        remoteAddress: '10.9.9.9',
        headers: { origin: ORIGIN, cookie },
        payload: { email, callbackURL: '/verify-email' },
      });
    expect((await resend()).statusCode).toBe(200);
    const links = await waitForLinks(email, 2);
    const raw = (await readRawMails(t.outboxDir)).filter((m) => m.includes(`To: ${email}`)).at(-1)!;
    const mime = mimeStructure(raw);
    expect(mime.parts.map((p) => p.contentType.split(';')[0])).toEqual(['text/plain', 'text/html']);
    expect(decodeQuotedPrintable(mime.parts[1]!.body)).toMatch(/AdReplay<\/td>/);
    // The new link works.
    expect((await open(links[1]!)).headers.location).toBe('/verify-email');
    expect(await verified(email)).toBe(true);

    // Once verified, nothing more is sent; repeated asking is cut off.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await resend()).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(await linksTo(email)).toHaveLength(2);
  });
});
