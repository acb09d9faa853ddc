import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { openTestDatabase } from '../test/harness.js';
import { createScratchDatabase } from '../test/scratch-database.js';
import { GiveUp, RetryLater, type JobEvent, type JobRunner, type QueueOptions } from './jobs.js';
import { createJobRunner, type RunnerOptions } from './pg-boss-runner.js';

/**
 * The runner on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Two runners on one
 * database stand for two app processes. Waits are short (a 2 s lease, 1 s maintenance, 50 ms polls), and
 * every wait is for an event or a state, with a generous bound. That jobs outlive their process is shown
 * by src/server/shutdown.test.ts, which restarts the server on its own database.
 */
const FAST: RunnerOptions = {
  leaseSeconds: 2,
  maintenanceSeconds: 1,
  pollMs: 50,
  cronSeconds: 1,
  graceMs: 1_000,
  abandonMs: 500,
};
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let database: Database;
const running: JobRunner[] = [];
/** Reads the jobs (counts, ends) and runs none, as a process that only sends would. */
let observer: JobRunner;
beforeAll(async () => {
  database = await openTestDatabase();
  observer = (await runner({}, { work: false })).r;
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.stop({ graceMs: 0 })));
  await database.close();
});

/** A started runner with these queues, as one app process would have. */
async function runner(
  queues: Record<string, QueueOptions<never>>,
  options: RunnerOptions = {},
  on: Pick<Database, 'executeSql' | 'notifications' | 'exclusive'> = database,
) {
  const r = createJobRunner({ database: on, log: silent, options: { ...FAST, ...options } });
  const handles = Object.fromEntries(Object.entries(queues).map(([name, q]) => [name, r.define(name, q)]));
  await r.start();
  running.push(r);
  return { r, handles, stop: (graceMs?: number) => r.stop({ graceMs }) };
}

