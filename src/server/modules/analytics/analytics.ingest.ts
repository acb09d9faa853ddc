import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { dayOf, DEDUPE_WINDOW_MS, type EventInput } from '../../../shared/analytics.js';
import { errorCodeOf, isDataError } from '../../db/errors.js';
import { AppError, BadRequestError } from '../../errors.js';
import type { AnalyticsRepository, PendingEvent } from './analytics.repository.js';
import { addressKey, classifyAgent, listenerKey } from './listener.js';

export interface Requester {
  ip: string;
  userAgent: string;
  /** A browser's speculative fetch (Sec-Purpose: prefetch and kin), not a listener. */
  prefetch: boolean;
}

export interface IngestOptions {
  repo: AnalyticsRepository;
  clock?: () => Date;
  /** Longest an accepted event waits before it is written. */
  flushMs?: number;
  /** A batch this large is written at once. */
  maxBatch?: number;
  log?: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Waits between attempts at a failing batch (default 100 ms, then 400 ms). */
  retryDelaysMs?: number[];
  /** Hears how long each write of pending events took, retries included (metrics). */
  onFlush?: (ms: number) => void;
}

const VISIBILITY_TTL_MS = 5_000;
const VISIBILITY_CACHE_SIZE = 10_000;
/** Accepted but unwritten events beyond which new ones are refused (the database is not keeping up). */
const MAX_PENDING = 100_000;
/** After a batch could not be written at all (the database is away), the next attempt waits this long. */
const RETRY_MS = 1_000;
const RETRY_DELAYS_MS = [100, 400];
const PRUNE_EVERY_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Events not written because the database could not be reached (they stay pending), and those counted before. */
class Unwritten extends Error {
  constructor(
    readonly events: PendingEvent[],
    readonly counted: number,
    cause: unknown,
  ) {
    super('analytics batch not written', { cause });
  }
}

/** A lookup in flight, and its answer once it has one, so later callers need not wait a tick. */
interface Lookup<T> {
  pending: Promise<T>;
  answer?: { value: T };
}
function lookup<T>(pending: Promise<T>, onError: () => void): Lookup<T> {
  const entry: Lookup<T> = { pending };
  pending.then((value) => (entry.answer = { value }), onError);
  return entry;
}
const answerOf = <T>(entry: Lookup<T>): T | Promise<T> => (entry.answer ? entry.answer.value : entry.pending);

/**
 * Accepting events is cheap and synchronous to the listener (filter, hash, queue); counting happens
 * in batches, in the database, where the dedupe windows hold across every app process.
 * See docs/decisions/0004-analytics-counted-in-batches.md for what a crash can lose.
 */
