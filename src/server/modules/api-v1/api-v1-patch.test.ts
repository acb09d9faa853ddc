import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnAd } from '../../../shared/ads.js';
import { API_REQUESTS_PER_MINUTE } from '../../../shared/api-keys.js';
import { subscriptionPlans } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipart, type Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';

let t: TestApp;
let mp3: Buffer;
let otherMp3: Buffer;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://adreplay.test' });
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  otherMp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/harbor-pizza.mp3'));
  png = await readFile(path.join(SEED_ASSETS_DIR, 'logos/sunrise-bakery.png'));
});
afterAll(() => t.close());

const FULL: Part[] = [
  ['title', 'Weekend Brunch Spot'],
  ['business_name', 'Sunrise Bakery'],
  ['category', 'Food & Dining'],
  ['location', 'Portland, OR'],
  ['description', 'Fresh bread every morning.'],
  ['website_url', 'https://sunrise-bakery.example.com'],
  ['phone', '(555) 010-1201'],
  ['transcript', 'Come to Sunrise Bakery.'],
];

async function partnerWithAd() {
  const u = await signUpUser(t);
  const { key } = await createApiKey(t, u.cookie);
  const res = await callApi(t, key, 'POST', '/api/v1/ads', [
    ...FULL,
    ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
    ['logo', { bytes: png, filename: 'logo.png', type: 'image/png' }],
  ]);
  expect(res.statusCode).toBe(201);
  return { key, ad: res.json() as OwnAd };
}

const patchJson = (key: string, id: string, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/ads/${id}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
async function patchForm(key: string, id: string, parts: Part[]) {
  const { payload, contentType } = await multipart(parts);
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/ads/${id}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    payload,
  });
}

/** The ad without what every save changes. */
const stable = ({ updatedAt: _u, transcription: _t, ...ad }: OwnAd) => ad;