/** Every attempt's end that the runners heard, and a way to wait for the next ones. */
function journal(...runners: JobRunner[]) {
  const events: (JobEvent & { at: number })[] = [];
  const waiters: (() => void)[] = [];
  for (const r of runners) {
    r.onJob((e) => {
      events.push({ ...e, at: Date.now() });
      waiters.splice(0).forEach((w) => w());
    });
  }
  return {
    events,
    async until(check: () => boolean, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out; events: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

/** A promise to hold handlers on, released by open(). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
let queueNumber = 0;
const fresh = (what: string) => `test-${what}-${++queueNumber}`;

describe('the job runner', () => {
  it('runs a job sent inside a transaction only once it commits, and none of one rolled back', async () => {
    const name = fresh('tx');
    const seen: string[] = [];
    const { r, handles } = await runner({
      [name]: { handler: async (job) => void seen.push((job.data as { n: string }).n) },
    });
    const q = handles[name]!;
    await expect(
      database.db.transaction(async (tx) => {
        await q.send({ n: 'rolled back' } as never, { tx });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const id = await database.db.transaction((tx) => q.send({ n: 'committed' } as never, { tx }));
    expect(await r.settled(name, id!)).toMatchObject({ state: 'completed' });
    expect(seen).toEqual(['committed']);
    expect((await r.counts())[name]).toMatchObject({ completed: 1, created: 0, retry: 0, active: 0 });
  });

  it('retries a failing job with exponential backoff, then leaves it failed with its reason and a dead-letter copy', async () => {
    const name = fresh('backoff');
    const dead = `${name}-dead`;
    const { r, handles } = await runner({
      [name]: {
        handler: async (job) => {
          throw new Error(`attempt ${job.attempt} failed`);
        },
        retries: 2,
        retryDelaySeconds: 1,
        deadLetter: dead,
      },
    });
    const log = journal(r);
    const id = (await handles[name]!.send({} as never))!;
    await log.until(() => log.events.length === 3);
    expect(log.events.map((e) => [e.attempt, e.outcome, e.error])).toEqual([
      [1, 'retry', 'attempt 1 failed'],
      [2, 'retry', 'attempt 2 failed'],
      [3, 'failed', 'attempt 3 failed'],
    ]);
    // Retry n waits between 2^(n-1) and 2^n times the delay (jitter); the attempt itself takes no time.
    const gap = (i: number) => log.events[i]!.at - log.events[i - 1]!.at;
    expect(gap(1)).toBeGreaterThanOrEqual(1_000);
    expect(gap(2)).toBeGreaterThanOrEqual(2_000);
    expect(await r.settled(name, id)).toMatchObject({ state: 'failed', output: { message: 'attempt 3 failed' } });
    const counts = await r.counts();
    expect(counts[name]).toMatchObject({ failed: 1, retry: 0, active: 0 });
    expect(counts[dead]).toMatchObject({ created: 1 });
  });

  it('fails at once on GiveUp, and waits as long as RetryLater asks', async () => {
    const refused = fresh('give-up');
    const later = fresh('retry-later');
    const { r, handles } = await runner({
      [refused]: {
        handler: async () => {
          throw new GiveUp('the service refused the file');
        },
      },
      [later]: {
        handler: async (job) => {
          if (job.attempt === 1) throw new RetryLater('busy', 1_500);
        },
        retryDelaySeconds: 0,
        backoff: false,
      },
    });
    const log = journal(r);
    const refusedId = (await handles[refused]!.send({} as never))!;
    expect(await r.settled(refused, refusedId)).toMatchObject({
      state: 'failed',
      output: { message: 'the service refused the file' },
    });
    const laterId = (await handles[later]!.send({} as never))!;
    expect(await r.settled(later, laterId)).toMatchObject({ state: 'completed' });
    const [first, second] = log.events.filter((e) => e.queue === later);
    expect(first).toMatchObject({ attempt: 1, outcome: 'retry', error: 'busy' });
    expect(second).toMatchObject({ attempt: 2, outcome: 'completed' });
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1_500);
    expect(log.events.filter((e) => e.queue === refused).map((e) => e.outcome)).toEqual(['failed']);
  });

  it('runs no more jobs of a queue at once than its concurrency, in each process', async () => {
    const name = fresh('concurrency');
    const held = gate();
    let now = 0;
    let most = 0;
    const options: QueueOptions<never> = {
      concurrency: 2,
      handler: async () => {
        most = Math.max(most, ++now);
        await held.opened;
        now--;
      },
    };
    const a = await runner({ [name]: options });
    const b = await runner({ [name]: options });
    const ids = await Promise.all(Array.from({ length: 6 }, () => a.handles[name]!.send({} as never)));
    // Both processes fill their two slots; the other two jobs wait.
    const deadline = Date.now() + 20_000;
    while (now < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 300)); // a few polls more: still four
    expect(now).toBe(4);
    expect((await a.r.counts())[name]).toMatchObject({ active: 4, created: 2 });
    held.open();
    for (const id of ids) expect(await a.r.settled(name, id!)).toMatchObject({ state: 'completed' });
    expect(most).toBe(4);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('takes over a job whose process died holding it, within lease + two maintenance intervals + a poll', async () => {
    const name = fresh('takeover');
    const attempts: number[] = [];
    const options: QueueOptions<never> = {
      handler: async (job) => void attempts.push(job.attempt),
      retryDelaySeconds: 0,
      backoff: false,
    };
    const sender = await runner({ [name]: options }, { work: false });
    const id = (await sender.handles[name]!.send({} as never))!;
    // A process takes the job and dies: nothing renews its lease or ends it.
    const dying = new PgBoss({ db: { executeSql: (text, values) => database.executeSql(text, values) } });
    const [taken] = await dying.fetch(name);
    expect(taken?.id).toBe(id);
    const diedAt = Date.now();

    const survivor = await runner({ [name]: options });
    expect(await observer.settled(name, id, { timeoutMs: 20_000 })).toMatchObject({ state: 'completed' });
    expect(attempts).toEqual([2]);
    // 2 s lease + up to 2 x 1 s maintenance + 50 ms poll, with room for a slow machine.
    expect(Date.now() - diedAt).toBeLessThan(10_000);
    await survivor.stop();
  });

  it('keeps a job running past its lease held by its process (renewed), so no other process runs it', async () => {
    const name = fresh('lease');
    const runs: string[] = [];
    const options = (who: string): QueueOptions<never> => ({
      handler: async (job) => {
        runs.push(who);
        await new Promise((resolve) => setTimeout(resolve, 5_000)); // 2.5 leases
        expect(job.signal.aborted).toBe(false);
      },
      timeoutSeconds: null,
    });
    const a = await runner({ [name]: options('a') });
    const id = (await a.handles[name]!.send({} as never))!;
    while (!runs.length) await new Promise((resolve) => setTimeout(resolve, 20));
    const b = await runner({ [name]: options('b') });
    expect(await a.r.settled(name, id, { timeoutMs: 20_000 })).toMatchObject({ state: 'completed' });
    expect(runs).toEqual(['a']);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('on stop, lets a job end within the grace, and hands one that does not back untried', async () => {
    const quick = fresh('quick');
    const slow = fresh('slow');
    const quickGate = gate();
    const attempts: number[] = [];
    const { r, handles, stop } = await runner({
      [quick]: { handler: () => quickGate.opened },
      [slow]: {
        handler: (job) =>
          new Promise<void>((_, reject) => {
            attempts.push(job.attempt);
            job.signal.addEventListener('abort', () => reject(new Error(String(job.signal.reason))));
          }),
      },
    });
    const log = journal(r);
    const quickId = (await handles[quick]!.send({} as never))!;
    const slowId = (await handles[slow]!.send({} as never))!;
    while ((await r.counts())[slow]?.active !== 1 || (await r.counts())[quick]?.active !== 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    setTimeout(quickGate.open, 200); // ends inside the 1 s grace
    await stop(1_000);
    expect(log.events.map((e) => [e.queue, e.outcome]).sort()).toEqual([
      [quick, 'completed'],
      [slow, 'released'],
    ]);
    expect((await observer.counts())[slow]).toMatchObject({ active: 0, retry: 1 });

    // The next process runs it as a first attempt.
    const next = await runner({ [slow]: { handler: async (job) => void attempts.push(job.attempt) } });
    expect(await observer.settled(slow, slowId)).toMatchObject({ state: 'completed' });
    expect(attempts).toEqual([1, 1]);
    expect(await observer.settled(quick, quickId)).toMatchObject({ state: 'completed' });
    await next.stop();
  });

  it('hands a held job back at stop at once, without the grace, and names the keys waiting or running', async () => {
    const name = fresh('held');
    const options: QueueOptions<never> = {
      handler: (job) => new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve())),
      timeoutSeconds: null,
      held: true,
      policy: 'singleton',
      concurrency: 2,
    };
    const { r, handles, stop } = await runner({ [name]: options });
    await handles[name]!.send({} as never, { key: 'station-a' });
    await handles[name]!.send({} as never, { key: 'station-b' });
    while ((await r.counts())[name]?.active !== 2) await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...(await observer.keysUnderWay(name))].sort()).toEqual(['station-a', 'station-b']);
    const log = journal(r);
    const began = Date.now();
    await stop(10_000);
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(log.events.map((e) => e.outcome)).toEqual(['released', 'released']);
    // Handed back, they wait for a process: still under way.
    expect([...(await observer.keysUnderWay(name))].sort()).toEqual(['station-a', 'station-b']);
    expect(await observer.keysUnderWay(fresh('none'))).toEqual(new Set());
  });

  it('sends a scheduled job once per minute however many processes run', async () => {
    const name = fresh('cron');
    const ran: Date[] = [];
    const options: QueueOptions<never> = { handler: async (job) => void ran.push(job.createdAt) };
    const a = await runner({ [name]: options });
    const b = await runner({ [name]: options });
    await a.r.schedule(name, '* * * * *');
    await b.r.schedule(name, '* * * * *');
    const log = journal(a.r, b.r);
    await log.until(() => log.events.length >= 1);
    // Several rounds of both processes' schedule checks (every second), then: one job per minute.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const minutes = ran.map((at) => Math.floor(at.getTime() / 60_000));
    expect(new Set(minutes).size).toBe(minutes.length);
    expect(minutes.length).toBeGreaterThanOrEqual(1);
    expect(minutes.length).toBeLessThanOrEqual(2);
    await a.r.unschedule(name);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('deduplicates by key (per the queue policy) and by a chosen id', async () => {
    const name = fresh('dedupe');
    const { r, handles } = await runner({ [name]: { handler: async () => {}, policy: 'short' } }, { work: false });
    const q = handles[name]!;
    const first = await q.send({} as never, { key: 'station-1' });
    expect(first).not.toBeNull();
    expect(await q.send({} as never, { key: 'station-1' })).toBeNull();
    expect(await q.send({} as never, { key: 'station-2' })).not.toBeNull();
    const id = '6f1d3c2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';
    expect(await q.send({} as never, { id })).toBe(id);
    expect(await q.send({} as never, { id })).toBeNull();
    expect((await r.counts())[name]).toMatchObject({ created: 3 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('starting on a new PostgreSQL database', () => {
  it('starts in every process when several start together (one installs pg-boss, the others find it)', async () => {
    const scratch = await createScratchDatabase(
      process.env.TEST_DATABASE_URL!,
      'adreplay_boss_start',
      inject('postgresTemplate'),
    );
    // Each with its own pool, as app processes have; the template has no pgboss schema yet.
    const databases = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: scratch.url, poolSize: 3, directoryPoolSize: 1 })),
    );
    try {
      const runners = databases.map((on) => createJobRunner({ database: on, log: silent, options: FAST }));
      const queues = runners.map((r) => r.define<object>('started-together', { handler: async () => {} }));
      await Promise.all(runners.map((r) => r.start()));
      const id = (await queues[0]!.send({}))!;
      expect((await runners[3]!.settled('started-together', id)).state).toBe('completed');
      await Promise.all(runners.map((r) => r.stop({ graceMs: 0 })));
    } finally {
      await Promise.all(databases.map((d) => d.close()));
      await scratch.drop();
    }
  });
});
