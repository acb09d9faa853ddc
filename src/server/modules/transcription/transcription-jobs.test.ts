import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleTranscriber } from '../../adapters/transcriber/openai-compatible.js';
import { ads, transcriptionJobs } from '../../db/schema.js';
import { createUser, insertAd } from '../../db/seed/factories.js';
import type { JobEvent, JobRunner } from '../../jobs/jobs.js';
import { createJobRunner, type RunnerOptions } from '../../jobs/pg-boss-runner.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import {
  sendJson,
  startFakeTranscriber,
  verboseAnswer,
  type FakeTranscriber,
  type TranscriberHandler,
} from '../../test/fake-transcriber.js';
import { createTestApp, TEST_JOBS, type TestApp } from '../../test/harness.js';
import { createAdsRepository } from '../ads/ads.repository.js';
import { createMyAdsService } from '../ads/my-ads.service.js';
import { createPlansRepository } from '../plans/plans.repository.js';
import { createPlansService } from '../plans/plans.service.js';
import { createTranscriptionRepository } from './transcription.repository.js';
import {
  createTranscription,
  TRANSCRIPTION_QUEUE,
  type Transcription,
  type TranscriptionOptions,
} from './transcription.service.js';

/**
 * The jobs' mechanics, with processes built here on the test database (the app itself has no TRANSCRIBE_URL,
 * so no transcription of its own): each "process" is a job runner with the transcription's queues, as app.ts
 * builds them. Retries wait real (short) times: a 1 s base delay.
 */
let t: TestApp;
let fake: FakeTranscriber;
let mp3: Buffer;
let owner: string;

beforeAll(async () => {
  fake = await startFakeTranscriber();
  t = await createTestApp();
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  owner = (await createUser(t.db)).id;
});
afterAll(async () => {
  await Promise.all(processes.splice(0).map((p) => p.stop({ graceMs: 0 })));
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.stop({ graceMs: 0 })));
  await t.db.delete(transcriptionJobs);
});

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const repo = () => createTranscriptionRepository(t.db);
const processes: JobRunner[] = [];

/** An app process's transcription, as app.ts builds it (the real adapter, talking to the local service). */
async function startProcess(options: TranscriptionOptions = {}, runner: RunnerOptions = {}) {
  const jobs = createJobRunner({ database: t.database, log: silent, options: { ...TEST_JOBS, ...runner } });
  const transcription = createTranscription({
    repo: repo(),
    jobs,
    transcriber: createOpenAiCompatibleTranscriber({ baseUrl: fake.url, model: 'whisper-1', timeoutMs: 5_000 }),
    storage: t.storage,
    log: silent,
    options: { retryDelaySeconds: 1, ...options },
  });
  const myAds = createMyAdsService({
    repo: createAdsRepository(t.db),
    plans: createPlansService(createPlansRepository(t.db)),
    storage: t.storage,
    transcription: transcription.queue,
  });
  transcription.handleWith(myAds);
  const events: JobEvent[] = [];
  jobs.onJob((e) => events.push(e));
  await jobs.start();
  processes.push(jobs);
  return { jobs, transcription, events };
}
type Process = Awaited<ReturnType<typeof startProcess>>;

/** An ad whose stored audio has its job, as an upload leaves it. */
async function adWithJob(transcription: Transcription) {
  const stored = await t.storage.put(`audio-files/${owner}/${randomUUID()}.mp3`, mp3, 'audio/mpeg');
  const ad = await insertAd(t.db, { userId: owner, audioUrl: stored.url });
  await t.db.transaction((tx) =>
    transcription.queue.enqueue(tx, { adId: ad.id, audioUrl: ad.audioUrl, at: new Date() }),
  );
  return ad;
}
const jobOf = async (adId: string) =>
  (await t.db.select().from(transcriptionJobs).where(eq(transcriptionJobs.adId, adId)))[0]!;
const transcriptOf = async (adId: string) =>
  (await t.db.select({ text: ads.transcript }).from(ads).where(eq(ads.id, adId)))[0]!.text;

