/**
 * The job runner on pg-boss 10 (decision 38), through the app's own database: PostgreSQL's pool, or the
 * embedded PGlite's thread. pg-boss keeps the jobs (its schema `pgboss`), fetches them with SKIP LOCKED,
 * computes retries with backoff, fails expired jobs, and runs the cron schedules once per period across
 * processes. This file runs the handlers: a worker loop per queue with its concurrency, an abort signal per
 * attempt, leases renewed while handlers run, and a shutdown that hands unfinished jobs back.
 *
 * pg-boss 10 has no lease renewal, no way to hand a job back untried, no minimum wait for one retry and no
 * way to fail without the retries left: four UPDATEs of its job table below do these (pg-boss is pinned to
 * an exact version, and the tests run them on both databases).
 */
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.js';
import {
  GiveUp,
  JOB_STATES,
  RetryLater,
  type Job,
  type JobEvent,
  type JobRunner,
  type JobState,
  type Queue,
  type QueueOptions,
  type SendOptions,
} from './jobs.js';

export interface RunnerOptions {
  /** How long a running job is held without a renewal (renewed every third of it). Default 30 s. */
  leaseSeconds?: number;
  /** How often expired leases are looked for (by one process at a time). Default 10 s. */
  maintenanceSeconds?: number;
  /** How often an idle worker looks for due jobs, unless its queue says otherwise. Default 5 s. */
  pollMs?: number;
  /** How often the schedules are looked at, and their jobs handed out (pg-boss: 30 s and 5 s). */
  cronSeconds?: number;
  /** Default grace of stop(). Default 10 s. */
  graceMs?: number;
  /** How long a handler whose signal aborted may take to settle before it is abandoned. Default 5 s. */
  abandonMs?: number;
  /** false: this runner sends jobs and reads them but runs none (nor schedules). Default true. */
  work?: boolean;
}

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const SCHEMA = 'pgboss';
/** The advisory lock processes take in turn to start pg-boss (any bigint no other lock of the app uses). */
const BOSS_START_LOCK = '4712613227079426426';
/** pg-boss's own queue of the schedules' jobs; not one of ours. */
const INTERNAL_PREFIX = '__pgboss__';
/** Carries the queue whose job was just committed, to every process on PostgreSQL. */
const WAKE_CHANNEL = 'adreplay_jobs';

/** Why a signal aborted: each ends the attempt differently. */
const STOPPING = 'the process is stopping';
const LOST = 'the lease was lost';
const timedOut = (seconds: number) => `timed out after ${seconds} s`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A wait that ends after `ms` (never when Infinity) or at wake(), whichever comes first. */
function waiter() {
  let wake: (() => void) | undefined;
  let woken = false;
  return {
    wake() {
      woken = true;
      wake?.();
    },
    wait(ms: number) {
      if (woken) return void (woken = false);
      return new Promise<void>((resolve) => {
        const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
        function done() {
          clearTimeout(timer);
          wake = undefined;
          woken = false;
          resolve();
        }
        wake = done;
      });
    },
  };
}