describe('PATCH /api/v1/ads/{id}', () => {
  it.each([
    ['title', 'Weekday Brunch Spot', { title: 'Weekday Brunch Spot' }],
    ['business_name', 'Sunset Bakery', { businessName: 'Sunset Bakery' }],
    ['category', 'Retail', { category: 'Retail' }],
    ['location', 'Salem, OR', { location: 'Salem, OR' }],
    ['description', 'Rye on Sundays.', { description: 'Rye on Sundays.' }],
    ['website_url', 'https://sunset.example.com', { websiteUrl: 'https://sunset.example.com' }],
    ['phone', '(555) 010-9999', { phone: '(555) 010-9999' }],
    ['is_active', false, { isActive: false }],
    ['transcript', 'Fresh rye today.', { transcript: 'Fresh rye today.' }],
  ] as [string, unknown, Partial<OwnAd>][])(
    'changes %s alone (JSON); every other field stays',
    async (field, value, change) => {
      const { key, ad } = await partnerWithAd();
      const res = await patchJson(key, ad.id, { [field]: value });
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as OwnAd;
      const { transcriptSegments: _s, ...expected } = { ...stable(ad), ...change };
      expect(stable(after)).toMatchObject(expected);
      // Read back: it was written, and nothing else was.
      expect(stable((await callApi(t, key, 'GET', `/api/v1/ads/${ad.id}`)).json())).toEqual(stable(after));
    },
  );

  it.each([
    ['location', { location: null }],
    ['description', { description: null }],
    ['website_url', { websiteUrl: null }],
    ['phone', { phone: null }],
    ['transcript', { transcript: null }],
  ] as [string, Partial<OwnAd>][])('clears %s with null and keeps the rest', async (field, change) => {
    const { key, ad } = await partnerWithAd();
    const res = await patchJson(key, ad.id, { [field]: null });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as OwnAd;
    expect(after).toMatchObject(change);
    const { transcriptSegments: _s, ...rest } = { ...stable(ad), ...change };
    expect(stable(after)).toMatchObject(rest);
  });

  it('removes the logo with null (JSON) or an empty logo field (form); the audio stays', async () => {
    const a = await partnerWithAd();
    const cleared = await patchJson(a.key, a.ad.id, { logo: null });
    expect(cleared.json()).toMatchObject({ logoUrl: null, audioUrl: a.ad.audioUrl, title: a.ad.title });
    expect((await t.app.inject(a.ad.logoUrl!)).statusCode).toBe(404);

    const b = await partnerWithAd();
    const viaForm = await patchForm(b.key, b.ad.id, [['logo', '']]);
    expect(viaForm.statusCode, viaForm.body).toBe(200);
    expect(viaForm.json()).toMatchObject({ logoUrl: null, location: 'Portland, OR' });
  });

  it('replaces the audio or the logo sent as a file (multipart), nothing else', async () => {
    const { key, ad } = await partnerWithAd();
    const audio = await patchForm(key, ad.id, [
      ['audio', { bytes: otherMp3, filename: 'new.mp3', type: 'audio/mpeg' }],
    ]);
    expect(audio.statusCode, audio.body).toBe(200);
    const withAudio = audio.json() as OwnAd;
    expect(withAudio.audioUrl).not.toBe(ad.audioUrl);
    expect(withAudio).toMatchObject({ logoUrl: ad.logoUrl, title: ad.title, location: ad.location, phone: ad.phone });
    expect((await t.app.inject(ad.audioUrl)).statusCode).toBe(404); // the replaced file is removed

    const logo = await patchForm(key, ad.id, [
      ['logo', { bytes: png, filename: 'new.png', type: 'image/png' }],
      ['phone', '(555) 010-4242'],
    ]);
    expect(logo.statusCode, logo.body).toBe(200);
    expect(logo.json()).toMatchObject({
      audioUrl: withAudio.audioUrl,
      phone: '(555) 010-4242',
      description: ad.description,
      websiteUrl: ad.websiteUrl,
    });
    expect((logo.json() as OwnAd).logoUrl).not.toBe(ad.logoUrl);
  });

  it.each([
    [{ title: 'ab' }, 'title: Title must be at least 3 characters'],
    [{ title: null }, 'title: Title must be at least 3 characters'],
    [{ business_name: null }, 'business_name: Business name is required'],
    [{ category: 'Spaceships' }, 'category: Category is required'],
    [{ website_url: 'not a url' }, 'website_url: Must be a valid URL'],
    [{ location: 'x'.repeat(121) }, 'location: Must be at most 120 characters'],
    [{ audio: null }, 'Audio file is required'],
  ])('refuses %j with the form’s message and writes nothing', async (body, message) => {
    const { key, ad } = await partnerWithAd();
    const res = await patchJson(key, ad.id, { phone: '(555) 010-0000', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(stable((await callApi(t, key, 'GET', `/api/v1/ads/${ad.id}`)).json())).toEqual(stable(ad));
  });

  it.each([
    ['title', 'Weekday Brunch Spot', { title: 'Weekday Brunch Spot' }],
    ['business_name', 'Sunset Bakery', { businessName: 'Sunset Bakery' }],
    ['category', 'Retail', { category: 'Retail' }],
    ['location', 'Salem, OR', { location: 'Salem, OR' }],
    ['description', 'Rye on Sundays.', { description: 'Rye on Sundays.' }],
    ['website_url', 'https://sunset.example.com', { websiteUrl: 'https://sunset.example.com' }],
    ['phone', '(555) 010-9999', { phone: '(555) 010-9999' }],
    ['is_active', 'false', { isActive: false }],
    ['transcript', 'Fresh rye today.', { transcript: 'Fresh rye today.' }],
  ] as [string, string, Partial<OwnAd>][])(
    'changes %s alone (multipart form); every other field and both files stay',
    async (field, value, change) => {
      const { key, ad } = await partnerWithAd();
      const res = await patchForm(key, ad.id, [[field, value]]);
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as OwnAd;
      const { transcriptSegments: _s, ...expected } = { ...stable(ad), ...change };
      expect(stable(after)).toMatchObject(expected);
      expect(stable((await callApi(t, key, 'GET', `/api/v1/ads/${ad.id}`)).json())).toEqual(stable(after));
    },
  );

  it.each([
    ['location', { location: null }],
    ['description', { description: null }],
    ['website_url', { websiteUrl: null }],
    ['phone', { phone: null }],
    ['transcript', { transcript: null }],
  ] as [string, Partial<OwnAd>][])(
    'clears %s with an empty value (multipart form), as null does in JSON, and keeps the rest',
    async (field, change) => {
      const { key, ad } = await partnerWithAd();
      const res = await patchForm(key, ad.id, [[field, '']]);
      expect(res.statusCode, res.body).toBe(200);
      const after = res.json() as OwnAd;
      expect(after).toMatchObject(change);
      const { transcriptSegments: _s, ...rest } = { ...stable(ad), ...change };
      expect(stable(after)).toMatchObject(rest);
    },
  );

  it.each([
    ['title', 'title: Title must be at least 3 characters'],
    ['business_name', 'business_name: Business name is required'],
    ['category', 'category: Category is required'],
  ])('refuses an empty %s (multipart form) with the form’s message and writes nothing', async (field, message) => {
    const { key, ad } = await partnerWithAd();
    const res = await patchForm(key, ad.id, [
      ['phone', '(555) 010-0000'],
      [field, ''],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(stable((await callApi(t, key, 'GET', `/api/v1/ads/${ad.id}`)).json())).toEqual(stable(ad));
  });

  it('sets timed lines with transcript_segments (JSON, or JSON text in a form) and clears them with null or an empty value', async () => {
    const { key, ad } = await partnerWithAd();
    const lines = [
      { start: 0, end: 2.5, text: 'Come to Sunrise Bakery.' },
      { start: 2.5, end: 5, text: 'Fresh bread every morning.' },
    ];
    const viaJson = await patchJson(key, ad.id, { transcript_segments: lines });
    expect(viaJson.statusCode, viaJson.body).toBe(200);
    expect(viaJson.json()).toMatchObject({
      transcriptSegments: lines,
      transcript: 'Come to Sunrise Bakery.\nFresh bread every morning.',
      description: ad.description,
    });
    const cleared = await patchJson(key, ad.id, { transcript_segments: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ transcriptSegments: null, transcript: null, phone: ad.phone });

    const viaForm = await patchForm(key, ad.id, [['transcript_segments', JSON.stringify(lines.slice(1))]]);
    expect(viaForm.statusCode, viaForm.body).toBe(200);
    expect(viaForm.json()).toMatchObject({
      transcriptSegments: lines.slice(1),
      transcript: 'Fresh bread every morning.',
    });
    const emptied = await patchForm(key, ad.id, [['transcript_segments', '']]);
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json()).toMatchObject({ transcriptSegments: null, transcript: null, location: ad.location });

    const bad = await patchForm(key, ad.id, [['transcript_segments', '[{"start": 1}]']]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('transcript_segments');
  });

  it('answers 404 for another advertiser’s ad and leaves it alone', async () => {
    const mine = await partnerWithAd();
    const theirs = await partnerWithAd();
    const res = await patchJson(mine.key, theirs.ad.id, { title: 'Taken over' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Ad not found');
    expect((await callApi(t, theirs.key, 'GET', `/api/v1/ads/${theirs.ad.id}`)).json().title).toBe(theirs.ad.title);
  });
});

describe('rate-limit headers (IETF draft)', () => {
  it('tell the policy and what is left on every answer, and when to retry on 429', async () => {
    const u = await signUpUser(t);
    const { key } = await createApiKey(t, u.cookie);
    const first = await callApi(t, key, 'GET', '/api/v1/ads');
    expect(first.headers['ratelimit-policy']).toBe(`"per-key";q=${API_REQUESTS_PER_MINUTE};w=60`);
    expect(first.headers.ratelimit).toMatch(new RegExp(`^"per-key";r=${API_REQUESTS_PER_MINUTE - 1};t=\\d+$`));
    const missing = await callApi(t, key, 'GET', `/api/v1/ads/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.ratelimit).toMatch(new RegExp(`^"per-key";r=${API_REQUESTS_PER_MINUTE - 2};t=\\d+$`));
    // Refusals of what was sent are answers too, and count: a bad query, a bad body (its fields, or JSON
    // that does not parse), an id that cannot exist, a path that does not.
    const send = (method: 'GET' | 'POST', url: string, payload?: string) =>
      t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${key}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      });
    const refusals = [
      [400, await send('GET', '/api/v1/ads?limit=0')],
      [400, await send('POST', '/api/v1/stations', '{}')],
      [400, await send('POST', '/api/v1/stations', '{"callSign":')],
      [404, await send('GET', '/api/v1/ads/not-an-id')],
      [404, await send('GET', '/api/v1/no-such-thing')],
      [404, await send('POST', '/api/v1/ads/not-an-id/analytics')],
    ] as const;
    refusals.forEach(([status, res], i) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['ratelimit-policy']).toBe(`"per-key";q=${API_REQUESTS_PER_MINUTE};w=60`);
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"per-key";r=${API_REQUESTS_PER_MINUTE - 3 - i};t=\\d+$`));
    });
    // Refused before a key is known: no key's policy to tell (the guide says so).
    for (const authorization of [undefined, 'Bearer adr_not-a-key']) {
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/v1/ads',
        headers: authorization ? { authorization } : {},
      });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.headers['ratelimit-policy']).toBeUndefined();
      expect(unknown.headers.ratelimit).toBeUndefined();
    }
    for (let i = 2 + refusals.length; i < API_REQUESTS_PER_MINUTE; i++) await callApi(t, key, 'GET', '/api/v1/ads');
    const refused = await callApi(t, key, 'GET', '/api/v1/ads');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers.ratelimit).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