/** Waits until `check` passes (polling), or fails with what was last seen. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last seen ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const attemptsOf = (p: Process) => p.events.filter((e) => e.queue === TRANSCRIPTION_QUEUE);

describe('transcription jobs', () => {
  it("retry after a failure once the backoff (or the service's Retry-After) has passed, not before", async () => {
    const p = await startProcess();
    const answers: TranscriberHandler[] = [
      (res) => sendJson(res, 503, 'busy'),
      (res) => sendJson(res, 429, { error: { message: 'Slow down' } }, { 'retry-after': '5' }),
      (res) => sendJson(res, 200, verboseAnswer(['At last.'])),
    ];
    const asked: number[] = [];
    fake.answer((res, r, req) => {
      asked.push(Date.now());
      void answers.shift()!(res, r, req);
    });
    const ad = await adWithJob(p.transcription);

    let job = await until(
      () => jobOf(ad.id),
      (j) => j.error !== null,
    );
    expect(job).toMatchObject({ status: 'pending', attempts: 1, error: 'the service answered 503' });
    job = await until(
      () => jobOf(ad.id),
      (j) => j.attempts === 2 && j.status === 'pending',
    );
    expect(job).toMatchObject({ status: 'pending', attempts: 2, error: 'the service answered 429: Slow down' });
    job = await until(
      () => jobOf(ad.id),
      (j) => j.status === 'done',
    );
    expect(job).toMatchObject({ status: 'done', attempts: 3, error: null });
    expect(await transcriptOf(ad.id)).toBe('At last.');

    // The first retry waits the backoff (1-2 s); the second the service's 5 s, longer than its backoff (2-4 s).
    expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(1_000);
    expect(asked[2]! - asked[1]!).toBeGreaterThanOrEqual(5_000);
    await until(
      async () => attemptsOf(p).length,
      (n) => n === 3,
    );
    expect(attemptsOf(p).map((e) => e.outcome)).toEqual(['retry', 'retry', 'completed']);
  });

  it('fails after the last attempt, keeping the reason', async () => {
    const p = await startProcess({ retries: 1 });
    fake.answer((res) => sendJson(res, 200, '{"text": "cut off'));
    const ad = await adWithJob(p.transcription);
    const job = await until(
      () => jobOf(ad.id),
      (j) => j.status === 'failed',
    );
    expect(job).toMatchObject({ status: 'failed', attempts: 2, error: 'the answer is not JSON' });
    expect(await transcriptOf(ad.id)).toBeNull();
    // The runner tells of the attempt's end after the handler has written the owner's view.
    await until(
      async () => attemptsOf(p).length,
      (n) => n === 2,
    );
    expect(attemptsOf(p).map((e) => e.outcome)).toEqual(['retry', 'failed']);
  });

  it('runs a job again when the process that took it stopped mid-way, once its lease has passed', async () => {
    const sender = await startProcess({}, { leaseSeconds: 2 });
    await sender.jobs.stop();
    fake.answer((res) => sendJson(res, 200, verboseAnswer(['Picked up again.'])));
    const ad = await adWithJob(sender.transcription);
    // A process takes the job and dies before it ends (nothing renews its lease or ends it).
    const dying = new PgBoss({ db: { executeSql: (text, values) => t.database.executeSql(text, values) } });
    const [taken] = await dying.fetch<{ adId: string }>(TRANSCRIPTION_QUEUE);
    expect(taken?.data.adId).toBe(ad.id);

    const restarted = await startProcess({}, { leaseSeconds: 2 });
    const job = await until(
      () => jobOf(ad.id),
      (j) => j.status === 'done',
    );
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(await transcriptOf(ad.id)).toBe('Picked up again.');
    await until(
      async () => attemptsOf(restarted).length,
      (n) => n === 1,
    );
    expect(attemptsOf(restarted).map((e) => [e.attempt, e.outcome])).toEqual([[2, 'completed']]);

    // The stopped process's late writes no longer count: the transcription has ended.
    expect(await repo().finish({ adId: ad.id, audioUrl: ad.audioUrl }, new Date(), 'failed', 'late')).toBe(false);
    expect((await jobOf(ad.id)).status).toBe('done');
  });

  it('fails a job whose process stopped during its last attempt', async () => {
    const sender = await startProcess({ retries: 0 }, { leaseSeconds: 2 });
    await sender.jobs.stop();
    const ad = await adWithJob(sender.transcription);
    const dying = new PgBoss({ db: { executeSql: (text, values) => t.database.executeSql(text, values) } });
    expect(await dying.fetch(TRANSCRIPTION_QUEUE)).toHaveLength(1);
    await t.db
      .update(transcriptionJobs)
      .set({ status: 'running', attempts: 1 })
      .where(eq(transcriptionJobs.adId, ad.id));

    await startProcess({ retries: 0 }, { leaseSeconds: 2 });
    expect(
      await until(
        () => jobOf(ad.id),
        (j) => j.status === 'failed',
      ),
    ).toMatchObject({
      status: 'failed',
      error: 'no attempt finished: the server stopped during the last one',
    });
  });

  it('hands a job under way back untried when its process stops, cutting the request off', async () => {
    const p = await startProcess();
    fake.answer(() => {}); // never answers
    const ad = await adWithJob(p.transcription);
    await until(
      () => jobOf(ad.id),
      (j) => j.status === 'running',
    );
    const started = Date.now();
    await p.jobs.stop({ graceMs: 0 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await jobOf(ad.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(attemptsOf(p).map((e) => e.outcome)).toEqual(['released']);
  });

  it('shares the jobs between two running processes, each job transcribed exactly once', async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    const before = fake.received.length;
    fake.answer((res) => void setTimeout(() => sendJson(res, 200, verboseAnswer(['Shared work.'])), 30));
    const made = await Promise.all(Array.from({ length: 8 }, () => adWithJob(a.transcription)));
    await until(
      () => t.db.select().from(transcriptionJobs),
      (jobs) => jobs.length === 8 && jobs.every((j) => j.status === 'done'),
    );
    for (const ad of made) expect(await jobOf(ad.id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(fake.received.length - before).toBe(8);
    // Both processes took a share.
    expect(attemptsOf(a).length).toBeGreaterThan(0);
    expect(attemptsOf(b).length).toBeGreaterThan(0);
  });

  it('gives a transcription left without a job (an upgrade from the earlier queue) its job at start, once', async () => {
    const p = await startProcess();
    await p.jobs.stop();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fake.answer(async (res) => {
      await answered; // both processes resume first
      sendJson(res, 200, verboseAnswer(['Resumed.']));
    });
    const stored = await t.storage.put(`audio-files/${owner}/${randomUUID()}.mp3`, mp3, 'audio/mpeg');
    const ad = await insertAd(t.db, { userId: owner, audioUrl: stored.url });
    await repo().enqueue(t.db, { adId: ad.id, audioUrl: ad.audioUrl, at: new Date() });
    const before = fake.received.length;

    const [a, b] = [await startProcess(), await startProcess()];
    expect(await a.transcription.resume()).toBe(1);
    expect(await b.transcription.resume()).toBe(1);
    answer();
    expect(
      await until(
        () => jobOf(ad.id),
        (j) => j.status === 'done',
      ),
    ).toMatchObject({ attempts: 1 });
    expect(fake.received.length - before).toBe(1);
  });
});
