import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adMessages, fileMessages } from '../../../shared/ads.js';
import { API_REQUESTS_PER_MINUTE, apiKeyMessages } from '../../../shared/api-keys.js';
import { UPLOADS_PER_HOUR } from '../../../shared/limits.js';
import { limitMessages } from '../../../shared/plans.js';
import { subscriptionPlans, usageTracking, userSubscriptions } from '../../db/schema.js';
import { monthOf } from '../plans/plans.repository.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendHugeUpload } from '../../test/huge-upload.js';
import { sendForm, type Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';

let t: TestApp;
let origin: string;
let mp3: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
});
afterAll(() => t.close());

const FIELDS: Part[] = [
  ['title', 'Spring Sale Spot'],
  ['business_name', 'Corner Shop'],
  ['category', 'Retail'],
];
const AUDIO: Part = ['audio', { bytes: Buffer.alloc(0), filename: 'spot.mp3', type: 'audio/mpeg' }];
const withAudio = (): Part[] => [...FIELDS, ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }]];

/** The server answered, then stopped reading: far less than the 50 MB went out. */
function expectCutOff(res: Awaited<ReturnType<typeof sendHugeUpload>>) {
  expect(res.sentAtAnswer).toBeLessThan(5 * 1024 * 1024);
  expect(res.sent).toBeLessThan(res.length / 2);
}

describe('refused uploads are never read', () => {
  it('answers an anonymous upload at once and closes the connection instead of reading it', async () => {
    const res = await sendHugeUpload(`${origin}/api/my/ads`, { origin: t.config.PUBLIC_ORIGIN });
    expect(res).toMatchObject({ status: 401, message: adMessages.notLoggedIn });
    expectCutOff(res);
  });

  it('does the same for an upload without a valid API key', async () => {
    const res = await sendHugeUpload(`${origin}/api/v1/ads`, { authorization: 'Bearer adr_nothing' });
    expect(res.status).toBe(401);
    expectCutOff(res);
  });

  it('does the same for an upload over the plan limit', async () => {
    const u = await signUpUser(t);
    // This month's three creations of the Free plan are used up.
    await t.db.insert(usageTracking).values({ userId: u.id, ...monthOf(new Date()), adsCreated: 3 });
    const res = await sendHugeUpload(`${origin}/api/my/ads`, { cookie: u.cookie, origin: t.config.PUBLIC_ORIGIN });
    expect(res).toMatchObject({ status: 403, message: limitMessages.adLimitReached });
    expectCutOff(res);
  });

  it('does the same for an upload past the requests a minute of its API key', async () => {
    const u = await signUpUser(t);
    const { key } = await createApiKey(t, u.cookie);
    for (let i = 0; i < API_REQUESTS_PER_MINUTE; i++) await callApi(t, key, 'GET', '/api/v1/ads');
    const res = await sendHugeUpload(`${origin}/api/v1/ads`, { authorization: `Bearer ${key}` });
    expect(res).toMatchObject({ status: 429, message: apiKeyMessages.tooManyRequests });
    expectCutOff(res);
  });
});

describe('the upload rate limit', () => {
  it(`allows ${UPLOADS_PER_HOUR} creations and edits an hour per user, then answers 429 with a clear message`, async () => {
    const [u, other] = [await signUpUser(t), await signUpUser(t)];
    await t.db.insert(userSubscriptions).values({
      userId: u.id,
      planId: (await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Enterprise')))[0]!.id,
    });
    const first = await sendForm(t, 'POST', '/api/my/ads', u.cookie, withAudio());
    expect(first.statusCode).toBe(201);
    const id = first.json().id as string;
    // Edits count too (here with a form the service refuses: every attempt counts).
    for (let i = 1; i < UPLOADS_PER_HOUR; i++) {
      const res = await sendForm(t, 'PUT', `/api/my/ads/${id}`, u.cookie, [...FIELDS, AUDIO]);
      expect(res.statusCode).toBe(415);
    }
    const refused = await sendForm(t, 'POST', '/api/my/ads', u.cookie, withAudio());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      error: 'Too Many Requests',
      message: fileMessages.tooManyUploads,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await sendForm(t, 'PUT', `/api/my/ads/${id}`, u.cookie, withAudio())).statusCode).toBe(429);
    // Reading and toggling stay open, and another user is counted on their own.
    expect((await t.app.inject({ url: `/api/my/ads/${id}`, headers: { cookie: u.cookie } })).statusCode).toBe(200);
    expect((await sendForm(t, 'POST', '/api/my/ads', other.cookie, withAudio())).statusCode).toBe(201);
  });

  it(`allows ${UPLOADS_PER_HOUR} an hour per API key`, async () => {
    const u = await signUpUser(t);
    const [a, b] = [await createApiKey(t, u.cookie), await createApiKey(t, u.cookie)];
    const put = (key: { key: string }) =>
      callApi(t, key.key, 'PUT', '/api/v1/ads/00000000-0000-4000-8000-000000000000', [...FIELDS, AUDIO]);
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) expect((await put(a)).statusCode).not.toBe(429);
    const refused = await put(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(fileMessages.tooManyUploads);
    expect((await put(b)).statusCode).not.toBe(429);
  });
});
