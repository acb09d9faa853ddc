import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdInput, type AdListResponse, type PublicAd } from '../../../shared/ads.js';
import type { Storage } from '../../adapters/storage/storage.js';
import { ads as adsTable, subscriptionPlans, usageTracking, userSubscriptions } from '../../db/schema.js';
import { makeAd } from '../../db/seed/factories.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendHugeUpload } from '../../test/huge-upload.js';
import { sendForm, type Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';
import type { ReceivedFile } from '../media/upload.js';
import { createPlansRepository, monthOf } from '../plans/plans.repository.js';
import { createPlansService } from '../plans/plans.service.js';
import { createAdsRepository, type AdsRepository } from './ads.repository.js';
import { createMyAdsService } from './my-ads.service.js';

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

const FIELDS: Part[] = [
  ['title', 'Spring Sale Spot'],
  ['business_name', 'Corner Shop'],
  ['category', 'Retail'],
  ['location', 'Austin, TX'],
  ['website_url', 'https://corner.example.com'],
  ['phone', '(555) 010-3333'],
];

const send = (method: 'POST' | 'PUT', url: string, cookie: string, parts: Part[]) =>
  sendForm(t, method, url, cookie, parts);
const audio = (bytes = mp3, filename = 'spot.mp3'): Part => ['audio', { bytes, filename, type: 'audio/mpeg' }];
const logo = (bytes = png, filename = 'logo.png', type = 'image/png'): Part => ['logo', { bytes, filename, type }];
const create = (cookie: string, parts: Part[] = [...FIELDS, audio(), logo()]) =>
  send('POST', '/api/my/ads', cookie, parts);
const filesOf = async (userId: string) => {
  const dirs = ['audio-files', 'images'].map((b) => path.join(t.uploadsDir, b, userId));
  return (await Promise.all(dirs.map((d) => readdir(d).catch(() => [] as string[])))).flat();
};
const exists = (url: string) =>
  access(path.join(t.uploadsDir, url.replace(/^\/media\//, ''))).then(
    () => true,
    () => false,
  );
const json = (cookie: string, method: 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie, origin: t.config.PUBLIC_ORIGIN } });
async function onPlan(userId: string, name: 'Basic' | 'Premium' | 'Enterprise') {
  const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, name));
  await t.db.insert(userSubscriptions).values({ userId, planId: plan!.id });
}
const premium = (userId: string) => onPlan(userId, 'Premium');
const featured = (cookie: string, id: string, isFeatured: boolean) =>
  json(cookie, 'PATCH', `/api/my/ads/${id}/featured`, { isFeatured });

/** The service as the app builds it, with any dependency swapped for a test's own. */
const service = (deps: { repo?: AdsRepository; storage?: Storage; clock?: () => Date } = {}) =>
  createMyAdsService({
    repo: deps.repo ?? createAdsRepository(t.db),
    plans: createPlansService(createPlansRepository(t.db)),
    storage: deps.storage ?? t.storage,
    clock: deps.clock,
  });
const received = (field: 'audio' | 'logo'): ReceivedFile =>
  field === 'audio'
    ? { field, bytes: mp3, mime: 'audio/mpeg', originalName: 'audio.mp3' }
    : { field, bytes: png, mime: 'image/png', originalName: 'logo.png' };
