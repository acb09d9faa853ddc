/**
 * The job runner's cost (decision 38), on each database, with the runner's production timings:
 *   - latency: one no-op job at a time, from send() to its completion event (p50, p95), against the
 *     baseline of one `SELECT 1` round trip on the same database, in the same run;
 *   - throughput: BENCH_JOBS no-op jobs sent at once, run with a concurrency of 1 and of 10 in one process;
 *     jobs per second from the first send to the last completion, and each job's latency;
 *   - idle cost: a runner with three queues and nothing to do for BENCH_IDLE_SECONDS, its statements (every
 *     one goes through the adapter) and the process's CPU time per minute, beside the same process idle
 *     without a runner (the baseline).
 *   npm run bench:jobs                        # PGlite (in a temp folder) and PostgreSQL (BENCH_PG_URL)
 *   BENCH_DB=pglite|postgres BENCH_JOBS=500 BENCH_IDLE_SECONDS=60 npm run bench:jobs
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import type { JobEvent } from '../../src/server/jobs/jobs.js';
import { createJobRunner } from '../../src/server/jobs/pg-boss-runner.js';
import { createScratchDatabase } from '../../src/server/test/scratch-database.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 500);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const LATENCY_RUNS = 100;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = { info: () => {}, warn: () => {}, error: (o: object, m: string) => console.error(m, o) };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (v: number) => v.toFixed(1);

/** A runner on `database` whose statements are counted; `done(id)` resolves at the job's completion. */
async function runnerOn(database: Database, queues: Record<string, number>) {
  let statements = 0;
  const counted = {
    executeSql: (text: string, values?: unknown[]) => {
      statements++;
      return database.executeSql(text, values);
    },
    notifications: database.notifications,
  };
  const runner = createJobRunner({ database: counted, log });
  const waiting = new Map<string, (e: JobEvent) => void>();
  const early = new Map<string, JobEvent>();
  runner.onJob((e) => {
    const resolve = waiting.get(e.id);
    if (resolve) resolve(e);
    else early.set(e.id, e);
  });
  const handles = Object.fromEntries(
    Object.entries(queues).map(([name, concurrency]) => [
      name,
      runner.define<object>(name, { handler: async () => {}, concurrency }),
    ]),
  );
  await runner.start();
  const done = (id: string) => early.get(id) ?? new Promise<JobEvent>((resolve) => waiting.set(id, resolve));
  return { runner, handles, done, statements: () => statements };
}

async function latency(database: Database) {
  const base: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const t = performance.now();
    await database.executeSql('SELECT 1');
    base.push(performance.now() - t);
  }
  const { runner, handles, done } = await runnerOn(database, { 'bench-latency': 1 });
  const times: number[] = [];
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const t = performance.now();
    const id = (await handles['bench-latency']!.send({ i }))!;
    await done(id);
    times.push(performance.now() - t);
  }
  await runner.stop();
  return { base, times };
}

async function throughput(database: Database, concurrency: number) {
  const name = `bench-throughput-${concurrency}`;
  const { runner, handles, done } = await runnerOn(database, { [name]: concurrency });
  const started = performance.now();
  const sentAt = new Map<string, number>();
  const ids = await Promise.all(
    Array.from({ length: JOBS }, async (_, i) => {
      const id = (await handles[name]!.send({ i }))!;
      sentAt.set(id, performance.now());
      return id;
    }),
  );
  const latencies = await Promise.all(ids.map(async (id) => (await done(id), performance.now() - sentAt.get(id)!)));
  const seconds = (performance.now() - started) / 1000;
  await runner.stop();
  return { perSecond: JOBS / seconds, latencies };
}

async function idle(database: Database) {
  const cpu = async () => {
    const before = process.cpuUsage();
    await sleep(IDLE_SECONDS * 1000);
    const used = process.cpuUsage(before);
    return ((used.user + used.system) / 1000 / IDLE_SECONDS) * 60; // ms of CPU per minute
  };
  const baseline = await cpu();
  const { runner, statements } = await runnerOn(database, { 'bench-idle-a': 1, 'bench-idle-b': 2, 'bench-idle-c': 1 });
  await sleep(5_000); // past start-up's own statements
  const before = statements();
  const withRunner = await cpu();
  const perMinute = ((statements() - before) / IDLE_SECONDS) * 60;
  await runner.stop();
  return { baseline, withRunner, perMinute };
}

async function bench(kind: 'pglite' | 'postgres') {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-bench-jobs-'));
  const scratch = kind === 'postgres' ? await createScratchDatabase(PG_URL, 'adreplay_bench') : undefined;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir: dir });
  try {
    const l = await latency(database);
    const one = await throughput(database, 1);
    const ten = await throughput(database, 10);
    const i = await idle(database);
    console.log(`\n${kind}: ${LATENCY_RUNS} jobs one at a time; ${JOBS} jobs at once; idle ${IDLE_SECONDS} s\n`);
    console.table({
      'SELECT 1 (baseline)': { p50: ms(percentile(l.base, 50)), p95: ms(percentile(l.base, 95)) },
      'one job, send to done': {
        p50: ms(percentile(l.times, 50)),
        p95: ms(percentile(l.times, 95)),
        'p50 / baseline': `${(percentile(l.times, 50) / percentile(l.base, 50)).toFixed(0)}x`,
      },
    });
    console.table({
      'concurrency 1': {
        'jobs/s': one.perSecond.toFixed(0),
        'p50 ms': ms(percentile(one.latencies, 50)),
        'p95 ms': ms(percentile(one.latencies, 95)),
      },
      'concurrency 10': {
        'jobs/s': ten.perSecond.toFixed(0),
        'p50 ms': ms(percentile(ten.latencies, 50)),
        'p95 ms': ms(percentile(ten.latencies, 95)),
      },
    });
    console.table({
      'process without a runner (baseline)': { 'CPU ms/min': ms(i.baseline), 'statements/min': 0 },
      'runner, 3 idle queues': { 'CPU ms/min': ms(i.withRunner), 'statements/min': i.perMinute.toFixed(0) },
    });
  } finally {
    await database.close();
    await scratch?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_DB;
for (const kind of ['pglite', 'postgres'] as const) if (!only || only === kind) await bench(kind);
