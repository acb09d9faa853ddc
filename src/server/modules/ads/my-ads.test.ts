import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdListResponse, PublicAd } from '../../../shared/ads.js';
import { subscriptionPlans, userSubscriptions } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';

let t: TestApp;
let mp3: Buffer;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  png = await readFile(path.join(SEED_ASSETS_DIR, 'logos/sunrise-bakery.png'));
});
afterAll(() => t.close());

type Part = [name: string, value: string | { bytes: Buffer; filename: string; type?: string }];
const FIELDS: Part[] = [
  ['title', 'Spring Sale Spot'],
  ['business_name', 'Corner Shop'],
  ['category', 'Retail'],
  ['location', 'Austin, TX'],
  ['website_url', 'https://corner.example.com'],
  ['phone', '(555) 010-3333'],
];

async function multipart(parts: Part[]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.bytes)], { type: value.type ?? 'application/octet-stream' }),
        value.filename,
      );
  }
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

async function send(method: 'POST' | 'PUT', url: string, cookie: string, parts: Part[]) {
  const { payload, contentType } = await multipart(parts);
  return t.app.inject({
    method,
    url,
    payload,
    headers: { cookie, 'content-type': contentType, origin: t.config.PUBLIC_ORIGIN },
  });
}
const audio = (bytes = mp3, filename = 'spot.mp3'): Part => ['audio', { bytes, filename, type: 'audio/mpeg' }];
const logo = (bytes = png, filename = 'logo.png', type = 'image/png'): Part => ['logo', { bytes, filename, type }];
const create = (cookie: string, parts: Part[] = [...FIELDS, audio(), logo()]) =>
  send('POST', '/api/my/ads', cookie, parts);
const filesOf = async (userId: string) => {
  const dirs = ['audio-files', 'images'].map((b) => path.join(t.uploadsDir, b, userId));
  return (await Promise.all(dirs.map((d) => readdir(d).catch(() => [] as string[])))).flat();
};
const json = (cookie: string, method: 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie, origin: t.config.PUBLIC_ORIGIN } });
async function premium(userId: string) {
  const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Premium'));
  await t.db.insert(userSubscriptions).values({ userId, planId: plan!.id });
}

