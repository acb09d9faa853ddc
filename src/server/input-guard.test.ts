import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, contactMessages, profiles, subscriptionPlans, users } from './db/schema.js';
import { PLAN_SEED } from './db/seed/plans.js';
import { loggableDbError } from './db/errors.js';
import { errorHandler } from './errors.js';
import { inputGuards, inputMessages, MAX_JSON_DEPTH } from './input-guard.js';
import { sameOriginGuard } from './modules/auth/same-origin.js';
import { createApiKey, callApi } from './test/api-key.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { sendForm } from './test/multipart.js';
import { signUpUser } from './test/session.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpUser>>;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  owner = await signUpUser(t);
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost:3000';
const NOT_ALLOWED = 'contains a character that is not allowed';
async function expect400(request: InjectOptions, text: string = NOT_ALLOWED) {
  const res = await t.app.inject(request);
  expect(res.statusCode, `${JSON.stringify(request).slice(0, 120)}: ${res.body.slice(0, 200)}`).toBe(400);
  expect(res.json().message).toContain(text);
  return res;
}
const json = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string, cookie = '') => ({
  method,
  url,
  payload,
  headers: { origin: ORIGIN, 'content-type': 'application/json', ...(cookie && { cookie }) },
});
const count = async (table: typeof users | typeof ads | typeof contactMessages) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('text the database cannot store', () => {
  it('is refused with a 400 in query strings and path parameters of every public route', async () => {
    for (const url of [
      '/api/ads?search=a%00b',
      '/api/ads?location=a%00b',
      '/api/ads?search=ok&category=all%00',
      '/api/ads/%00',
      '/api/ads/some-slug%00/related',
      '/ad/%00',
      '/embed/%00',
      '/oembed?url=http%3A%2F%2Flocalhost%3A3000%2Fad%2Fx%00',
      '/api/v1/ads/%00',
      '/no-such-page/%00',
    ]) {
      await expect400({ url });
    }
  });

  it('is refused with a 400 naming the field in every JSON body, and nothing is written', async () => {
    const before = { users: await count(users), messages: await count(contactMessages) };
    // NUL and a lone surrogate, as JSON escapes; in a value, in a nested value and in a key.
    for (const bad of ['a\\u0000b', 'a\\ud800b', 'x\\udc00']) {
      const res = await expect400(json('PUT', '/api/profile', `{"firstName":"${bad}"}`, owner.cookie));
      expect(res.json().message).toContain('firstName');
      await expect400(
        json(
          'POST',
          '/api/auth/sign-up/email',
          `{"email":"new@example.com","password":"tuned-radio-42","name":"N","firstName":"${bad}","lastName":"L","companyName":"C"}`,
        ),
      );
      await expect400(json('POST', '/api/auth/sign-in/email', `{"email":"a${bad}@example.com","password":"x"}`));
      await expect400(
        json(
          'POST',
          '/api/contact',
          `{"name":"N","email":"n@example.com","subject":"General Inquiry","message":"${bad}"}`,
        ),
      );
      await expect400(
        json(
          'POST',
          '/api/events',
          `{"adId":"00000000-0000-4000-8000-000000000000","type":"play","referrer":"${bad}"}`,
        ),
      );
      await expect400(json('POST', '/api/my/api-keys', `{"name":"${bad}"}`, owner.cookie));
      await expect400(json('PUT', '/api/profile', `{"nested":{"list":["ok","${bad}"]}}`, owner.cookie));
      await expect400(json('PUT', '/api/profile', `{"${bad}":"key"}`, owner.cookie));
    }
    const [profile] = await t.db.select().from(profiles);
    expect(profile!.firstName).toBe('T');
    expect({ users: await count(users), messages: await count(contactMessages) }).toEqual(before);
  });

  it('is refused with a 400 in every text field of the multipart ad form, dashboard and API alike', async () => {
    const before = await count(ads);
    const parts = (title: string, description = 'Fresh bread daily') =>
      [
        ['title', title],
        ['business_name', 'Corner Shop'],
        ['category', 'Retail'],
        ['description', description],
      ] as [string, string][];
    // A form is UTF-8 on the wire, so a lone surrogate cannot arrive in one; NUL can, in any field.
    for (const [fields, field] of [
      [parts('Spring\0Sale'), 'title'],
      [parts('Spring Sale', 'Fresh\0bread'), 'description'],
    ] as const) {
      const res = await sendForm(t, 'POST', '/api/my/ads', owner.cookie, [...fields]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(NOT_ALLOWED);
      expect(res.json().message).toContain(field);
    }
    const key = await createApiKey(t, owner.cookie);
    const api = await callApi(t, key.key, 'POST', '/api/v1/ads', parts('Spring\0Sale'));
    expect(api.statusCode, api.body).toBe(400);
    expect(api.json().message).toContain(NOT_ALLOWED);
    expect(await count(ads)).toBe(before);
  });
});

describe('malformed bodies', () => {
  it('answers JSON nested 100,000 deep with a 400, on plain, signed-in and auth routes alike', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    await expect400(json('PUT', '/api/profile', deep, owner.cookie), inputMessages.tooDeep);
    await expect400(json('POST', '/api/auth/sign-in/email', `{"email":${deep}}`), inputMessages.tooDeep);
    await expect400(
      json('POST', '/api/contact', `{"name":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}`),
      inputMessages.tooDeep,
    );
    // The events endpoint takes small bodies only: deep enough for it is a thousand levels.
    await expect400(json('POST', '/api/events', '['.repeat(1000) + ']'.repeat(1000)), inputMessages.tooDeep);
    // Brackets inside strings do not count, and a document at the limit is parsed as usual.
    const atLimit = `{"firstName":"[[[[{{{{","x":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    const ok = await t.app.inject(json('PUT', '/api/profile', atLimit, owner.cookie));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().firstName).toBe('[[[[{{{{');
  });

  it('answers multipart without a boundary with a 400', async () => {
    for (const url of ['/api/my/ads', '/api/auth/sign-in/email', '/api/contact']) {
      await expect400(
        {
          method: 'POST',
          url,
          payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nHi\r\n--x--\r\n',
          headers: { origin: ORIGIN, cookie: owner.cookie, 'content-type': 'multipart/form-data' },
        },
        inputMessages.noBoundary,
      );
    }
  });
});

describe('the guards as plugins', () => {
  it('refuse to start before the error handler, whose body their refusals take', async () => {
    for (const register of [
      (app: ReturnType<typeof Fastify>) => app.register(inputGuards),
      (app: ReturnType<typeof Fastify>) =>
        app.register(sameOriginGuard, { origin: ORIGIN, hosts: new Set(['localhost']) }),
    ]) {
      const app = Fastify();
      await expect(register(app)).rejects.toThrow(/dependency 'error-handler'/);
      await app.close();
    }
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(inputGuards);
    await app.register(sameOriginGuard, { origin: ORIGIN, hosts: new Set(['localhost']) });
    app.post('/echo', async (req) => req.body);
    const res = await app.inject({ method: 'POST', url: '/echo?q=%00', headers: { origin: ORIGIN }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request' });
    const crossSite = await app.inject({ method: 'POST', url: '/echo', headers: { origin: 'https://evil.example' } });
    expect(crossSite.json()).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'Cross-site request refused',
    });
    await app.close();
  });
});

describe('failed queries in the log', () => {
  it("keep the SQL and the SQLSTATE but never the values, which are users' data", async () => {
    const secret = 'private-value-of-a-user';
    const failure = await t.db.execute(sql`select ${secret}::int as n`).catch((err: unknown) => err);
    expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure))).toContain(secret); // what drizzle carries

    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const app = Fastify({ logger: { level: 'error', stream } });
    await app.register(errorHandler);
    app.get('/fails', async () => {
      throw failure;
    });
    const res = await app.inject({ url: '/fails' });
    expect(res.statusCode).toBe(500);
    await app.close();
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('select $1::int as n');
    expect(log).toContain('22P02'); // invalid_text_representation
    expect(log).not.toContain(secret);
    expect(JSON.stringify(loggableDbError(failure))).not.toContain(secret);
  });
});
