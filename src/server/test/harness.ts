import { randomUUID } from 'node:crypto';
import type { PageRenderer } from '../modules/seo/page-renderer.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { createOutboxMailer, type Mailer } from '../adapters/mailer/mailer.js';
import { openRedis } from '../adapters/redis/redis.js';
import { createStorage, uploadsDirOf } from '../adapters/storage/index.js';
import { loadConfig } from '../config.js';
import { LOOPBACK_NAMES } from '../host-names.js';
import { openDatabase, type Database } from '../db/client.js';
import type { RunnerOptions } from '../jobs/pg-boss-runner.js';
import type { MonitorOptions } from '../modules/monitors/monitor.js';
import type { TranscriptionOptions } from '../modules/transcription/transcription.service.js';
import { createScratchDatabase } from './scratch-database.js';

/**
 * A real database for one test file: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL (one per test file, so parallel workers never collide). Either
 * starts as a copy of the run's migrated template (global-setup.ts): the migrations find nothing to apply.
 */
export async function openTestDatabase(): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return openDatabase({ pgliteTemplate: inject('pgliteTemplate') });
  const scratch = await createScratchDatabase(baseUrl, 'adreplay_test', inject('postgresTemplate'));
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4, directoryPoolSize: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * The job runner's timings in tests: quick to pick jobs up and to close. The lease stays long enough that a
 * busy machine's pauses do not pass it (tests of takeovers shorten it).
 */
export const TEST_JOBS: RunnerOptions = {
  pollMs: 50,
  leaseSeconds: 10,
  maintenanceSeconds: 1,
  cronSeconds: 1,
  graceMs: 1_000,
  abandonMs: 500,
};

export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    webDir?: string;
    /** The web app's server entry, to render public pages (none by default). */
    renderer?: PageRenderer | null;
    mailer?: Mailer;
    clock?: () => Date;
    eventFlushMs?: number;
    logStream?: NodeJS.WritableStream;
    /** Another app's database: two apps on one database stand for two processes. */
    database?: Database;
    /** With REDIS_URL in `env`: the keys' prefix; apps given the same one share their limits. */
    redisKeyPrefix?: string;
    /** The job runner's timings (TEST_JOBS by default). */
    jobs?: RunnerOptions;
    /** With TRANSCRIBE_URL in `env`: the transcription's retries. */
    transcription?: TranscriptionOptions;
    requestTimeoutMs?: number;
    /** The stream monitors' windows and reconnection delays. */
    monitors?: MonitorOptions;
    /** With ALLOW_PRIVATE_WEBHOOKS in `env`: the webhook deliveries' retry waits. */
    webhookRetryDelaysMs?: number[];
  } = {},
) {
  const database = opts.database ?? (await openTestDatabase());
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'adreplay-test-'));
  // Tests reach the app as `localhost` (inject) or `127.0.0.1` (a listening app) whatever PUBLIC_ORIGIN
  // they name, as a developer's machine does; a test of host names sets ALLOWED_HOSTS itself.
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: tmp, ALLOWED_HOSTS: LOOPBACK_NAMES.join(','), ...env });
  // Chosen by configuration, as in main.ts: S3_* variables in `env` give the S3-compatible store.
  const storage = createStorage(config);
  const uploadsDir = uploadsDirOf(config);
  const outboxDir = path.join(tmp, 'outbox');
  // Auth mail goes out in the background: close() waits for it before the folder is removed.
  const sending = new Set<Promise<void>>();
  const inner = opts.mailer ?? createOutboxMailer(outboxDir, config.MAIL_FROM, () => {});
  const mailer: Mailer = {
    send(message) {
      const sent = inner.send(message);
      sending.add(sent);
      void sent.catch(() => {}).finally(() => sending.delete(sent));
      return sent;
    },
  };
  // Every test app has keys of its own in Redis unless told to share them.
  const redis = config.REDIS_URL
    ? await openRedis(config.REDIS_URL, { keyPrefix: opts.redisKeyPrefix ?? `adreplay-test:${randomUUID()}:` })
    : undefined;
  const app = await buildApp({
    config,
    database,
    redis,
    storage,
    authSecret: 'test-secret-that-is-long-enough-for-better-auth',
    mailer,
    uploadsDir,
    webDir: opts.webDir ?? path.join(tmp, 'no-web'),
    clock: opts.clock,
    eventFlushMs: opts.eventFlushMs,
    logStream: opts.logStream,
    jobs: { ...TEST_JOBS, ...opts.jobs },
    transcription: opts.transcription,
    requestTimeoutMs: opts.requestTimeoutMs,
    renderer: opts.renderer,
    monitors: opts.monitors,
    webhookRetryDelaysMs: opts.webhookRetryDelaysMs,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    redis,
    storage,
    uploadsDir,
    outboxDir,
    config,
    async close() {
      await app.close();
      await redis?.close();
      await Promise.allSettled([...sending]);
      if (!opts.database) await database.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
