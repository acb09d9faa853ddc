import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { TranscriptionState } from '../../../shared/ads.js';
import type { Storage } from '../../adapters/storage/storage.js';
import { TranscriberError, type Transcriber } from '../../adapters/transcriber/transcriber.js';
import type { AudioTranscription, MyAdsService } from '../ads/my-ads.service.js';
import type { ClaimedJob, TranscriptionRepository } from './transcription.repository.js';

export interface WorkerOptions {
  /** How often an idle worker looks for due jobs (jobs of this process wake it at once). Default 5 s. */
  pollMs?: number;
  /** How long a claimed job is held before another worker may take it; renewed while it runs. Default 60 s. */
  leaseMs?: number;
  /** Attempts before a job fails for good. Default 6. */
  maxAttempts?: number;
  /** The wait after the first failed attempt; each next one is 3 times longer, up to an hour. Default 30 s. */
  backoffMs?: number;
}

const DEFAULTS = { pollMs: 5_000, leaseMs: 60_000, maxAttempts: 6, backoffMs: 30_000 };
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * The wait before attempt `attempts + 1`: exponential (x3), with jitter (half of it random) so jobs
 * that failed together (a service outage) do not all come back at the same moment; never shorter than
 * what the service asked for (Retry-After).
 */
export function backoffDelay(attempts: number, baseMs: number, retryAfterMs = 0, random = Math.random) {
  const exponential = Math.min(MAX_BACKOFF_MS, baseMs * 3 ** Math.max(0, attempts - 1));
  return Math.max(retryAfterMs, Math.round(exponential * (0.5 + random() * 0.5)));
}

/** What the ads module offers the jobs: only its service, never its repository. */
type Ads = Pick<MyAdsService, 'applyTranscription' | 'transcriptionTarget'>;

/**
 * Automatic transcription: jobs in the database (transcription_jobs), one per ad's current audio, run by
 * a worker in each app process. `queue` is what the ads service takes; `worker(ads)`, given that service,
 * runs the jobs.
 */
export function createTranscription(deps: {
  repo: TranscriptionRepository;
  transcriber: Transcriber;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  clock?: () => Date;
  random?: () => number;
  options?: WorkerOptions;
}) {
  const { repo, transcriber, storage, log } = deps;
  const now = deps.clock ?? (() => new Date());
  const o = { ...DEFAULTS, ...deps.options };
  const claimLeaseUntil = () => new Date(now().getTime() + o.leaseMs);

  let running: Promise<void> | null = null;
  let stopping = new AbortController();
  let wakeUp: (() => void) | null = null;

  const queue: AudioTranscription = {
    enqueue: (tx, job) => repo.enqueue(tx, job),
    enqueued: () => wakeUp?.(),
    async states(adIds, tx) {
      const rows = await repo.states(adIds, tx);
      return new Map(
        rows.map((r) => [
          r.adId,
          { audioUrl: r.audioUrl, status: r.status, error: r.error, updatedAt: r.updatedAt.toISOString() },
        ]),
      ) as Map<string, TranscriptionState & { audioUrl: string }>;
    },
  };

  async function readAudio(audioUrl: string) {
    const key = storage.keyFromUrl(audioUrl);
    if (!key) throw new TranscriberError("the audio is not in this server's storage", false);
    const file = await storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), filename: path.basename(key), contentType: file.contentType };
  }

  /** Runs one claimed job to its end (or to its next attempt). */
  async function run(ads: Ads, job: ClaimedJob) {
    const renew = setInterval(() => {
      repo
        .extendLease(job, claimLeaseUntil())
        .catch((err: unknown) => log.warn({ err }, 'transcription: lease not renewed'));
    }, o.leaseMs / 3);
    try {
      // The owner's own transcript, set with or after this audio, is never replaced: no need to ask.
      const before = await ads.transcriptionTarget(job.adId, job.audioUrl, job.createdAt);
      if (before !== 'wanted') return void (await repo.finish(job, now(), 'kept'));
      const result = await transcriber.transcribe(await readAudio(job.audioUrl), stopping.signal);
      const outcome = await ads.applyTranscription(job.adId, job.audioUrl, job.createdAt, result, (tx, written) =>
        repo.finish(job, now(), written === 'written' ? 'done' : 'kept', null, tx),
      );
      log.info({ adId: job.adId, outcome, attempt: job.attempts }, 'transcription finished');
    } catch (err) {
      if (stopping.signal.aborted) {
        await repo.release(job, now());
        return;
      }
      const retryable = !(err instanceof TranscriberError) || err.retryable;
      const reason = err instanceof TranscriberError ? err.message : 'an error in this server (see its log)';
      if (!retryable || job.attempts >= o.maxAttempts) {
        await repo.finish(job, now(), 'failed', reason);
        log.warn({ err, adId: job.adId, attempt: job.attempts }, 'transcription failed');
        return;
      }
      const wait = backoffDelay(
        job.attempts,
        o.backoffMs,
        err instanceof TranscriberError ? err.retryAfterMs : 0,
        deps.random,
      );
      const at = now();
      await repo.retryAt(job, at, new Date(at.getTime() + wait), reason);
      log.warn({ err, adId: job.adId, attempt: job.attempts, retryInMs: wait }, 'transcription will be retried');
    } finally {
      clearInterval(renew);
    }
  }

  /** Claims and runs one due job; false when none was due. */
  async function runOnce(ads: Ads): Promise<boolean> {
    const at = now();
    await repo.failAbandoned(
      at,
      o.maxAttempts,
      `no attempt finished: the server stopped during each of the ${o.maxAttempts}`,
    );
    const job = await repo.claim(at, claimLeaseUntil(), randomUUID());
    if (!job) return false;
    await run(ads, job);
    return true;
  }

  async function loop(ads: Ads) {
    while (!stopping.signal.aborted) {
      let worked = false;
      try {
        worked = await runOnce(ads);
      } catch (err) {
        log.error({ err }, 'transcription: looking for jobs failed');
      }
      if (worked || stopping.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, o.pollMs);
        function done() {
          clearTimeout(timer);
          wakeUp = null;
          stopping.signal.removeEventListener('abort', done);
          resolve();
        }
        wakeUp = done;
        stopping.signal.addEventListener('abort', done);
      });
    }
  }

  const worker = (ads: Ads) => ({
    /** Claims and runs one due job; false when none was due. */
    runOnce: () => runOnce(ads),
    /** Starts looking for jobs in the background. */
    start() {
      if (running) return;
      stopping = new AbortController();
      running = loop(ads);
    },
    /** Stops: a transcription under way is cut off and handed back untried; resolves once the loop has ended. */
    async stop() {
      stopping.abort();
      await running;
      running = null;
    },
  });
  return { queue, worker };
}
export type Transcription = ReturnType<typeof createTranscription>;
export type TranscriptionWorker = ReturnType<Transcription['worker']>;
