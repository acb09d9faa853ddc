import os from 'node:os';
import { Piscina } from 'piscina';
import { fileMessages } from '../../../shared/ads.js';
import { RateLimitedError, ServiceUnavailableError } from '../../errors.js';
import { workerEntry } from '../../paths.js';
import {
  AUDIO_FORMATS,
  AudioTooCostlyError,
  AudioTooLongError,
  UndecodableAudioError,
  type AudioFacts,
  type AudioFormat,
  type AudioReadOptions,
} from './audio-facts.js';
import type { AudioResult, AudioTask } from './audio-worker.js';

/**
 * Longest one analysis may run once it has a thread. The decoding budget bounds the work of any file to
 * a few seconds, so running out of this means an overloaded machine, not a bad file.
 */
const TASK_TIMEOUT_MS = 30_000;
/** Heap of one worker: decoding streams, so this is far above need and far below the machine. */
const WORKER_HEAP_MB = 128;
/** Analyses waiting for a thread, all callers together; beyond, 503 at once. */
const MAX_WAITING = 16;
/** Analyses one caller may have waiting; beyond, 429 at once (its own files fill its share). */
const MAX_WAITING_PER_CALLER = 2;
/** Longest wait for a turn (a thread may first have to start); beyond, 503: the caller tries again later. */
const MAX_WAIT_MS = 25_000;
/** Retry-After of both refusals: about one turn of the pool. */
const RETRY_AFTER_SECONDS = 5;

const THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** Threads one caller may hold at once: never all of them when there are two. */
const RUNNING_PER_CALLER = Math.max(1, Math.floor(THREADS / 2));

/** All the audio threads are busy and the analysis could not get a turn in time. */
export class AudioBusyError extends ServiceUnavailableError {
  constructor() {
    super(fileMessages.audioBusy, RETRY_AFTER_SECONDS);
  }
}
/** The caller's own analyses fill its share of the threads and of the queue. */
export class AudioCallerBusyError extends RateLimitedError {
  constructor() {
    super(fileMessages.audioCallerBusy, RETRY_AFTER_SECONDS);
  }
}

const worker = workerEntry('audio-worker', import.meta.url);

let pool: Piscina<AudioTask, AudioResult> | null = null;

/**
 * One small pool of worker threads per process decodes every uploaded audio file, so that the event
 * loop keeps answering while it runs. One core stays free for requests; threads exit when idle. The
 * pool's own queue stays empty: the turns below hand it a task only when a thread is free.
 */
function audioPool() {
  pool ??= new Piscina<AudioTask, AudioResult>({
    filename: worker.url.href,
    execArgv: worker.fromSource ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: 10_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return pool;
}

interface Waiter {
  caller: string;
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Turns on the threads, shared fairly: each caller (an account, or the background indexer) holds at most
 * RUNNING_PER_CALLER threads and keeps MAX_WAITING_PER_CALLER waiting, and a freed thread goes to the
 * callers in turn (round robin), so one caller's queue never stands before another's first file.
 */
const turns = {
  running: 0,
  runningOf: new Map<string, number>(),
  /** Waiting analyses per caller, callers in the order of their next turn. */
  waiting: new Map<string, Waiter[]>(),
  waitingCount: 0,
};

function dispatch() {
  while (turns.running < THREADS) {
    const next = [...turns.waiting.keys()].find((c) => (turns.runningOf.get(c) ?? 0) < RUNNING_PER_CALLER);
    if (next === undefined) return;
    const queue = turns.waiting.get(next)!;
    const waiter = queue.shift()!;
    turns.waitingCount--;
    // The caller goes to the back of the line for its next file.
    turns.waiting.delete(next);
    if (queue.length) turns.waiting.set(next, queue);
    clearTimeout(waiter.timer);
    take(next);
    waiter.start();
  }
}

function take(caller: string) {
  turns.running++;
  turns.runningOf.set(caller, (turns.runningOf.get(caller) ?? 0) + 1);
}

function release(caller: string) {
  turns.running--;
  const left = (turns.runningOf.get(caller) ?? 1) - 1;
  if (left) turns.runningOf.set(caller, left);
  else turns.runningOf.delete(caller);
  dispatch();
}

/** Resolves when `caller` may use a thread (call release after), or refuses with 429 or 503. */
function turnFor(caller: string): Promise<void> {
  const runningOf = turns.runningOf.get(caller) ?? 0;
  const queue = turns.waiting.get(caller) ?? [];
  if (turns.running < THREADS && runningOf < RUNNING_PER_CALLER && !queue.length) {
    take(caller);
    return Promise.resolve();
  }
  if (queue.length >= MAX_WAITING_PER_CALLER) return Promise.reject(new AudioCallerBusyError());
  if (turns.waitingCount >= MAX_WAITING) return Promise.reject(new AudioBusyError());
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      caller,
      start: resolve,
      timer: setTimeout(() => {
        const mine = turns.waiting.get(caller) ?? [];
        const at = mine.indexOf(waiter);
        if (at < 0) return;
        mine.splice(at, 1);
        turns.waitingCount--;
        if (!mine.length) turns.waiting.delete(caller);
        reject(new AudioBusyError());
      }, MAX_WAIT_MS),
    };
    queue.push(waiter);
    turns.waitingCount++;
    turns.waiting.set(caller, queue);
  });
}

/** The caller an account's analyses count against (uploads and recordings alike). */
export const audioCallerOf = (userId: string) => `user:${userId}`;

/**
 * Duration and waveform (and, when asked, the landmarks) of an audio file, computed off the event loop
 * when `caller` (whose analysis this is: audioCallerOf(account) or a background task's name) gets its turn.
 */
export async function analyseAudio(
  bytes: Uint8Array,
  format: AudioFormat,
  caller: string,
  options?: AudioReadOptions,
): Promise<AudioFacts> {
  await turnFor(caller);
  let result: AudioResult;
  const signal = AbortSignal.timeout(TASK_TIMEOUT_MS);
  try {
    result = await audioPool().run({ bytes, format, options }, { signal });
  } catch {
    // Out of time is the machine's load (the budget bounds any file's work): try again later.
    if (signal.aborted) throw new AudioBusyError();
    // Out of memory, or the decoder crashed its thread: nothing about this file is usable.
    throw new UndecodableAudioError(fileMessages.undecodable(AUDIO_FORMATS[format].name));
  } finally {
    release(caller);
  }
  if ('facts' in result) return result.facts;
  if (result.refused === 'tooLong') throw new AudioTooLongError();
  if (result.refused === 'tooCostly') throw new AudioTooCostlyError(result.message);
  throw new UndecodableAudioError(result.message);
}

/** Stops the worker threads (tests and shutdown); the next analysis starts new ones. */
export async function closeAudioPool() {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