/** pg-boss's `$n` text and values as one drizzle statement, so it runs inside the caller's transaction. */
function inTransaction(tx: Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const pieces = text.split(/\$(\d+)/);
      const chunks = pieces.map((piece, i) => (i % 2 ? sql.param(values[Number(piece) - 1]) : sql.raw(piece)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * Runs `work` again when PostgreSQL ends it as a deadlock (40P01): two processes starting at once on a new
 * database create the same queues, each a table and its constraints, and may take their locks in opposite
 * orders. pg-boss creates a queue only once (ON CONFLICT DO NOTHING), so the retry finds it made.
 */
async function clearOfDeadlocks(work: () => Promise<void>, tries = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if ((err as { code?: unknown }).code !== '40P01' || attempt >= tries) throw err;
      await sleep(50 + Math.random() * 100 * attempt);
    }
  }
}

interface Attempt {
  job: PgBoss.JobWithMetadata<unknown>;
  controller: AbortController;
  done: Promise<void>;
}

export function createJobRunner(deps: {
  /** Only its SQL and, on PostgreSQL, its notifications are used (a send in a transaction uses the transaction). */
  database: Pick<Database, 'executeSql' | 'notifications' | 'exclusive'>;
  log: Log;
  options?: RunnerOptions;
}): JobRunner {
  const { database, log } = deps;
  const o = {
    leaseSeconds: 30,
    maintenanceSeconds: 10,
    pollMs: 5_000,
    cronSeconds: 30,
    graceMs: 10_000,
    abandonMs: 5_000,
    work: true,
    ...deps.options,
  };

  // Every statement pg-boss or this file runs goes through here: stop() waits for those under way, and after
  // it a late one finds nothing instead of a closed database. pg-boss's own cron worker can still end a job
  // after stop() (it does not await that completion), and reads a count from what its job commands answer.
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const db: PgBoss.Db = {
    executeSql(text, values) {
      if (closed)
        return Promise.resolve({ rows: /SELECT COUNT\(\*\) FROM results\s*$/i.test(text) ? [{ count: 0 }] : [] });
      const run = database.executeSql(text, values);
      inFlight.add(run);
      void run.catch(() => {}).finally(() => inFlight.delete(run));
      return run;
    },
  };
  const boss = new PgBoss({
    db,
    schema: SCHEMA,
    maintenanceIntervalSeconds: o.maintenanceSeconds,
    cronMonitorIntervalSeconds: Math.min(45, o.cronSeconds),
    cronWorkerIntervalSeconds: Math.max(1, Math.min(45, Math.round(o.cronSeconds / 6))),
    schedule: o.work,
    supervise: o.work,
  });
  boss.on('error', (err) => log.error({ err }, 'job runner: a background step failed'));

  const queues = new Map<string, QueueOptions<unknown>>();
  const listeners = new Set<(event: JobEvent) => void>();
  const workers = new Map<string, ReturnType<typeof waiter>>();
  const attempts = new Map<string, Attempt>();
  const loops: Promise<void>[] = [];
  let started = false;
  let stopping = false;
  let renewal: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const emit = (event: JobEvent) => {
    for (const listener of listeners) listener(event);
  };

  const wake = async (queue: string, tx?: Db) => {
    if (database.notifications) {
      // On PostgreSQL every process hears it, at commit when it is sent inside the caller's transaction.
      if (tx) await tx.execute(sql`SELECT pg_notify(${WAKE_CHANNEL}, ${queue})`);
      else await database.notifications.notify(WAKE_CHANNEL, queue);
    } else {
      // PGlite is one process, and its one connection runs the worker's fetch after the transaction ends.
      workers.get(queue)?.wake();
    }
  };

  // ---- the few writes pg-boss 10 has no function for (see the file's comment) ----

  /** Extends the leases of jobs still running here; returns the ids still held. */
  async function renew(queue: string, ids: string[]) {
    const { rows } = await db.executeSql(
      `UPDATE ${SCHEMA}.job SET expire_in = now() - started_on + $3 * interval '1 second'
       WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active' RETURNING id`,
      [queue, ids, o.leaseSeconds],
    );
    return new Set(rows.map((r: { id: string }) => r.id));
  }
  /** Hands jobs back untried: due at once, their attempt not counted. */
  async function release(queue: string, ids: string[]) {
    await db.executeSql(
      `UPDATE ${SCHEMA}.job SET state = 'retry', start_after = now(), retry_count = GREATEST(retry_count - 1, 0),
         started_on = CASE WHEN retry_count = 0 THEN NULL ELSE started_on END
       WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
      [queue, ids],
    );
  }
  /** Leaves a job no retry, so that failing it now is final. */
  async function lastChance(queue: string, id: string) {
    await db.executeSql(
      `UPDATE ${SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`,
      [queue, id],
    );
  }
  /** Puts a job's retry no sooner than `ms` from now. */
  async function notBefore(queue: string, id: string, ms: number) {
    await db.executeSql(
      `UPDATE ${SCHEMA}.job SET start_after = GREATEST(start_after, now() + $3 * interval '1 millisecond')
       WHERE name = $1 AND id = $2 AND state = 'retry'`,
      [queue, id, ms],
    );
  }

  async function renewLeases() {
    const byQueue = new Map<string, string[]>();
    for (const [id, a] of attempts) byQueue.set(a.job.name, [...(byQueue.get(a.job.name) ?? []), id]);
    for (const [queue, ids] of byQueue) {
      try {
        const held = await renew(queue, ids);
        for (const id of ids) if (!held.has(id)) attempts.get(id)?.controller.abort(LOST);
      } catch (err) {
        log.warn({ err, queue }, 'job runner: leases not renewed');
      }
    }
  }

  /** Resolves when the handler settles, or `abandonMs` after the signal aborts if it has not by then. */
  function settleOrAbandon(work: Promise<void>, signal: AbortSignal) {
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const abandon = () => (timer = setTimeout(() => reject(new Error(String(signal.reason))), o.abandonMs));
      if (signal.aborted) abandon();
      else signal.addEventListener('abort', abandon, { once: true });
      work.then(resolve, reject).finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', abandon);
      });
    });
  }

  async function run(
    options: QueueOptions<unknown>,
    job: PgBoss.JobWithMetadata<unknown>,
    controller: AbortController,
  ) {
    const { signal } = controller;
    const began = Date.now();
    const attempt = job.retryCount + 1;
    const timeout = options.timeoutSeconds === undefined ? 900 : options.timeoutSeconds;
    const timer = timeout === null ? undefined : setTimeout(() => controller.abort(timedOut(timeout)), timeout * 1000);
    const event = (outcome: JobEvent['outcome'], error?: string) =>
      emit({
        queue: job.name,
        id: job.id,
        outcome,
        attempt,
        waitMs: Math.max(0, job.startedOn.getTime() - Math.max(job.createdOn.getTime(), job.startAfter.getTime())),
        durationMs: Date.now() - began,
        ...(error !== undefined && { error }),
      });
    const handled: Job<unknown> = {
      id: job.id,
      queue: job.name,
      data: job.data,
      attempt,
      lastAttempt: job.retryCount >= job.retryLimit,
      createdAt: job.createdOn,
      signal,
    };
    try {
      await settleOrAbandon(
        Promise.resolve().then(() => options.handler(handled)),
        signal,
      );
      // Taken over meanwhile: the job is another process's attempt now, which ends it.
      if (signal.reason === LOST) throw new Error(LOST);
      // Told to stop, it returned (a held job does): handed back untried, as when it throws.
      if (signal.reason === STOPPING) throw new Error(STOPPING);
      await boss.complete(job.name, job.id);
      event('completed');
    } catch (err) {
      if (signal.reason === LOST) {
        log.warn({ queue: job.name, id: job.id }, 'job runner: a job was taken over by another process');
      } else if (signal.reason === STOPPING) {
        await release(job.name, [job.id]);
        event('released');
      } else {
        const error = signal.aborted ? String(signal.reason) : messageOf(err);
        const final = err instanceof GiveUp || handled.lastAttempt;
        if (err instanceof GiveUp) await lastChance(job.name, job.id);
        await boss.fail(job.name, job.id, { message: error });
        if (!final && err instanceof RetryLater) await notBefore(job.name, job.id, err.afterMs);
        event(final ? 'failed' : 'retry', error);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async function loop(name: string, options: QueueOptions<unknown>) {
    const concurrency = options.concurrency ?? 1;
    const pollMs = options.pollMs ?? o.pollMs;
    const waiting = workers.get(name)!;
    const mine = new Set<string>();
    while (!stopping) {
      const free = concurrency - mine.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<unknown>(name, { batchSize: free, includeMetadata: true });
          fetched = jobs.length;
          for (const job of jobs) {
            if (stopping) {
              await release(name, [job.id]);
              continue;
            }
            mine.add(job.id);
            const a: Attempt = { job, controller: new AbortController(), done: Promise.resolve() };
            a.done = run(options, job, a.controller)
              .catch((err: unknown) => log.error({ err, queue: name, id: job.id }, 'job runner: an attempt failed'))
              .finally(() => {
                mine.delete(job.id);
                attempts.delete(job.id);
                waiting.wake();
              });
            attempts.set(job.id, a);
          }
        } catch (err) {
          log.error({ err, queue: name }, 'job runner: looking for jobs failed');
        }
      }
      if (stopping) break;
      // All slots filled: there may be more due, so look again as soon as one frees.
      await waiting.wait(fetched > 0 && fetched === free ? Infinity : pollMs);
    }
  }

  return {
    define<T>(name: string, options: QueueOptions<T>): Queue<T> {
      if (started) throw new Error(`The queue ${name} is declared after the job runner started`);
      queues.set(name, options as QueueOptions<unknown>);
      return {
        name,
        async send(data, send: SendOptions = {}) {
          const id = await boss.send(name, data as object, {
            ...(send.id && { id: send.id }),
            ...(send.key && { singletonKey: send.key }),
            ...(send.startAfter && { startAfter: send.startAfter }),
            ...(send.tx && { db: inTransaction(send.tx) }),
          });
          if (id) await wake(name, send.tx);
          return id;
        },
      };
    },

    async schedule(queue, cron, options = {}) {
      await boss.schedule(queue, cron, options.data ?? {}, { tz: options.tz ?? 'UTC' });
    },
    async unschedule(queue) {
      await boss.unschedule(queue);
    },

    async keysUnderWay(queue) {
      const { rows } = await db.executeSql(
        `SELECT DISTINCT singleton_key AS key FROM ${SCHEMA}.job
         WHERE name = $1 AND state IN ('created', 'retry', 'active') AND singleton_key IS NOT NULL`,
        [queue],
      );
      return new Set(rows.map((r: { key: string }) => r.key));
    },

    async counts() {
      const { rows } = await db.executeSql(
        `SELECT name, state, count(*)::int AS n FROM ${SCHEMA}.job WHERE NOT starts_with(name, '${INTERNAL_PREFIX}') GROUP BY name, state`,
        [],
      );
      const counts: Record<string, Record<JobState, number>> = {};
      const zero = () => Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
      for (const name of queues.keys()) counts[name] = zero();
      for (const { name, state, n } of rows as { name: string; state: JobState; n: number }[]) {
        (counts[name] ??= zero())[state] = n;
      }
      return counts;
    },

    onJob(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async settled(queue, id, { timeoutMs = 30_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await boss.getJobById(queue, id, { includeArchive: true });
        if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) {
          return { state: job.state, output: job.output };
        }
        if (Date.now() > deadline)
          throw new Error(`The job ${id} of ${queue} has not ended (${job?.state ?? 'no such job'})`);
        await sleep(25);
      }
    },

    async start() {
      if (started) return;
      started = true;
      // pg-boss installs its schema in a transaction behind its own lock, yet two processes starting on a new
      // database can still collide in PostgreSQL's catalog (a unique violation on the schema's name, which
      // pg-boss does not take for its race): one process at a time, the next finds it installed.
      if (database.exclusive) await database.exclusive(BOSS_START_LOCK, () => boss.start());
      else await boss.start();
      for (const [name, options] of queues) {
        const settings = {
          policy: options.policy ?? 'standard',
          retryLimit: options.retries ?? 5,
          retryDelay: options.retryDelaySeconds ?? 30,
          retryBackoff: options.backoff ?? true,
          expireInSeconds: o.leaseSeconds,
          ...(options.deadLetter && { deadLetter: options.deadLetter }),
        };
        await clearOfDeadlocks(async () => {
          if (options.deadLetter) await boss.createQueue(options.deadLetter);
          await boss.createQueue(name, { name, ...settings });
          // A queue made by an earlier version keeps its row: bring its options up to date.
          await boss.updateQueue(name, { name, ...settings });
        });
      }
      if (!o.work) return;
      if (database.notifications) {
        unlisten = await database.notifications.listen(WAKE_CHANNEL, (queue) => workers.get(queue)?.wake());
      }
      renewal = setInterval(() => void renewLeases(), (o.leaseSeconds * 1000) / 3);
      for (const [name, options] of queues) {
        workers.set(name, waiter());
        loops.push(loop(name, options));
      }
    },

    async stop({ graceMs = o.graceMs } = {}) {
      if (!started || stopping) return;
      stopping = true;
      for (const w of workers.values()) w.wake();
      await unlisten?.();
      // Held jobs would only use up the grace: they go back at once.
      for (const a of attempts.values()) if (queues.get(a.job.name)?.held) a.controller.abort(STOPPING);
      const deadline = Date.now() + graceMs;
      while (attempts.size && Date.now() < deadline) {
        await Promise.race([sleep(Math.max(0, deadline - Date.now())), ...[...attempts.values()].map((a) => a.done)]);
      }
      for (const a of attempts.values()) a.controller.abort(STOPPING);
      await Promise.all([...attempts.values()].map((a) => a.done));
      await Promise.all(loops);
      clearInterval(renewal);
      await boss.stop({ graceful: false, wait: true });
      while (inFlight.size) await Promise.allSettled([...inFlight]);
      closed = true;
    },
  };
}