describe('creating an ad', () => {
  it('stores checked files, reads the real duration and waveform, and publishes the ad', async () => {
    const u = await signUpUser(t);
    const res = await create(u.cookie);
    expect(res.statusCode).toBe(201);
    const ad = res.json() as PublicAd;
    expect(ad).toMatchObject({ title: 'Spring Sale Spot', status: 'published', isActive: true, isFeatured: false });
    expect(ad.slug).toMatch(/^spring-sale-spot-\d{13}$/);
    expect(ad.audioDurationMs).toBeGreaterThan(10_000);
    expect(ad.waveformPeaks).toHaveLength(40);
    expect(ad.audioUrl).toMatch(new RegExp(`^/media/audio-files/${u.id}/\\d+-[0-9a-f]{12}\\.mp3$`));
    expect(ad.logoUrl).toMatch(/\.png$/);
    expect((await t.app.inject(ad.audioUrl)).headers['content-type']).toBe('audio/mpeg');
    const pub = (await t.app.inject(`/api/ads/${ad.slug}`)).json() as PublicAd;
    expect(pub.id).toBe(ad.id);
  });

  it('gives the same title a different slug', async () => {
    const u = await signUpUser(t);
    await premium(u.id);
    const a = (await create(u.cookie)).json() as PublicAd;
    const b = (await create(u.cookie)).json() as PublicAd;
    expect(a.slug).not.toBe(b.slug);
  });

  it.each([
    [[['title', 'ab'], ...FIELDS.slice(1)] as Part[], 'Title must be at least 3 characters'],
    [[...FIELDS.filter(([n]) => n !== 'business_name')] as Part[], 'Business name is required'],
    [[...FIELDS.filter(([n]) => n !== 'category'), ['category', 'Spaceships']] as Part[], 'Category is required'],
    [[...FIELDS.filter(([n]) => n !== 'website_url'), ['website_url', 'not a url']] as Part[], 'Must be a valid URL'],
  ])('refuses invalid fields with the spec message and keeps no file (%#)', async (fields, message) => {
    const u = await signUpUser(t);
    const res = await create(u.cookie, [...fields, audio(), logo()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await filesOf(u.id)).toEqual([]);
  });

  it('requires the audio file', async () => {
    const u = await signUpUser(t);
    const res = await create(u.cookie, [...FIELDS, logo()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Audio file is required');
    expect(await filesOf(u.id)).toEqual([]);
  });

  it('checks files by their bytes, not their names or declared types', async () => {
    const u = await signUpUser(t);
    const text = Buffer.from('just some text pretending to be audio\n'.repeat(200));
    const fake = await create(u.cookie, [...FIELDS, audio(text, 'song.mp3')]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe('Invalid file type. Please select a audio file.');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const badLogo = await create(u.cookie, [...FIELDS, audio(), logo(svg, 'logo.png', 'image/png')]);
    expect(badLogo.statusCode).toBe(415);
    expect(badLogo.json().message).toBe('Invalid file type. Please select a image file.');
    const html = await create(u.cookie, [
      ...FIELDS,
      audio(),
      logo(Buffer.from('<html></html>'), 'x.html', 'text/html'),
    ]);
    expect(html.statusCode).toBe(415);
    expect(await filesOf(u.id)).toEqual([]);
  });

  it('refuses a real audio file it cannot decode', async () => {
    const u = await signUpUser(t);
    // One MP3 frame header (so the bytes are recognised as MP3) and noise that decodes to nothing playable.
    const broken = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(4000, 0x55)]);
    const res = await create(u.cookie, [...FIELDS, audio(broken)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The audio file could not be decoded. Please upload a valid MP3 file.');
    expect(await filesOf(u.id)).toEqual([]);
  });

  it('cuts off oversized files with the spec message', async () => {
    const u = await signUpUser(t);
    const big = Buffer.concat([mp3, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await create(u.cookie, [...FIELDS, audio(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size exceeds 10MB limit.');
    const bigLogo = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
    const res2 = await create(u.cookie, [...FIELDS, audio(), logo(bigLogo)]);
    expect(res2.statusCode).toBe(413);
    expect(res2.json().message).toBe('File size exceeds 5MB limit.');
    expect(await filesOf(u.id)).toEqual([]);
  });
});

describe('plan limits', () => {
  it('counts creations per month and refuses the 4th on the Free plan, also when two race', async () => {
    const u = await signUpUser(t);
    expect((await json(u.cookie, 'GET', '/api/my/plan')).json()).toMatchObject({ planName: 'Free', adLimit: 3 });
    expect((await create(u.cookie)).statusCode).toBe(201);
    expect((await create(u.cookie)).statusCode).toBe(201);
    expect((await json(u.cookie, 'GET', '/api/my/usage')).json()).toMatchObject({ adsCreated: 2 });
    const race = await Promise.all([create(u.cookie), create(u.cookie)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    const refused = race.find((r) => r.statusCode === 403)!;
    expect(refused.json().message).toBe('You have reached your ad creation limit for this month');
    expect((await json(u.cookie, 'GET', '/api/my/can-create')).json()).toEqual({ canCreate: false });
    expect((await json(u.cookie, 'GET', '/api/my/ads')).json().ads).toHaveLength(3);
    // The refused upload left no file behind.
    expect((await filesOf(u.id)).length).toBe(6);
  });

  it('limits featuring by the plan', async () => {
    const free = await signUpUser(t);
    const ad = (await create(free.cookie)).json() as PublicAd;
    const res = await json(free.cookie, 'PATCH', `/api/my/ads/${ad.id}/featured`, { isFeatured: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Featured Ad Limit Reached');

    const paid = await signUpUser(t);
    await premium(paid.id);
    const mine = (await create(paid.cookie)).json() as PublicAd;
    const ok = await json(paid.cookie, 'PATCH', `/api/my/ads/${mine.id}/featured`, { isFeatured: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().isFeatured).toBe(true);
  });
});

describe('editing, toggling and deleting', () => {
  it('updates fields but never status or featured, and swaps the audio file only after saving', async () => {
    const u = await signUpUser(t);
    const ad = (await create(u.cookie)).json() as PublicAd;
    const oldAudio = path.basename(ad.audioUrl);
    const res = await send('PUT', `/api/my/ads/${ad.id}`, u.cookie, [
      ['title', 'Summer Sale Spot'],
      ['business_name', 'Corner Shop'],
      ['category', 'Retail'],
      ['status', 'draft'],
      ['is_featured', 'true'],
      audio(mp3, 'new.mp3'),
    ]);
    expect(res.statusCode).toBe(200);
    const updated = res.json() as PublicAd;
    expect(updated).toMatchObject({
      title: 'Summer Sale Spot',
      status: 'published',
      isFeatured: false,
      location: null,
    });
    expect(updated.slug).toBe(ad.slug);
    expect(updated.logoUrl).toBe(ad.logoUrl);
    const files = await filesOf(u.id);
    expect(files).not.toContain(oldAudio);
    expect(files).toContain(path.basename(updated.audioUrl));
  });

  it('keeps the old file when an edit fails', async () => {
    const u = await signUpUser(t);
    const ad = (await create(u.cookie)).json() as PublicAd;
    const res = await send('PUT', `/api/my/ads/${ad.id}`, u.cookie, [['title', 'x'], audio()]);
    expect(res.statusCode).toBe(400);
    expect((await filesOf(u.id)).sort()).toEqual([path.basename(ad.audioUrl), path.basename(ad.logoUrl!)].sort());
  });

  it('deactivating removes the ad from the directory, activating brings it back', async () => {
    const u = await signUpUser(t);
    const ad = (
      await create(u.cookie, [['title', 'Toggle Test Unique Spot'], ...FIELDS.slice(1), audio()])
    ).json() as PublicAd;
    const count = async () => ((await t.app.inject('/api/ads?search=toggle')).json() as AdListResponse).count;
    expect(await count()).toBe(1);
    expect((await json(u.cookie, 'PATCH', `/api/my/ads/${ad.id}/active`, { isActive: false })).json().isActive).toBe(
      false,
    );
    expect(await count()).toBe(0);
    await json(u.cookie, 'PATCH', `/api/my/ads/${ad.id}/active`, { isActive: true });
    expect(await count()).toBe(1);
  });

  it('deletes the row and its files', async () => {
    const u = await signUpUser(t);
    const ad = (await create(u.cookie)).json() as PublicAd;
    expect((await json(u.cookie, 'DELETE', `/api/my/ads/${ad.id}`)).statusCode).toBe(204);
    expect(await filesOf(u.id)).toEqual([]);
    expect((await json(u.cookie, 'GET', `/api/my/ads/${ad.id}`)).statusCode).toBe(404);
  });
});

describe('ownership', () => {
  it('walks every dashboard endpoint as anonymous, as another user and as the owner', async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const ad = (await create(owner.cookie)).json() as PublicAd;
    const missing = '00000000-0000-4000-8000-000000000000';
    const calls = (id: string) =>
      [
        ['GET', `/api/my/ads/${id}`],
        ['PATCH', `/api/my/ads/${id}/active`, { isActive: false }],
        ['PATCH', `/api/my/ads/${id}/featured`, { isFeatured: false }],
        ['DELETE', `/api/my/ads/${id}`],
      ] as const;

    for (const url of ['/api/my/ads', '/api/my/stats', '/api/my/plan', '/api/my/usage', '/api/my/can-create']) {
      expect((await t.app.inject(url)).statusCode).toBe(401);
    }
    for (const [method, url, body] of calls(ad.id)) {
      expect((await t.app.inject({ method, url, payload: body })).statusCode).toBe(401);
      const theirs = await json(other.cookie, method, url, body);
      const none = await json(other.cookie, method, url.replace(ad.id, missing), body);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(none.body);
    }
    expect((await send('PUT', `/api/my/ads/${ad.id}`, other.cookie, [...FIELDS, audio()])).statusCode).toBe(404);
    expect((await send('POST', '/api/my/ads', '', [...FIELDS, audio()])).statusCode).toBe(401);
    expect((await json(other.cookie, 'GET', '/api/my/ads')).json().ads).toEqual([]);
    // The owner still has everything, untouched.
    const mine = await json(owner.cookie, 'GET', `/api/my/ads/${ad.id}`);
    expect(mine.json()).toMatchObject({ id: ad.id, isActive: true });
    expect((await json(owner.cookie, 'GET', '/api/my/stats')).json()).toMatchObject({
      totalAds: 1,
      activeAds: 1,
      totalPlays: 0,
    });
  });
});
