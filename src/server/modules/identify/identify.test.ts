import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnAd } from '../../../shared/ads.js';
import {
  alignMatches,
  alignmentSpread,
  fingerprint,
  MIN_SCORE,
  querySpan,
  scoreBounds,
} from '../../../shared/fingerprint/index.js';
import { seededRandom } from '../../../shared/random.js';
import { toneBursts } from '../../../shared/fingerprint/test-signals.js';
import {
  IDENTIFY_MAX_FRAME,
  IDENTIFY_PER_MINUTE,
  identifyMessages,
  type IdentifyResponse,
} from '../../../shared/identify.js';
import { IDENTIFY_MAX_LANDMARKS } from '../../../shared/limits.js';
import { rows } from '../../db/rows.js';
import { adFingerprintSets, ads, subscriptionPlans, userSubscriptions } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { demoAds } from '../../db/seed/demo-ads.js';
import { seedIfEmpty } from '../../db/seed/seed.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { decodeMono, wavFile } from '../../test/audio.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm, type Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';
import { createIdentifyRepository } from './identify.repository.js';
import { bestAligned, createIdentifyService, HIT_BOUNDS, LANDMARKS_VERSION, mayChange } from './identify.service.js';

let t: TestApp;
/** The demo ads by their asset key, as the seed wrote them. */
const demo = new Map<string, { id: string; slug: string; samples: Float32Array; rate: number }>();

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://adreplay.test' });
  await seedIfEmpty(t.db, t.storage);
  const seeded = await t.db.select({ id: ads.id, slug: ads.slug, title: ads.title }).from(ads);
  for (const ad of demoAds.slice(0, 3)) {
    const row = seeded.find((r) => r.title === ad.title)!;
    const decoded = await decodeMono(await readFile(path.join(SEED_ASSETS_DIR, 'audio', `${ad.key}.mp3`)), 'mp3');
    demo.set(ad.key, { id: row.id, slug: row.slug, ...decoded });
  }
}, 60_000);
afterAll(() => t.close());

/** `seconds` of `samples` from `start`, as [hash, t] pairs the way the Listen button sends them. */
function clipLandmarks(samples: Float32Array, rate: number, start: number, seconds: number): [number, number][] {
  const clip = samples.subarray(Math.round(start * rate), Math.round((start + seconds) * rate));
  return fingerprint(clip, rate).map((l) => [l.hash, l.t]);
}
/** A query from an address of its own unless one is given (the limit is per address). */
let client = 0;
const identify = (
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = `10.8.${Math.floor(++client / 250)}.${client % 250}`,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identify',
    payload: body as object,
    remoteAddress,
    headers: { origin: t.config.PUBLIC_ORIGIN, ...headers },
  });
