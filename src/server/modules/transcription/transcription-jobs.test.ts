import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleTranscriber } from '../../adapters/transcriber/openai-compatible.js';
import { ads, transcriptionJobs } from '../../db/schema.js';
import { createUser, insertAd } from '../../db/seed/factories.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import {
  sendJson,
  startFakeTranscriber,
  verboseAnswer,
  type FakeTranscriber,
  type TranscriberHandler,
} from '../../test/fake-transcriber.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createAdsRepository } from '../ads/ads.repository.js';
import { createMyAdsService } from '../ads/my-ads.service.js';
import { createPlansRepository } from '../plans/plans.repository.js';
import { createPlansService } from '../plans/plans.service.js';
import { createTranscriptionRepository } from './transcription.repository.js';
import { backoffDelay, createTranscription, type WorkerOptions } from './transcription.service.js';

/**
 * The jobs' mechanics, with workers built here on the test database (the app itself has no
 * TRANSCRIBE_URL, so no worker of its own): a clock the tests move, retries, leases, two workers.
 */
let t: TestApp;
let fake: FakeTranscriber;
let mp3: Buffer;
let owner: string;
/** Milliseconds the workers' clock is ahead of the real one. */
let ahead = 0;
const clock = () => new Date(Date.now() + ahead);

beforeAll(async () => {
  fake = await startFakeTranscriber();
  t = await createTestApp();
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  owner = (await createUser(t.db)).id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  ahead = 0;
  await t.db.delete(transcriptionJobs);
});

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const repo = () => createTranscriptionRepository(t.db);

/** A worker as app.ts builds one (the real adapter, talking to the local service), with the test's clock. */
function worker(options: WorkerOptions = {}) {
  const transcription = createTranscription({
    repo: repo(),
    transcriber: createOpenAiCompatibleTranscriber({ baseUrl: fake.url, model: 'whisper-1', timeoutMs: 5_000 }),
    storage: t.storage,
    log: silent,
    clock,
    random: () => 1, // the longest wait of the jitter's range, so the tests know it
    options: { pollMs: 20, backoffMs: 10_000, ...options },
  });
  const myAds = createMyAdsService({
    repo: createAdsRepository(t.db),
    plans: createPlansService(createPlansRepository(t.db)),
    storage: t.storage,
    transcription: transcription.queue,
  });
  return transcription.worker(myAds);
}

/** An ad whose stored audio has a job waiting, as an upload leaves it. */
async function adWithJob() {
  const stored = await t.storage.put(`audio-files/${owner}/${randomUUID()}.mp3`, mp3, 'audio/mpeg');
  const ad = await insertAd(t.db, { userId: owner, audioUrl: stored.url });
  await repo().enqueue(t.db, { adId: ad.id, audioUrl: ad.audioUrl, at: new Date() });
  return ad;
}
const jobOf = async (adId: string) =>
  (await t.db.select().from(transcriptionJobs).where(eq(transcriptionJobs.adId, adId)))[0]!;
const transcriptOf = async (adId: string) =>
  (await t.db.select({ text: ads.transcript }).from(ads).where(eq(ads.id, adId)))[0]!.text;

describe('backoff', () => {
  it('grows three-fold from the base, up to an hour, with half of it jittered, and waits at least Retry-After', () => {
    expect(backoffDelay(1, 30_000, 0, () => 1)).toBe(30_000);
    expect(backoffDelay(1, 30_000, 0, () => 0)).toBe(15_000);
    expect(backoffDelay(3, 30_000, 0, () => 1)).toBe(270_000);
    expect(backoffDelay(20, 30_000, 0, () => 1)).toBe(3_600_000);
    expect(backoffDelay(1, 30_000, 120_000, () => 1)).toBe(120_000);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(2, 30_000)));
    expect(spread.size).toBeGreaterThan(10);
    for (const d of spread) expect(d).toBeGreaterThanOrEqual(45_000);
    for (const d of spread) expect(d).toBeLessThanOrEqual(90_000);
  });
});