const INPUT = AdInput.parse({ title: 'Direct Spot', business_name: 'Corner Shop', category: 'Retail' });

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

  it('gives two creations of one title in the same millisecond different slugs, also when they race', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const myAds = service({ clock: () => at });
    const [a, b] = await Promise.all([signUpUser(t), signUpUser(t)]);
    // Two advertisers at once (on PostgreSQL truly concurrent), then one advertiser twice.
    const raced = await Promise.all([
      myAds.create(a.id, INPUT, { audio: received('audio') }),
      myAds.create(b.id, INPUT, { audio: received('audio') }),
    ]);
    const again = await myAds.create(a.id, INPUT, { audio: received('audio') });
    const slugs = [...raced, again].map((ad) => ad.slug);
    expect(new Set(slugs).size).toBe(3);
    const stamps = slugs.map((slug) => Number(/^direct-spot-(\d+)$/.exec(slug)?.[1]));
    expect(stamps).toContain(at.getTime());
    for (const stamp of stamps) expect(stamp - at.getTime()).toBeGreaterThanOrEqual(0);
    for (const stamp of stamps) expect(stamp - at.getTime()).toBeLessThan(5);
  });

  it('answers a creation without a session with the spec text', async () => {
    const res = await create('');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You must be logged in to create an ad');
  });

  it.each([
    ['audio-files', 'Audio upload failed: the file could not be stored in audio-files'],
    ['images', 'Image upload failed: the file could not be stored in images'],
  ])('reports a store that refuses the %s file with the spec text, and keeps nothing', async (bucket, message) => {
    const u = await signUpUser(t);
    const storage: Storage = {
      ...t.storage,
      put: (key, body, type) =>
        key.startsWith(`${bucket}/`) ? Promise.reject(new Error('disk full')) : t.storage.put(key, body, type),
    };
    const attempt = service({ storage }).create(u.id, INPUT, { audio: received('audio'), logo: received('logo') });
    await expect(attempt).rejects.toMatchObject({ statusCode: 500, message });
    expect(await filesOf(u.id)).toEqual([]);
    expect((await json(u.cookie, 'GET', '/api/my/ads')).json().ads).toEqual([]);
  });

  it('names user_id when the account is gone by the time the ad is saved', async () => {
    const attempt = service().create('no-such-user', INPUT, { audio: received('audio') });
    await expect(attempt).rejects.toMatchObject({ statusCode: 401, message: expect.stringContaining('user_id') });
    expect(await filesOf('no-such-user')).toEqual([]);
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

  it('takes a website typed as people type it (no https://) and stores it as a full address', async () => {
    const u = await signUpUser(t);
    const withSite = (site: string) =>
      [...FIELDS.filter(([n]) => n !== 'website_url'), ['website_url', site]] as Part[];
    const res = await create(u.cookie, [...withSite('  rosasbakery.example.com '), audio()]);
    expect(res.statusCode).toBe(201);
    expect((res.json() as PublicAd).websiteUrl).toBe('https://rosasbakery.example.com');
    const path = await create(u.cookie, [...withSite('www.rosas.example/menu?day=mon'), audio()]);
    expect((path.json() as PublicAd).websiteUrl).toBe('https://www.rosas.example/menu?day=mon');
    for (const bad of ['rosas bakery', 'javascript:alert(1)', 'ftp://rosas.example', 'rosas']) {
      const refused = await create(u.cookie, [...withSite(bad), audio()]);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toContain('Must be a valid URL');
    }
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

  it('holds a positive featured limit (Basic: 2 at a time); unfeaturing frees a slot', async () => {
    const u = await signUpUser(t);
    await onPlan(u.id, 'Basic');
    const [a, b, c] = [
      (await create(u.cookie)).json() as PublicAd,
      (await create(u.cookie)).json() as PublicAd,
      (await create(u.cookie)).json() as PublicAd,
    ];
    expect((await featured(u.cookie, a!.id, true)).statusCode).toBe(200);
    expect((await featured(u.cookie, b!.id, true)).statusCode).toBe(200);
    const third = await featured(u.cookie, c!.id, true);
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe('Featured Ad Limit Reached');
    // Featuring an ad that already is featured takes no new slot.
    expect((await featured(u.cookie, a!.id, true)).statusCode).toBe(200);
    expect((await featured(u.cookie, a!.id, false)).statusCode).toBe(200);
    expect((await featured(u.cookie, c!.id, true)).json().isFeatured).toBe(true);
  });

  it('keeps featured_ads_used equal to the featured ads in use now, however often they are toggled', async () => {
    const u = await signUpUser(t);
    await premium(u.id);
    const a = (await create(u.cookie)).json() as PublicAd;
    const b = (await create(u.cookie)).json() as PublicAd;
    const used = async () => {
      const api = (await json(u.cookie, 'GET', '/api/my/usage')).json().featuredAdsUsed as number;
      const { month, year } = monthOf(new Date());
      const [row] = await t.db
        .select()
        .from(usageTracking)
        .where(and(eq(usageTracking.userId, u.id), eq(usageTracking.month, month), eq(usageTracking.year, year)));
      const live = (await t.db.select().from(adsTable).where(eq(adsTable.userId, u.id))).filter((r) => r.isFeatured);
      expect(row?.featuredAdsUsed).toBe(live.length);
      expect(api).toBe(live.length);
      return api;
    };
    expect(await used()).toBe(0);
    await featured(u.cookie, a.id, true);
    await featured(u.cookie, b.id, true);
    expect(await used()).toBe(2);
    for (let i = 0; i < 3; i++) {
      await featured(u.cookie, a.id, false);
      await featured(u.cookie, a.id, true);
    }
    expect(await used()).toBe(2);
    await featured(u.cookie, a.id, false);
    expect(await used()).toBe(1);
    expect((await json(u.cookie, 'DELETE', `/api/my/ads/${b.id}`)).statusCode).toBe(204);
    expect(await used()).toBe(0);
  });

  it("gives a deleted ad's monthly slot back: the count is of this month's ads the account still has", async () => {
    const u = await signUpUser(t);
    const made: PublicAd[] = [];
    for (let i = 0; i < 3; i++) made.push((await create(u.cookie)).json() as PublicAd);
    expect((await json(u.cookie, 'GET', '/api/my/usage')).json()).toMatchObject({ adsCreated: 3 });
    expect((await json(u.cookie, 'GET', '/api/my/can-create')).json()).toEqual({ canCreate: false });
    expect((await json(u.cookie, 'DELETE', `/api/my/ads/${made[0]!.id}`)).statusCode).toBe(204);
    expect((await json(u.cookie, 'GET', '/api/my/usage')).json()).toMatchObject({ adsCreated: 2 });
    expect((await json(u.cookie, 'GET', '/api/my/can-create')).json()).toEqual({ canCreate: true });
    expect((await create(u.cookie)).statusCode).toBe(201);
    expect((await create(u.cookie)).statusCode).toBe(403);
    // An ad made in an earlier month was never in this month's count: deleting it frees nothing now.
    const now = new Date();
    const [old] = await t.db
      .insert(adsTable)
      .values(makeAd({ userId: u.id, createdAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)) }))
      .returning();
    expect((await json(u.cookie, 'DELETE', `/api/my/ads/${old!.id}`)).statusCode).toBe(204);
    expect((await json(u.cookie, 'GET', '/api/my/usage')).json()).toMatchObject({ adsCreated: 3 });
    // Someone else's ad: 404, and their count is untouched.
    const other = await signUpUser(t);
    expect((await json(other.cookie, 'DELETE', `/api/my/ads/${made[1]!.id}`)).statusCode).toBe(404);
    expect((await json(u.cookie, 'GET', '/api/my/usage')).json()).toMatchObject({ adsCreated: 3 });
  });

  it('treats -1 as unlimited (Enterprise), for creations and for featuring', async () => {
    const u = await signUpUser(t);
    await onPlan(u.id, 'Enterprise');
    const { month, year } = monthOf(new Date());
    await t.db.insert(usageTracking).values({ userId: u.id, month, year, adsCreated: 100_000 });
    await t.db.insert(adsTable).values(Array.from({ length: 12 }, () => makeAd({ userId: u.id, isFeatured: true })));
    expect((await json(u.cookie, 'GET', '/api/my/can-create')).json()).toEqual({ canCreate: true });
    const res = await create(u.cookie);
    expect(res.statusCode).toBe(201);
    expect((await featured(u.cookie, (res.json() as PublicAd).id, true)).statusCode).toBe(200);
    expect((await json(u.cookie, 'GET', '/api/my/usage')).json()).toMatchObject({
      adsCreated: 100_001,
      featuredAdsUsed: 13,
    });
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

  it('removes the logo on request, file included, and keeps the audio', async () => {
    const u = await signUpUser(t);
    const ad = (await create(u.cookie)).json() as PublicAd;
    expect(ad.logoUrl).not.toBeNull();
    const res = await send('PUT', `/api/my/ads/${ad.id}`, u.cookie, [
      ['title', ad.title],
      ['business_name', ad.businessName],
      ['category', ad.category],
      ['remove_logo', 'true'],
    ]);
    expect(res.statusCode).toBe(200);
    const updated = res.json() as PublicAd;
    expect(updated.logoUrl).toBeNull();
    expect(updated.audioUrl).toBe(ad.audioUrl);
    expect(await exists(ad.logoUrl!)).toBe(false);
    expect(await filesOf(u.id)).toEqual([path.basename(ad.audioUrl)]);
  });

  it('keeps the old logo until the new row is saved, then removes it', async () => {
    const u = await signUpUser(t);
    const ad = (await create(u.cookie)).json() as PublicAd;
    const real = createAdsRepository(t.db);
    const seenAtSave: boolean[] = [];
    const repo: AdsRepository = {
      ...real,
      update: async (...args) => {
        seenAtSave.push(await exists(ad.logoUrl!));
        return real.update(...args);
      },
    };
    const updated = await service({ repo }).update(u.id, ad.id, INPUT, { logo: received('logo') });
    expect(seenAtSave).toEqual([true]);
    expect(updated.logoUrl).not.toBe(ad.logoUrl);
    expect(updated.audioUrl).toBe(ad.audioUrl);
    expect(await exists(ad.logoUrl!)).toBe(false);
    expect((await filesOf(u.id)).sort()).toEqual([path.basename(ad.audioUrl), path.basename(updated.logoUrl!)].sort());
  });

  it('keeps the old files and removes the new uploads when saving the edit fails', async () => {
    const u = await signUpUser(t);
    const ad = (await create(u.cookie)).json() as PublicAd;
    const repo: AdsRepository = {
      ...createAdsRepository(t.db),
      update: () => Promise.reject(new Error('connection lost')),
    };
    const attempt = service({ repo }).update(u.id, ad.id, INPUT, { audio: received('audio'), logo: received('logo') });
    await expect(attempt).rejects.toThrow('connection lost');
    expect((await filesOf(u.id)).sort()).toEqual([path.basename(ad.audioUrl), path.basename(ad.logoUrl!)].sort());
    expect((await json(u.cookie, 'GET', `/api/my/ads/${ad.id}`)).json()).toMatchObject({
      title: ad.title,
      audioUrl: ad.audioUrl,
      logoUrl: ad.logoUrl,
    });
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
    await premium(owner.id);
    const ad = (await create(owner.cookie)).json() as PublicAd;
    const missing = '00000000-0000-4000-8000-000000000000';
    const edit: Part[] = [['title', 'Taken Over'], ...FIELDS.slice(1), audio(), logo()];
    type Call = (cookie: string, id: string) => ReturnType<typeof json>;
    const calls: [string, Call][] = [
      ['GET', (c, id) => json(c, 'GET', `/api/my/ads/${id}`)],
      ['PUT', (c, id) => send('PUT', `/api/my/ads/${id}`, c, edit)],
      ['PATCH active', (c, id) => json(c, 'PATCH', `/api/my/ads/${id}/active`, { isActive: false })],
      ['PATCH featured', (c, id) => featured(c, id, true)],
      ['DELETE', (c, id) => json(c, 'DELETE', `/api/my/ads/${id}`)],
    ];

    // Anonymous: every endpoint, reading or writing, asks for a session.
    for (const url of ['/api/my/ads', '/api/analytics', '/api/my/plan', '/api/my/usage', '/api/my/can-create']) {
      expect((await t.app.inject(url)).statusCode).toBe(401);
    }
    for (const [name, call] of calls) expect([name, (await call('', ad.id)).statusCode]).toEqual([name, 401]);
    expect((await create('')).statusCode).toBe(401);

    // Another user: someone else's ad answers exactly as a missing one, and nothing of it changes.
    for (const [name, call] of calls) {
      const theirs = await call(other.cookie, ad.id);
      const none = await call(other.cookie, missing);
      expect([name, theirs.statusCode]).toEqual([name, 404]);
      expect([name, theirs.body]).toEqual([name, none.body]);
      expect(theirs.body).not.toContain(ad.title);
    }
    expect((await json(other.cookie, 'GET', '/api/my/ads')).json().ads).toEqual([]);
    expect((await json(other.cookie, 'GET', '/api/analytics')).json().totals).toMatchObject({ ads: 0, activeAds: 0 });
    expect(await filesOf(other.id)).toEqual([]);
    expect((await json(owner.cookie, 'GET', `/api/my/ads/${ad.id}`)).json()).toEqual(ad);
    expect((await json(owner.cookie, 'GET', '/api/analytics')).json().totals).toMatchObject({
      ads: 1,
      activeAds: 1,
      plays: 0,
    });

    // The owner: every call succeeds.
    const [get, put, active, feature, del] = calls.map(([, call]) => call);
    expect((await get!(owner.cookie, ad.id)).statusCode).toBe(200);
    const edited = await put!(owner.cookie, ad.id);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: ad.id, title: 'Taken Over' });
    const deactivated = await active!(owner.cookie, ad.id);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().isActive).toBe(false);
    const featuredAd = await feature!(owner.cookie, ad.id);
    expect(featuredAd.statusCode).toBe(200);
    expect(featuredAd.json().isFeatured).toBe(true);
    expect((await del!(owner.cookie, ad.id)).statusCode).toBe(204);
    expect((await get!(owner.cookie, ad.id)).statusCode).toBe(404);
    expect(await filesOf(owner.id)).toEqual([]);
  });
});

describe('streaming cut-off', () => {
  it('answers a huge upload as soon as it passes the limit, and closes the connection instead of reading on', async () => {
    const u = await signUpUser(t);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // A well-formed 50 MB form that starts as a real MP3.
    const answer = await sendHugeUpload(
      `${address}/api/my/ads`,
      { cookie: u.cookie, origin: t.config.PUBLIC_ORIGIN },
      { start: mp3 },
    );
    expect(answer).toMatchObject({ status: 413, message: 'File size exceeds 10MB limit.' });
    expect(answer.sentAtAnswer).toBeLessThan(20 * 1024 * 1024);
    expect(answer.sent).toBeLessThan(answer.length);
    expect(await filesOf(u.id)).toEqual([]);
  });
});