const landmarkCount = async (adId: string) => {
  const [row] = await rows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM ad_fingerprints WHERE ad_id = ${adId}::uuid`,
  );
  return row!.n;
};
const first = (key: string) => demo.get(key)!;

describe('the background backfill', () => {
  it('indexes every seeded ad, then has nothing left to do', async () => {
    const total = await t.db.$count(ads);
    expect(await t.app.indexFingerprints()).toBe(total);
    const sets = await t.db.select().from(adFingerprintSets);
    expect(sets).toHaveLength(total);
    for (const set of sets) expect(set.landmarks).toBeGreaterThan(100);
    expect(await landmarkCount(first(demoAds[0]!.key).id)).toBe(
      sets.find((s) => s.adId === first(demoAds[0]!.key).id)!.landmarks,
    );
    expect(await t.app.indexFingerprints()).toBe(0);
  });

  it('rebuilds missing landmarks, the same as before, even run twice at once', async () => {
    const ad = first(demoAds[1]!.key);
    const before = await landmarkCount(ad.id);
    await t.db.execute(sql`DELETE FROM ad_fingerprints WHERE ad_id = ${ad.id}::uuid`);
    await t.db.delete(adFingerprintSets).where(eq(adFingerprintSets.adId, ad.id));
    const runs = await Promise.all([t.app.indexFingerprints(), t.app.indexFingerprints()]);
    expect(runs[0]! + runs[1]!).toBeGreaterThanOrEqual(1);
    expect(await landmarkCount(ad.id)).toBe(before);
    expect(await t.app.indexFingerprints()).toBe(0);
  });

  it('rebuilds the landmarks of an earlier version of the engine, as at the first start after a change', async () => {
    const ad = first(demoAds[0]!.key);
    const current = await landmarkCount(ad.id);
    await t.db.execute(sql`DELETE FROM ad_fingerprints WHERE ad_id = ${ad.id}::uuid`);
    await t.db.execute(sql`INSERT INTO ad_fingerprints (ad_id, hash, t) VALUES (${ad.id}::uuid, 1, 1)`);
    await t.db
      .update(adFingerprintSets)
      .set({ version: LANDMARKS_VERSION - 1, landmarks: 1 })
      .where(eq(adFingerprintSets.adId, ad.id));
    expect(await t.app.indexFingerprints()).toBe(1);
    const [set] = await t.db.select().from(adFingerprintSets).where(eq(adFingerprintSets.adId, ad.id));
    expect(set).toMatchObject({ version: LANDMARKS_VERSION, landmarks: current });
    expect(await landmarkCount(ad.id)).toBe(current);
  });
});

describe('POST /api/identify', () => {
  it('finds the demo ad a few seconds of it come from, and where in it they start', async () => {
    for (const key of demo.keys()) {
      const ad = first(key);
      const res = await identify({ landmarks: clipLandmarks(ad.samples, ad.rate, 4.3, 5) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      // Where the time went, and how many stored rows the lookup read.
      const timing = /^lookup;dur=[\d.]+, align;dur=[\d.]+, cards;dur=[\d.]+, rows;desc=(\d+)$/.exec(
        String(res.headers['server-timing']),
      );
      expect(Number(timing?.[1])).toBeGreaterThan(0);
      const body = res.json<IdentifyResponse>();
      expect(body.match?.slug).toBe(ad.slug);
      expect(body.match!.confidence).toBeGreaterThan(0.5);
      expect(body.match!.offsetSeconds).toBeCloseTo(4.3, 0);
      expect(body.candidates[0]).toEqual(body.match);
      expect(Object.keys(body.match!).sort()).toEqual(
        ['businessName', 'category', 'confidence', 'logoUrl', 'offsetSeconds', 'slug', 'title'].sort(),
      );
    }
  });

  it('finds no match in audio that is not in the catalogue', async () => {
    for (const seed of [1, 2, 3]) {
      const foreign = toneBursts(8, seed, 16_000);
      const res = await identify({ landmarks: clipLandmarks(foreign, 16_000, 0, 8) });
      expect(res.statusCode).toBe(200);
      const body = res.json<IdentifyResponse>();
      expect(body.match).toBeNull();
      for (const candidate of body.candidates) expect(candidate.confidence).toBeLessThan(0.5);
    }
  });

  it('never returns an inactive, unpublished or moderated ad', async () => {
    const ad = first(demoAds[2]!.key);
    const query = { landmarks: clipLandmarks(ad.samples, ad.rate, 2, 5) };
    const slugs = async () => {
      const body = (await identify(query)).json<IdentifyResponse>();
      return [body.match?.slug, ...body.candidates.map((c) => c.slug)];
    };
    expect(await slugs()).toContain(ad.slug);
    try {
      await t.db.update(ads).set({ isActive: false }).where(eq(ads.id, ad.id));
      expect(await slugs()).not.toContain(ad.slug);
      // Unpublished, or hidden by moderation (decision 44).
      for (const status of ['draft', 'held', 'taken_down', 'suspended'] as const) {
        await t.db.update(ads).set({ isActive: true, status }).where(eq(ads.id, ad.id));
        expect(await slugs(), status).not.toContain(ad.slug);
      }
    } finally {
      await t.db.update(ads).set({ isActive: true, status: 'published' }).where(eq(ads.id, ad.id));
    }
    expect(await slugs()).toContain(ad.slug);
  });

  it('refuses malformed, empty and oversized input with a clear 400, and a huge body with 413', async () => {
    const refused = async (body: unknown, message: string | RegExp) => {
      const res = await identify(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(message) });
    };
    const landmark = new RegExp(identifyMessages.landmark.replace(/[[\]]/g, '\\$&'));
    await refused({}, /landmarks/);
    await refused({ landmarks: 'abc' }, /landmarks must be an array/);
    await refused({ landmarks: [] }, identifyMessages.empty);
    await refused({ landmarks: [[1]] }, landmark);
    await refused({ landmarks: [[1, 2, 3]] }, landmark);
    await refused({ landmarks: [[-1, 2]] }, landmark);
    await refused({ landmarks: [[2 ** 32, 2]] }, landmark);
    await refused({ landmarks: [[1.5, 2]] }, landmark);
    await refused({ landmarks: [['1', 2]] }, landmark);
    await refused({ landmarks: [[1, IDENTIFY_MAX_FRAME + 1]] }, landmark);
    await refused({ landmarks: [[1, 2]], audio: 'AAAA' }, /audio/);
    const many = Array.from({ length: IDENTIFY_MAX_LANDMARKS + 1 }, (_, i) => [i, i % 100]);
    await refused({ landmarks: many }, identifyMessages.tooMany);
    const res = await identify(`{"landmarks":[${'[4294967295,400],'.repeat(5000)}[1,1]]}`, {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const notJson = await identify('landmarks=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(notJson.statusCode).toBe(415);
  });

  it('takes the largest query allowed, and the edges of the ranges', async () => {
    const many = Array.from({ length: IDENTIFY_MAX_LANDMARKS }, (_, i) => [
      (i * 2654435761) % 2 ** 32,
      i % IDENTIFY_MAX_FRAME,
    ]);
    many[0] = [2 ** 32 - 1, IDENTIFY_MAX_FRAME];
    many[1] = [0, 0];
    const res = await identify({ landmarks: many });
    expect(res.statusCode).toBe(200);
    expect(res.json<IdentifyResponse>().match).toBeNull();
  });

  it(`refuses an address's queries beyond ${IDENTIFY_PER_MINUTE} a minute, whatever its user agents; others still pass`, async () => {
    const busy = '203.0.113.90';
    const body = { landmarks: [[1, 1]] };
    for (let i = 0; i < IDENTIFY_PER_MINUTE; i++)
      expect((await identify(body, { 'user-agent': `busy ${i}` }, busy)).statusCode).toBe(200);
    const refused = await identify(body, { 'user-agent': 'yet another browser' }, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: identifyMessages.tooManyRequests });
    expect((await identify(body, {}, '203.0.113.91')).statusCode).toBe(200);
  });

  it("refuses another site's page (like every POST of the site)", async () => {
    const res = await identify({ landmarks: [[1, 1]] }, { origin: 'https://elsewhere.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('the index follows the ads', () => {
  let cookie: string;
  const songA = toneBursts(20, 101, 16_000);
  const songB = toneBursts(20, 202, 16_000);
  const audio = (samples: Float32Array): Part => [
    'audio',
    { bytes: wavFile(samples, 16_000), filename: 'spot.wav', type: 'audio/wav' },
  ];
  const FIELDS: Part[] = [
    ['title', 'Jingle Of The Week'],
    ['business_name', 'Tone Shop'],
    ['category', 'Retail'],
  ];
  const matchOf = async (samples: Float32Array) =>
    (await identify({ landmarks: clipLandmarks(samples, 16_000, 6, 5) })).json<IdentifyResponse>().match?.slug ?? null;

  beforeAll(async () => {
    await t.db.insert(subscriptionPlans).values(PLAN_SEED).onConflictDoNothing();
    const user = await signUpUser(t);
    cookie = user.cookie;
    const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Enterprise'));
    await t.db.insert(userSubscriptions).values({ userId: user.id, planId: plan!.id });
  });

  it('indexes an upload with the ad, replaces it with new audio, and removes it with the ad', async () => {
    const created = await sendForm(t, 'POST', '/api/my/ads', cookie, [...FIELDS, audio(songA)]);
    expect(created.statusCode).toBe(201);
    const ad = created.json<OwnAd>();
    // Written with the ad: no backfill needed.
    expect(await landmarkCount(ad.id)).toBeGreaterThan(100);
    expect(await matchOf(songA)).toBe(ad.slug);
    expect(await matchOf(songB)).toBeNull();

    const replaced = await sendForm(t, 'PUT', `/api/my/ads/${ad.id}`, cookie, [...FIELDS, audio(songB)]);
    expect(replaced.statusCode).toBe(200);
    expect(await matchOf(songA)).toBeNull();
    expect(await matchOf(songB)).toBe(ad.slug);
    const [set] = await t.db.select().from(adFingerprintSets).where(eq(adFingerprintSets.adId, ad.id));
    expect(set!.audioUrl).toBe(replaced.json<OwnAd>().audioUrl);
    expect(await landmarkCount(ad.id)).toBe(set!.landmarks);
    // Already current: the backfill leaves it alone.
    await t.app.indexFingerprints();
    const [after] = await t.db.select().from(adFingerprintSets).where(eq(adFingerprintSets.adId, ad.id));
    expect(after!.indexedAt).toEqual(set!.indexedAt);

    // An edit without new audio keeps the landmarks.
    const edited = await sendForm(t, 'PUT', `/api/my/ads/${ad.id}`, cookie, [...FIELDS.slice(1), ['title', 'Renamed']]);
    expect(edited.statusCode).toBe(200);
    expect(await matchOf(songB)).toBe(ad.slug);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/my/ads/${ad.id}`,
      headers: { cookie, origin: t.config.PUBLIC_ORIGIN },
    });
    expect(removed.statusCode).toBe(204);
    expect(await landmarkCount(ad.id)).toBe(0);
    expect(await t.db.$count(adFingerprintSets, eq(adFingerprintSets.adId, ad.id))).toBe(0);
    expect(await matchOf(songB)).toBeNull();
  });
});

describe('POST /api/v1/identify', () => {
  let key: string;
  beforeAll(async () => {
    const user = await signUpUser(t);
    key = (await createApiKey(t, user.cookie)).key;
  });
  const recording = (bytes: Buffer, filename = 'aired.wav'): Part[] => [
    ['file', { bytes, filename, type: 'audio/wav' }],
  ];

  it("names the ad a station's recording comes from", async () => {
    const ad = first(demoAds[0]!.key);
    const clip = ad.samples.slice(Math.round(3 * ad.rate), Math.round(11 * ad.rate));
    const res = await callApi(t, key, 'POST', '/api/v1/identify', recording(wavFile(clip, ad.rate)));
    expect(res.statusCode).toBe(200);
    const body = res.json<IdentifyResponse>();
    expect(body.match?.slug).toBe(ad.slug);
    expect(body.match!.offsetSeconds).toBeCloseTo(3, 0);
  });

  it('answers no match for foreign audio', async () => {
    const res = await callApi(
      t,
      key,
      'POST',
      '/api/v1/identify',
      recording(wavFile(toneBursts(10, 7, 16_000), 16_000)),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<IdentifyResponse>().match).toBeNull();
  });

  it('refuses a missing, foreign, undecodable or too long recording, and a request without a key', async () => {
    const noFile = await callApi(t, key, 'POST', '/api/v1/identify', [['note', 'hello']]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ message: identifyMessages.fileRequired });
    const text = await callApi(t, key, 'POST', '/api/v1/identify', [
      ['file', { bytes: Buffer.from('not audio at all'), filename: 'a.wav' }],
    ]);
    expect(text.statusCode).toBe(415);
    const long = await callApi(
      t,
      key,
      'POST',
      '/api/v1/identify',
      recording(wavFile(new Float32Array(8000 * 65), 8000)),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: identifyMessages.recordingTooLong });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/identify' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string; requestBody: unknown }>>;
    }>();
    expect(doc.paths['/api/v1/identify']?.post?.operationId).toBe('identifyRecording');
    expect(JSON.stringify(doc.paths['/api/v1/identify']!.post!.requestBody)).toContain('multipart/form-data');
  });
});

describe('the alignment of a lookup', () => {
  it('ranks the best candidates exactly as aligning every ad would, while skipping the hopeless ones', () => {
    const random = seededRandom(21);
    for (let trial = 0; trial < 100; trial++) {
      const query = Array.from({ length: 50 + Math.floor(random() * 250) }, (_, i) => ({
        hash: Math.floor(random() * 300),
        t: i,
      }));
      const hits = Array.from({ length: Math.floor(random() * 3000) }, () => ({
        id: `ad-${Math.floor(random() * 200)}`,
        hash: Math.floor(random() * 300),
        t: Math.floor(random() * 400),
      }));
      for (const l of query) if (random() < 0.3) hits.push({ id: 'heard', hash: l.hash, t: l.t + 77 });
      // Ranked as the database ranks them: highest bound first, then by id.
      const likely = [...scoreBounds(query, hits)]
        .map(([id, bound]) => ({ id, bound, hits: hits.filter((hit) => hit.id === id) }))
        .sort((a, b) => b.bound - a.bound || (a.id < b.id ? -1 : 1));
      expect(bestAligned(query, likely)).toEqual(alignMatches(query, hits).slice(0, 5));
    }
  });
});

describe('an ad left out of the alignment', () => {
  // Five seconds of landmarks; the best holds in all of them, far above chance.
  const query = Array.from({ length: 155 }, (_, t) => ({ hash: t, t }));
  const candidate = (id: string, score: number) => ({ id, score, offset: 0, background: 0, spans: 5, until: 0 });
  const ranked = [candidate('best', 30), candidate('second', 5)];

  it('matters when it could be the best, or the runner-up that makes the match no longer one', () => {
    expect(mayChange(query, ranked, 31)).toBe(true);
    expect(mayChange(query, ranked, 20)).toBe(true); // 30 < 1.5 x 20 + 2
    expect(mayChange(query, [], MIN_SCORE)).toBe(true);
  });

  it('does not when it scores no more than the runner-up, or leaves the match standing', () => {
    expect(mayChange(query, ranked, 5)).toBe(false);
    expect(mayChange(query, ranked, 10)).toBe(false); // 30 >= 1.5 x 10 + 2
    expect(mayChange(query, [], MIN_SCORE - 1)).toBe(false);
  });
});

describe('the lookup', () => {
  beforeAll(() => t.app.indexFingerprints());
  const query = () => {
    const ad = first(demoAds[0]!.key);
    return clipLandmarks(ad.samples, ad.rate, 3.1, 5).map(([hash, t]) => ({ hash, t }));
  };

  it("bounds each ad's score in the database exactly as scoreBounds does, highest first", async () => {
    const landmarks = query();
    const columns = {
      hashes: Int32Array.from(landmarks, (l) => l.hash | 0),
      frames: Int32Array.from(landmarks, (l) => l.t),
    };
    const repo = createIdentifyRepository(t.db);
    const likely = await repo.likelyAds(columns, alignmentSpread(querySpan(landmarks)), HIT_BOUNDS, null);
    const hits = likely.flatMap((ad) => ad.hits);
    expect(likely.length).toBeGreaterThan(1);
    expect(new Map(likely.map((ad) => [ad.id, ad.bound]))).toEqual(scoreBounds(landmarks, hits));
    expect(likely.map((ad) => ad.bound)).toEqual(likely.map((ad) => ad.bound).sort((a, b) => b - a));
    expect(likely[0]!.id).toBe(first(demoAds[0]!.key).id);
    const top = await repo.likelyAds(columns, alignmentSpread(querySpan(landmarks)), HIT_BOUNDS, 2);
    const summary = (ads: typeof likely) => ads.map(({ id, bound, hits }) => ({ id, bound, hits: hits.length }));
    expect(summary(top)).toEqual(summary(likely.slice(0, 2)));
  });

  it('looks again at every ad when one it left out could be the match', async () => {
    // With no ad's hits sent at first, the best one left in the database could be a confident match.
    const service = createIdentifyService({
      repo: createIdentifyRepository(t.db),
      storage: t.storage,
      bounds: { ...HIT_BOUNDS, ads: 0 },
    });
    const answer = await service.identify(query());
    expect(answer.match?.slug).toBe(first(demoAds[0]!.key).slug);
  });
});
