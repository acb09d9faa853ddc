import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicAd } from '../../../shared/ads.js';
import { apiKeyMessages, MAX_API_KEYS, type ApiKey } from '../../../shared/api-keys.js';
import { apiKeys } from '../../db/schema.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import type { Part as FormPart } from '../../test/multipart.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';

let t: TestApp;
let now = new Date('2025-06-02T10:00:00Z');
let mp3: Buffer;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/harbor-pizza.mp3'));
});
afterAll(() => t.close());

const session = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie, origin: t.config.PUBLIC_ORIGIN } });
const listKeys = async (cookie: string) => (await session(cookie, 'GET', '/api/my/api-keys')).json().keys as ApiKey[];
const adForm = (title = 'Pizza Night Spot'): FormPart[] => [
  ['title', title],
  ['business_name', 'Harbor Pizza'],
  ['category', 'Food & Dining'],
  ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
];

describe('creating a key', () => {
  it('shows the key once and keeps only its hash and a prefix', async () => {
    const u = await signUpUser(t);
    const res = await session(u.cookie, 'POST', '/api/my/api-keys', { name: '  Traffic system ' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json();
    expect(created.key).toMatch(/^adr_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Traffic system', prefix: created.key.slice(0, 10), lastUsedAt: null });

    const listed = await listKeys(u.cookie);
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'Traffic system',
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(Object.values(row!).map(String)).not.toContain(created.key);
  });

  it('needs a name', async () => {
    const u = await signUpUser(t);
    const res = await session(u.cookie, 'POST', '/api/my/api-keys', { name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('name: Name is required');
  });

  it(`allows at most ${MAX_API_KEYS} keys at once; revoking one frees a place`, async () => {
    const u = await signUpUser(t);
    const made = await Promise.all(
      Array.from({ length: MAX_API_KEYS }, (_, i) => createApiKey(t, u.cookie, `key ${i}`)),
    );
    const refused = await session(u.cookie, 'POST', '/api/my/api-keys', { name: 'one too many' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(apiKeyMessages.limitReached);
    await session(u.cookie, 'DELETE', `/api/my/api-keys/${made[0]!.id}`);
    expect((await session(u.cookie, 'POST', '/api/my/api-keys', { name: 'again' })).statusCode).toBe(201);
  });

  it('needs a session, and refuses other sites', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/my/api-keys', payload: { name: 'x' } })).statusCode).toBe(
      401,
    );
    const u = await signUpUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/my/api-keys',
      payload: { name: 'x' },
      headers: { cookie: u.cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('using a key', () => {
  it('opens the public API as its owner and records when it was last used', async () => {
    const u = await signUpUser(t);
    const { key, id } = await createApiKey(t, u.cookie);
    const res = await callApi(t, key, 'GET', '/api/v1/ads');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ads: [], count: 0, nextCursor: null });
    expect((await listKeys(u.cookie)).find((k) => k.id === id)!.lastUsedAt).toBe(now.toISOString());

    // Within a minute the time stands (no write per request); later it moves on.
    const first = now;
    now = new Date(first.getTime() + 30_000);
    await callApi(t, key, 'GET', '/api/v1/ads');
    expect((await listKeys(u.cookie))[0]!.lastUsedAt).toBe(first.toISOString());
    now = new Date(first.getTime() + 5 * 60_000);
    await callApi(t, key, 'GET', '/api/v1/ads');
    expect((await listKeys(u.cookie))[0]!.lastUsedAt).toBe(now.toISOString());
  });

  it('stops working once revoked (401), and a revoked key cannot be revoked again', async () => {
    const u = await signUpUser(t);
    const { key, id } = await createApiKey(t, u.cookie);
    expect((await callApi(t, key, 'GET', '/api/v1/ads')).statusCode).toBe(200);
    expect((await session(u.cookie, 'DELETE', `/api/my/api-keys/${id}`)).statusCode).toBe(204);
    expect(await listKeys(u.cookie)).toEqual([]);
    const res = await callApi(t, key, 'GET', '/api/v1/ads');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="AdReplay API"');
    expect(res.json()).toEqual({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      error: 'Unauthorized',
      message: apiKeyMessages.invalid,
    });
    expect((await session(u.cookie, 'DELETE', `/api/my/api-keys/${id}`)).statusCode).toBe(404);
  });

  it("cannot be revoked by someone else, nor touch someone else's ads", async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const ownerKey = await createApiKey(t, owner.cookie);
    const otherKey = await createApiKey(t, other.cookie);
    expect((await session(other.cookie, 'DELETE', `/api/my/api-keys/${ownerKey.id}`)).statusCode).toBe(404);
    expect((await session(other.cookie, 'DELETE', '/api/my/api-keys/not-an-id')).statusCode).toBe(404);

    const ad = (await callApi(t, ownerKey.key, 'POST', '/api/v1/ads', adForm())).json() as PublicAd;
    for (const [method, url, parts] of [
      ['GET', `/api/v1/ads/${ad.id}`],
      ['PUT', `/api/v1/ads/${ad.id}`, adForm('Taken over')],
      ['DELETE', `/api/v1/ads/${ad.id}`],
      ['GET', `/api/v1/ads/${ad.id}/analytics`],
    ] as const) {
      const res = await callApi(t, otherKey.key, method, url, parts ? [...parts] : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Ad not found');
    }
    expect((await callApi(t, otherKey.key, 'GET', '/api/v1/ads')).json().count).toBe(0);
    expect((await callApi(t, ownerKey.key, 'GET', `/api/v1/ads/${ad.id}`)).json().title).toBe('Pizza Night Spot');
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a malformed key', 'Bearer adr_short'],
    ['an unknown key', `Bearer adr_${'A'.repeat(43)}`],
  ])('refuses %s with 401', async (_name, authorization) => {
    const res = await t.app.inject({ url: '/api/v1/ads', headers: authorization ? { authorization } : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(apiKeyMessages.invalid);
  });

  it('never opens the session endpoints, and a session never opens the public API', async () => {
    const u = await signUpUser(t);
    const { key } = await createApiKey(t, u.cookie);
    const bearer = { authorization: `Bearer ${key}` };
    expect((await t.app.inject({ url: '/api/my/ads', headers: bearer })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/analytics', headers: bearer })).statusCode).toBe(401);
    const makeKey = await t.app.inject({
      method: 'POST',
      url: '/api/my/api-keys',
      headers: bearer,
      payload: { name: 'x' },
    });
    expect(makeKey.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/ads', headers: { cookie: u.cookie } })).statusCode).toBe(401);
  });
});
