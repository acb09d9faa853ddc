/**
 * Background work: the one job runner every module uses (decision 38). Jobs live in the database (pg-boss's
 * tables, on PostgreSQL and on the embedded PGlite alike), so they survive restarts and are shared by every
 * app process on one database.
 *
 * What it promises:
 * - Durable: a job exists once `send` resolves (or once the caller's transaction commits, with `tx`).
 * - At least once: a job runs again when its attempt failed, timed out, or its process died holding it.
 *   Handlers are written to be idempotent (check, then write, in one transaction where it matters).
 * - Retries with exponential backoff and jitter (`retryDelaySeconds`, doubled each retry); a job that used
 *   its last attempt, or threw `GiveUp`, stays in state `failed` (the dead-letter state) with its error, and
 *   a copy goes to the queue's `deadLetter` queue when it names one.
 * - Leases: a running job's lease (LEASE_SECONDS, renewed every third of it while the handler runs) is
 *   what keeps it from others. A process that dies stops renewing: its jobs are taken by another process
 *   within the lease, plus up to twice the maintenance interval, plus one poll (under 60 s by default),
 *   then after the queue's retry delay.
 * - Per-queue concurrency in each process; schedules (cron, minute resolution, in a time zone) that send
 *   one job per period however many processes run.
 *
 * Usage (a module takes the runner from app.ts and declares its queue there):
 *
 *   const reports = jobs.define<{ userId: string }>('weekly-report', {
 *     handler: async (job) => sendReport(job.data.userId, job.signal),
 *     concurrency: 2,
 *     retries: 5,
 *     retryDelaySeconds: 60,
 *   });
 *   await reports.send({ userId }, { tx });                  // inside the caller's drizzle transaction
 *   await reports.send({ userId }, { key: userId });          // deduplicated per the queue's policy
 *   await jobs.schedule('weekly-report-tick', '0 * * * *', { tz: 'UTC' });
 *
 *   // A held job (a stream monitor): no timeout, one per station, taken over when its process dies.
 *   jobs.define<{ stationId: string }>('monitor', {
 *     handler: (job) => monitor(job.data.stationId, job.signal), // returns when the signal aborts
 *     timeoutSeconds: null, held: true, policy: 'singleton', retries: 1_000_000, retryDelaySeconds: 0, backoff: false,
 *   });
 */
import type { Db } from '../db/client.js';

/** pg-boss's states: created and retry wait, active runs, the rest are ends (`failed`: the dead letters). */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface Job<T> {
  id: string;
  queue: string;
  data: T;
  /** 1 for the first run, 2 for the first retry, and so on. */
  attempt: number;
  /** Whether a failure now is final (no retry left). */
  lastAttempt: boolean;
  createdAt: Date;
  /**
   * Aborted when the handler must stop: its process is stopping (the job is handed back untried once the
   * handler returns or throws), its timeout passed, or its lease was lost to another process. Pass it to
   * whatever waits (fetch, streams); a handler that ignores it is abandoned at the deadline.
   */
  signal: AbortSignal;
}

/**
 * Uniqueness by `key` (pg-boss's queue policies): `standard` none; `short` one waiting job per key;
 * `singleton` one running job per key; `stately` one waiting and one running per key.
 */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export interface QueueOptions<T> {
  /** Runs one job: resolves when done, throws to fail the attempt. Must be idempotent. */
  handler: (job: Job<T>) => Promise<void>;
  /** Jobs of this queue run at once in one process. Default 1. */
  concurrency?: number;
  /** Retries after the first attempt. Default 5. */
  retries?: number;
  /** Wait before the first retry, in whole seconds; with `backoff` it doubles each retry, with jitter. Default 30. */
  retryDelaySeconds?: number;
  /** Default true. */
  backoff?: boolean;
  /** Longest one attempt may run; then its signal aborts and the attempt fails. null: no limit (held jobs). Default 900. */
  timeoutSeconds?: number | null;
  /** A queue that receives a copy of each job failed for good (created with this one). */
  deadLetter?: string;
  /** Default 'standard'. */
  policy?: QueuePolicy;
  /** How often an idle worker of this process looks for due jobs (a send in this process wakes it at once). */
  pollMs?: number;
  /**
   * A held job (a stream monitor) never ends on its own: at stop it is handed back at once, without waiting
   * the grace the others get, so that another process takes it over sooner. Default false.
   */
  held?: boolean;
}

export interface SendOptions {
  /** The caller's drizzle transaction: the job exists exactly when it commits. */
  tx?: Db;
  /** Not before this moment. */
  startAfter?: Date;
  /** Deduplicates per the queue's policy. */
  key?: string;
  /** A UUID chosen by the caller: a second send with the same id makes no second job (payment events). */
  id?: string;
}

export interface Queue<T> {
  readonly name: string;
  /** Resolves to the job's id, or null when the queue's policy deduplicated it away. */
  send(data: T, options?: SendOptions): Promise<string | null>;
}

/** Throw from a handler to fail the attempt and try again no sooner than `afterMs` (a service's Retry-After). */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly afterMs: number,
  ) {
    super(message);
  }
}

/** Throw from a handler to fail the job for good, without the retries left (a refusal no retry changes). */
export class GiveUp extends Error {}

/** One attempt's end, for metrics and logs. */
export interface JobEvent {
  queue: string;
  id: string;
  /** `retry`: failed, will run again; `failed`: failed for good; `released`: handed back untried at shutdown. */
  outcome: 'completed' | 'retry' | 'failed' | 'released';
  attempt: number;
  /** From when the job could first run (its creation or start time) to when this attempt began. */
  waitMs: number;
  /** How long the attempt ran. */
  durationMs: number;
  /** Why it failed, when it did. */
  error?: string;
}

export interface JobRunner {
  /** Declares a queue and its handler; its workers run from start() to stop(). Declare before start(). */
  define<T>(name: string, options: QueueOptions<T>): Queue<T>;
  /** Sends one job per period (`cron`: five fields, minute resolution) in the time zone `tz` (default UTC). */
  schedule(queue: string, cron: string, options?: { tz?: string; data?: object }): Promise<void>;
  unschedule(queue: string): Promise<void>;
  /** The keys (SendOptions.key) of a queue's jobs waiting or running, in any process. */
  keysUnderWay(queue: string): Promise<Set<string>>;
  /** How many jobs each queue holds in each state (jobs completed in the last 12 hours included). */
  counts(): Promise<Record<string, Record<JobState, number>>>;
  /** Hears every attempt's end in this process; returns a function that stops listening. */
  onJob(listener: (event: JobEvent) => void): () => void;
  /** Resolves with a job's final state once it has one (in any process); rejects after `timeoutMs`. */
  settled(queue: string, id: string, options?: { timeoutMs?: number }): Promise<{ state: JobState; output: unknown }>;
  /** Creates the queues and schedules' tables as needed and starts the workers. */
  start(): Promise<void>;
  /**
   * Takes no new job at once; running ones have `graceMs` to end, then their signals abort and they are
   * handed back untried (another process, or this one after a restart, runs them). Resolves when none runs.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}