describe('transcription jobs', () => {
  it("retry after a failure once the backoff (or the service's Retry-After) has passed, not before", async () => {
    const ad = await adWithJob();
    const w = worker();
    const answers: TranscriberHandler[] = [
      (res) => sendJson(res, 503, 'busy'),
      (res) => sendJson(res, 429, { error: { message: 'Slow down' } }, { 'retry-after': '120' }),
      (res) => sendJson(res, 200, verboseAnswer(['At last.'])),
    ];
    fake.answer((res, r, req) => answers.shift()!(res, r, req));

    expect(await w.runOnce()).toBe(true);
    let job = await jobOf(ad.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, error: 'the service answered 503' });
    const firstWait = job.runAfter.getTime() - job.updatedAt.getTime();
    expect(firstWait).toBe(10_000);

    ahead += 9_000;
    expect(await w.runOnce()).toBe(false); // not due yet
    ahead += 1_000;
    expect(await w.runOnce()).toBe(true);
    job = await jobOf(ad.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 2, error: 'the service answered 429: Slow down' });
    expect(job.runAfter.getTime() - job.updatedAt.getTime()).toBe(120_000); // Retry-After beats 30 s

    ahead += 119_000;
    expect(await w.runOnce()).toBe(false);
    ahead += 1_000;
    expect(await w.runOnce()).toBe(true);
    expect(await jobOf(ad.id)).toMatchObject({ status: 'done', attempts: 3, error: null });
    expect(await transcriptOf(ad.id)).toBe('At last.');
  });

  it('fails after the last attempt, keeping the reason', async () => {
    const ad = await adWithJob();
    const w = worker({ maxAttempts: 2 });
    fake.answer((res) => sendJson(res, 200, '{"text": "cut off'));
    await w.runOnce();
    expect(await jobOf(ad.id)).toMatchObject({ status: 'pending', attempts: 1 });
    ahead += 10_000;
    await w.runOnce();
    expect(await jobOf(ad.id)).toMatchObject({ status: 'failed', attempts: 2, error: 'the answer is not JSON' });
    expect(await transcriptOf(ad.id)).toBeNull();
  });

  it('runs a job again when the worker that claimed it stopped mid-way, once its lease has passed', async () => {
    const ad = await adWithJob();
    fake.answer((res) => sendJson(res, 200, verboseAnswer(['Picked up again.'])));
    // A process claims the job and dies before it ends (nothing releases it).
    const crashed = await repo().claim(clock(), new Date(clock().getTime() + 60_000), randomUUID());
    expect(crashed?.adId).toBe(ad.id);
    expect(await jobOf(ad.id)).toMatchObject({ status: 'running', attempts: 1 });

    const restarted = worker();
    ahead += 59_000;
    expect(await restarted.runOnce()).toBe(false); // still held
    ahead += 1_000;
    expect(await restarted.runOnce()).toBe(true);
    expect(await jobOf(ad.id)).toMatchObject({ status: 'done', attempts: 2, claim: null });
    expect(await transcriptOf(ad.id)).toBe('Picked up again.');

    // The stopped process's late writes no longer count: the job is not its any more.
    expect(await repo().finish(crashed!, clock(), 'failed', 'late')).toBe(false);
    expect((await jobOf(ad.id)).status).toBe('done');
  });

  it('fails a job whose worker stopped during its last attempt', async () => {
    const ad = await adWithJob();
    await repo().claim(clock(), new Date(clock().getTime() + 60_000), randomUUID());
    ahead += 60_000;
    expect(await worker({ maxAttempts: 1 }).runOnce()).toBe(false);
    expect(await jobOf(ad.id)).toMatchObject({
      status: 'failed',
      error: 'no attempt finished: the server stopped during each of the 1',
    });
  });

  it('hands a job under way back untried when its worker stops, cutting the request off', async () => {
    const ad = await adWithJob();
    fake.answer(() => {}); // never answers
    const w = worker();
    w.start();
    for (let i = 0; i < 200 && (await jobOf(ad.id)).status !== 'running'; i++)
      await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await w.stop();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await jobOf(ad.id)).toMatchObject({ status: 'pending', attempts: 0, claim: null, leaseUntil: null });
  });

  it('never gives one job to two claimers at once', async () => {
    const made = await Promise.all(Array.from({ length: 6 }, adWithJob));
    // Two app processes' repositories on one database (on PostgreSQL, claims on separate connections).
    const other = await createTestApp({}, { database: t.database });
    try {
      const claimers = [repo(), createTranscriptionRepository(other.db)];
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          claimers[i % 2]!.claim(clock(), new Date(clock().getTime() + 60_000), randomUUID()),
        ),
      );
      const taken = claims.filter((c) => c !== null).map((c) => c.adId);
      expect(taken.sort()).toEqual(made.map((a) => a.id).sort());
    } finally {
      await other.close();
    }
  });

  it('shares the jobs between two running workers, each job transcribed exactly once', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, adWithJob));
    const before = fake.received.length;
    fake.answer((res) => void setTimeout(() => sendJson(res, 200, verboseAnswer(['Shared work.'])), 30));
    const [a, b] = [worker(), worker()];
    a.start();
    b.start();
    try {
      for (let i = 0; i < 500; i++) {
        const jobs = await t.db.select().from(transcriptionJobs);
        if (jobs.length === 8 && jobs.every((j) => j.status === 'done')) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    for (const ad of made) expect(await jobOf(ad.id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(fake.received.length - before).toBe(8);
  });
});
