import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createStorage } from './adapters/storage/index.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { ads, transcriptionJobs } from './db/schema.js';
import { createUser, insertAd } from './db/seed/factories.js';
import { createTranscriptionRepository } from './modules/transcription/transcription.repository.js';
import { SEED_ASSETS_DIR } from './paths.js';
import { sendJson, startFakeTranscriber, verboseAnswer } from './test/fake-transcriber.js';
import { createScratchDatabase } from './test/scratch-database.js';
import { freePort, SETTLED_LINE, spawnServer } from './test/server-process.js';

/**
 * SIGTERM as a deploy sends it: the server process (`node --import tsx src/server/main.ts`) is stopped in
 * the middle of a transcription and under a stream of analytics events, then started again on the same
 * database (PGlite's folder, or a PostgreSQL database with TEST_DATABASE_URL).
 */
const GRACE_MS = 1_500;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const until = async (check: () => boolean, what: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('SIGTERM', { timeout: 240_000 }, () => {
  it('loses no acknowledged event and applies no job twice: a job cut off at the deadline runs again after the restart', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-shutdown-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const scratch = process.env.TEST_DATABASE_URL
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'adreplay_shutdown')
      : undefined;
    if (scratch) cleanups.push(() => scratch.drop());
    const fake = await startFakeTranscriber();
    cleanups.push(() => fake.close());
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url ?? '',
      TRANSCRIBE_URL: fake.url,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true', // the test is the balancer: X-Forwarded-For names a new listener per event
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      S3_BUCKET: '',
    };

    // Two ads whose audio waits for its transcription, as uploads leave them (their jobs are sent at start).
    const [first, second] = await Promise.all(
      ['sunrise-bakery.mp3', 'corner-hardware.mp3'].map((f) => readFile(path.join(SEED_ASSETS_DIR, 'audio', f))),
    );
    const storage = createStorage(loadConfig(env));
    const setup = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
    const owner = await createUser(setup.db);
    const made: (typeof ads.$inferSelect)[] = [];
    for (const [i, bytes] of [first!, second!].entries()) {
      const stored = await storage.put(`audio-files/${owner.id}/spot-${i}.mp3`, bytes, 'audio/mpeg');
      const ad = await insertAd(setup.db, { userId: owner.id, audioUrl: stored.url });
      await createTranscriptionRepository(setup.db).enqueue(setup.db, {
        adId: ad.id,
        audioUrl: ad.audioUrl,
        at: new Date(),
      });
      made.push(ad);
    }
    await setup.close();

    // The first audio's first request hangs past the grace period; every later request is answered.
    let held = false;
    fake.answer((res, r) => {
      if (r.file!.bytes.equals(first!) && !held) return void (held = true);
      sendJson(res, 200, verboseAnswer([r.file!.bytes.equals(first!) ? 'First spot.' : 'Second spot.']));
    });

    const start = async () => {
      const port = await freePort();
      const server = spawnServer(['--import', 'tsx', 'src/server/main.ts'], {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      });
      cleanups.push(() => server.stop());
      await server.ready;
      return { server, url: `http://127.0.0.1:${port}` };
    };
    const { server, url } = await start();
    await until(() => held, 'the transcription to start');

    // A stream of events from new listeners, through the SIGTERM and until the server stops answering.
    let sent = 0;
    let acknowledged = 0;
    let stopped = false;
    const sender = async () => {
      while (!stopped) {
        const i = sent++;
        const res = await fetch(`${url}/api/events`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': UA,
            'x-forwarded-for': `10.1.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ ad_id: made[i % 2]!.id, event_type: 'play' }),
        }).catch(() => null);
        if (res?.status === 202) acknowledged++;
        else if (!res || res.status === 503) stopped = true;
      }
    };
    const senders = Array.from({ length: 4 }, sender);
    await until(() => acknowledged >= 50, 'events to be acknowledged');
    const termAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    stopped = true;
    await Promise.all(senders);
    expect(code).toBe(0);
    // It waited for the job for the grace period, then handed it back.
    expect(Date.now() - termAt).toBeGreaterThanOrEqual(GRACE_MS);
    const log = server.output();
    expect(log).toContain('SIGTERM received, closing');
    expect(log).toContain('Closed cleanly');
    expect(fake.received.length).toBe(1); // the second job was not started while stopping

    // The next process runs both jobs, each once: the one cut off as its first attempt.
    const again = await start();
    await until(() => fake.received.length === 3, 'both transcriptions after the restart');
    // Its start-up work in the background is announced once done (benchmarks wait for it).
    await again.server.settled;
    expect(again.server.output()).toContain(SETTLED_LINE);
    expect(await again.server.stop()).toBe(0);

    const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
    try {
      const { rows } = await database.executeSql('SELECT count(*)::int AS n FROM analytics');
      expect(rows[0]!.n).toBe(acknowledged);
      for (const [ad, text] of [
        [made[0]!, 'First spot.'],
        [made[1]!, 'Second spot.'],
      ] as const) {
        const [row] = await database.db.select().from(transcriptionJobs).where(eq(transcriptionJobs.adId, ad.id));
        expect(row).toMatchObject({ status: 'done', attempts: 1, error: null });
        const [saved] = await database.db.select({ transcript: ads.transcript }).from(ads).where(eq(ads.id, ad.id));
        expect(saved!.transcript).toBe(text);
      }
      const jobs = await database.db.execute(sql`SELECT state, count(*)::int AS n FROM pgboss.job
        WHERE name = 'transcription' GROUP BY state`);
      expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([{ state: 'completed', n: 2 }]);
    } finally {
      await database.close();
    }
    expect(fake.received.filter((r) => r.file!.bytes.equals(first!))).toHaveLength(2);
    expect(fake.received.filter((r) => r.file!.bytes.equals(second!))).toHaveLength(1);
  });
});
