import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authServerMessages } from '../shared/auth.js';
import { ERROR_CODES, ErrorBody } from '../shared/errors.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { signUpUser } from './test/session.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The answer is the one error shape, with this status and code. */
function expectError(res: { statusCode: number; json(): unknown }, statusCode: number, code: string) {
  expect(res.statusCode).toBe(statusCode);
  const body = res.json();
  expect(ErrorBody.parse(body)).toEqual(body); // exactly the four fields, nothing else
  expect(body).toMatchObject({ statusCode, code });
}

describe('every error answer', () => {
  it('has stable SCREAMING_SNAKE codes', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('names a failed validation, with the message of the first problem', async () => {
    const res = await t.app.inject('/api/ads?limit=0');
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json()).toMatchObject({ error: 'Bad Request', message: 'limit must be at least 1' });
  });

  it("names Fastify's own refusals: unknown route, bad JSON, body too large, unknown media type", async () => {
    expectError(await t.app.inject('/api/nothing-here'), 404, 'NOT_FOUND');
    const json = { 'content-type': 'application/json' };
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/events', headers: json, payload: '{"ad_id":' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/events', headers: json, payload: 'x'.repeat(5000) }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'text/x-nope' },
        payload: 'x',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('says when a session is missing or another site is asking', async () => {
    expectError(await t.app.inject('/api/my/ads'), 401, 'UNAUTHORIZED');
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/my/api-keys',
      headers: { origin: 'https://elsewhere.example' },
      payload: { name: 'x' },
    });
    expectError(crossSite, 403, 'FORBIDDEN');
  });

  it('carries codes on the auth endpoints too, beside the spec texts', async () => {
    const { email } = await signUpUser(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.PUBLIC_ORIGIN },
      payload: { email, password: 'not-the-password' },
    });
    expectError(wrong, 401, 'INVALID_CREDENTIALS');
    expect(wrong.json().message).toBe(authServerMessages.invalidCredentials);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.PUBLIC_ORIGIN },
      payload: { email, password: 'tuned-radio-42', name: 'T U', firstName: 'T', lastName: 'U', companyName: 'TU' },
    });
    expect(again.json()).toMatchObject({ code: 'USER_EXISTS' });
    expect(again.json().message).toContain(authServerMessages.userExists);

    const incomplete = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.PUBLIC_ORIGIN },
      payload: { email: 'new@example.com', password: 'tuned-radio-42' },
    });
    expectError(incomplete, 400, 'VALIDATION_FAILED');
  });
});
