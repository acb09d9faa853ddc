import os from 'node:os';
import { Piscina } from 'piscina';
import { fileMessages } from '../../../shared/ads.js';
import { AppError } from '../../errors.js';
import { workerEntry } from '../../paths.js';
import {
  AUDIO_FORMATS,
  AudioTooLongError,
  UndecodableAudioError,
  type AudioFacts,
  type AudioFormat,
  type AudioReadOptions,
} from './audio-facts.js';
import type { AudioResult, AudioTask } from './audio-worker.js';

/** Longest one analysis may take; a file that needs more is refused rather than hogging a thread. */
const TASK_TIMEOUT_MS = 30_000;
/** Heap of one worker: decoding streams, so this is far above need and far below the machine. */
const WORKER_HEAP_MB = 128;

export class AudioBusyError extends AppError {
  constructor() {
    super(503, fileMessages.audioBusy);
  }
}

const worker = workerEntry('audio-worker', import.meta.url);

let pool: Piscina<AudioTask, AudioResult> | null = null;

/**
 * One small pool of worker threads per process decodes every uploaded audio file, so that the event
 * loop keeps answering while it runs. One core stays free for requests; threads exit when idle.
 */
function audioPool() {
  pool ??= new Piscina<AudioTask, AudioResult>({
    filename: worker.url.href,
    execArgv: worker.fromSource ? ['--import', 'tsx'] : [],
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
    maxQueue: 16,
    idleTimeout: 10_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return pool;
}

/** Duration and waveform (and, when asked, the landmarks) of an audio file, computed off the event loop. */
export async function analyseAudio(
  bytes: Uint8Array,
  format: AudioFormat,
  options?: AudioReadOptions,
): Promise<AudioFacts> {
  const workers = audioPool();
  if (workers.queueSize >= workers.options.maxQueue) throw new AudioBusyError();
  let result: AudioResult;
  try {
    result = await workers.run({ bytes, format, options }, { signal: AbortSignal.timeout(TASK_TIMEOUT_MS) });
  } catch {
    // Out of time or memory, or the decoder crashed its thread: nothing about this file is usable.
    throw new UndecodableAudioError(fileMessages.undecodable(AUDIO_FORMATS[format].name));
  }
  if ('facts' in result) return result.facts;
  if (result.refused === 'tooLong') throw new AudioTooLongError();
  throw new UndecodableAudioError(result.message);
}

/** Stops the worker threads (tests and shutdown); the next analysis starts new ones. */
export async function closeAudioPool() {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