export function createEventIngest(options: IngestOptions) {
  const { repo } = options;
  const clock = options.clock ?? (() => new Date());
  const flushMs = options.flushMs ?? 250;
  const maxBatch = options.maxBatch ?? 500;
  const log = options.log ?? { error: () => {}, warn: () => {} };
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;

  /** rejected: events the database refused to store (set aside so that the rest are counted). */
  const stats = { accepted: 0, counted: 0, notCounted: 0, rejected: 0 };
  let pending: PendingEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  /** Set while the database is unreachable: the next write waits RETRY_MS rather than one flush interval. */
  let unavailable = false;
  let lastPrune = 0;

  // The day's salt, fetched once per day per process.
  let salt: (Lookup<string> & { day: string }) | undefined;
  function saltOf(day: string): string | Promise<string> {
    if (salt?.day !== day) {
      const entry = { day, ...lookup(repo.saltFor(day), () => salt === entry && (salt = undefined)) };
      salt = entry;
    }
    return answerOf(salt);
  }

  // Whether an ad may be counted, remembered briefly (by the ingest's clock): events arrive in bursts for the
  // same few ads.
  const visibility = new LRUCache<string, Lookup<boolean | null>>({
    max: VISIBILITY_CACHE_SIZE,
    ttl: VISIBILITY_TTL_MS,
    ttlResolution: 0,
    perf: { now: () => clock().getTime() },
  });
  function visibilityOf(adId: string): boolean | null | Promise<boolean | null> {
    let entry = visibility.get(adId);
    if (!entry) {
      entry = lookup(repo.visibility(adId), () => visibility.delete(adId));
      visibility.set(adId, entry);
    }
    return answerOf(entry);
  }

  function schedule() {
    if (pending.length >= maxBatch && !unavailable) void flush();
    else
      timer ??= setTimeout(
        () => {
          // Forgotten before flushing: a timer that fires during a write must not stop the next one being set.
          timer = undefined;
          void flush();
        },
        unavailable ? RETRY_MS : flushMs,
      );
  }

  /** Keeps the first event per listener code and kind; later ones inside its window are duplicates. */
  function firstPerListener(batch: PendingEvent[]) {
    const first = new Map<string, PendingEvent>();
    const later: PendingEvent[] = [];
    let duplicates = 0;
    for (const e of batch) {
      const key = `${e.listenerKey}\n${e.kind}`;
      const kept = first.get(key);
      if (!kept) first.set(key, e);
      else if (e.createdAt < kept.countedUntil) duplicates++;
      else later.push(e); // outside the window: counted on its own in the next statement
    }
    return { unique: [...first.values()], duplicates, later };
  }

  /**
   * Counts a batch, retrying with backoff. When the database keeps refusing it for what it holds, the
   * batch is split in halves until the event it cannot store is alone: that one is set aside and the
   * others are counted, so one bad event never stops the counting.
   */
  async function countIsolating(events: PendingEvent[], attempts = retryDelays.length + 1): Promise<number> {
    let error: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt) await sleep(retryDelays[attempt - 1] ?? RETRY_MS);
      try {
        return await repo.countEvents(events);
      } catch (err) {
        error = err;
      }
    }
    if (!isDataError(error)) throw new Unwritten(events, 0, error);
    if (events.length === 1) {
      stats.rejected++;
      // The code says why; the message and detail may quote the event's values, which are not logged.
      log.error({ code: errorCodeOf(error) }, 'analytics event set aside: the database cannot store it');
      return 0;
    }
    const half = Math.ceil(events.length / 2);
    const [left, right] = [events.slice(0, half), events.slice(half)];
    let first: number;
    try {
      first = await countIsolating(left, 1);
    } catch (err) {
      if (err instanceof Unwritten) throw new Unwritten(err.events.concat(right), err.counted, err.cause);
      throw err;
    }
    try {
      return first + (await countIsolating(right, 1));
    } catch (err) {
      if (err instanceof Unwritten) throw new Unwritten(err.events, first + err.counted, err.cause);
      throw err;
    }
  }

  async function write(): Promise<void> {
    while (pending.length) {
      clearTimeout(timer);
      timer = undefined;
      const batch = pending;
      pending = [];
      const { unique, duplicates, later } = firstPerListener(batch);
      const rejectedBefore = stats.rejected;
      let counted: number;
      let unwritten: PendingEvent[] = [];
      try {
        counted = await countIsolating(unique);
      } catch (err) {
        // What was counted before the database went away stays counted; the rest waits for it.
        counted = err instanceof Unwritten ? err.counted : 0;
        unwritten = err instanceof Unwritten ? err.events : unique;
        unavailable = true;
        const code = errorCodeOf(err instanceof Unwritten ? err.cause : err);
        log.error({ code, waiting: pending.length + unwritten.length }, 'analytics batch not written; will retry');
      }
      stats.counted += counted;
      const settled = unique.length - unwritten.length - (stats.rejected - rejectedBefore);
      stats.notCounted += duplicates + settled - counted;
      pending = unwritten.concat(later, pending);
      if (unwritten.length) return;
      unavailable = false;
    }
    const now = clock();
    if (now.getTime() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now.getTime();
      await repo.prune(now, dayOf(now)).catch((err: unknown) => log.error({ err }, 'analytics prune failed'));
    }
  }

  /** Writes what is pending now; one write runs at a time. */
  function flush(): Promise<void> {
    if (!writing) {
      const started = pending.length ? performance.now() : undefined;
      writing = write().finally(() => {
        writing = undefined;
        if (started !== undefined) options.onFlush?.(performance.now() - started);
        if (pending.length) schedule();
      });
    }
    return writing;
  }

  return {
    stats,

    /** Accepted events not yet written (the queue's depth). */
    pending: () => pending.length,

    /**
     * Filters and queues one event. 'dropped' means it will not be counted (a bot, a prefetch, an ad
     * the public cannot see); an ad id that does not exist is a bad request.
     */
    async accept(input: EventInput, who: Requester): Promise<'accepted' | 'dropped'> {
      const agent = classifyAgent(who.userAgent);
      if (who.prefetch || agent.bot) return 'dropped';
      const now = clock();
      // Both lookups are answered from memory nearly always; await only when they are not.
      const seen = visibilityOf(input.ad_id);
      const visible = seen instanceof Promise ? await seen : seen;
      if (visible === null) throw new BadRequestError('ad_id: no such ad');
      if (!visible) return 'dropped';
      if (pending.length >= MAX_PENDING) throw new AppError(503, 'Too busy to record events; try again shortly');
      const salted = saltOf(dayOf(now));
      const daySalt = typeof salted === 'string' ? salted : await salted;
      const kind = input.event_type === 'click' ? `click:${input.referrer}` : input.event_type;
      pending.push({
        adId: input.ad_id,
        eventType: input.event_type,
        kind,
        referrer: input.referrer ?? null,
        userAgent: who.userAgent,
        source: input.source,
        device: agent.device,
        listenerKey: listenerKey(daySalt, who.ip, who.userAgent, input.ad_id),
        addressKey: addressKey(daySalt, who.ip, input.ad_id),
        createdAt: now,
        countedUntil: new Date(now.getTime() + DEDUPE_WINDOW_MS[input.event_type]),
      });
      stats.accepted++;
      schedule();
      return 'accepted';
    },

    flush,

    /** Writes every accepted event before the process goes (SIGTERM, SIGINT); retries a few times. */
    async close(): Promise<void> {
      for (let attempt = 0; attempt < 5 && (pending.length || writing); attempt++) {
        await flush();
        while (writing) await writing;
      }
      clearTimeout(timer);
      if (pending.length) log.error({ lost: pending.length }, 'analytics events could not be written at shutdown');
    },
  };
}
export type EventIngest = ReturnType<typeof createEventIngest>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics batch writer; flush() writes what is pending now. */
    eventIngest: EventIngest;
  }
}

/**
 * The app's batch writer, as app.eventIngest, with its shutdown beside it: accepted events reach the
 * database before the app closes (SIGTERM, SIGINT).
 */
export const eventIngest = fastifyPlugin(
  async (app: FastifyInstance, options: Omit<IngestOptions, 'log'>) => {
    const ingest = createEventIngest({ ...options, log: app.log });
    app.decorate('eventIngest', ingest);
    app.addHook('onClose', async () => {
      await ingest.close();
      app.log.info({ events: ingest.stats }, 'analytics events written');
    });
  },
  { name: 'event-ingest' },
);
