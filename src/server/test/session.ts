import type { TestApp } from './harness.js';

let n = 0;
/** Signs a new user up through the real auth endpoint; returns the session cookie. */
export async function signUpUser(t: TestApp, email = `user-${process.pid}-${++n}@example.com`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: `10.1.${Math.floor(n / 250)}.${n % 250}`,
    headers: { origin: t.config.PUBLIC_ORIGIN },
    payload: { email, password: 'tuned-radio-42', name: 'T U', firstName: 'T', lastName: 'U', companyName: 'TU' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  return { id: res.json().user.id as string, email, cookie: cookieOf(res) };
}

/** Signs an existing user in through the real auth endpoint; returns the session cookie. */
export async function signIn(t: TestApp, email: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: `10.2.${Math.floor(++n / 250)}.${n % 250}`,
    headers: { origin: t.config.PUBLIC_ORIGIN },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return cookieOf(res);
}

/** The session cookie(s) an answer sets, as a Cookie header ('' when it sets none). */
export const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((res.headers['set-cookie'] as string | string[] | undefined) ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
