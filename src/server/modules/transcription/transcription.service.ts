import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { TranscriptionState } from '../../../shared/ads.js';
import type { Storage } from '../../adapters/storage/storage.js';
import { TranscriberError, type Transcriber } from '../../adapters/transcriber/transcriber.js';
import { GiveUp, RetryLater, type Job, type JobRunner } from '../../jobs/jobs.js';
import type { AudioTranscription, MyAdsService } from '../ads/my-ads.service.js';
import type { AudioOfAd, TranscriptionRepository } from './transcription.repository.js';

export interface TranscriptionOptions {
  /** Retries after the first attempt. Default 5. */
  retries?: number;
  /** The wait before the first retry (doubled each next one, with jitter), in whole seconds. Default 30. */
  retryDelaySeconds?: number;
}

export const TRANSCRIPTION_QUEUE = 'transcription';
/** Jobs that failed for good land here (pg-boss's dead letters), so that the owner sees the failure. */
export const TRANSCRIPTION_FAILED_QUEUE = 'transcription-failed';

/** What a job carries: the ad, its audio, and when that audio's transcription began. */
type TranscribeJob = AudioOfAd & { since: string };

/** The service waits up to 5 minutes (the transcriber's own timeout); an attempt gets a little more. */
const ATTEMPT_SECONDS = 6 * 60;
const STOPPED_DURING_LAST = 'no attempt finished: the server stopped during the last one';

/**
 * One job per audio, whatever sends it: a second send of the same audio (two processes resuming the
 * transcriptions at once) makes no second job while the first is kept.
 */
function jobIdOf(adId: string, since: Date) {
  const hex = createHash('sha256').update(`${adId}/${since.toISOString()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What the ads module offers the jobs: only its service, never its repository. */
type Ads = Pick<MyAdsService, 'applyTranscription' | 'transcriptionTarget'>;

/**
 * Automatic transcription: the owner's view of each audio's transcription in `transcription_jobs`, and the
 * work as jobs of the job runner (decision 38), sent in the transaction that saves the audio. `queue` is what
 * the ads service takes; `handleWith(ads)`, given that service, lets the jobs write their results.
 */
export function createTranscription(deps: {
  repo: TranscriptionRepository;
  jobs: JobRunner;
  transcriber: Transcriber;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  options?: TranscriptionOptions;
}) {
  const { repo, transcriber, storage, log } = deps;
  const now = () => new Date();
  let ads: Ads | undefined;

  async function readAudio(audioUrl: string) {
    const key = storage.keyFromUrl(audioUrl);
    if (!key) throw new TranscriberError("the audio is not in this server's storage", false);
    const file = await storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), filename: path.basename(key), contentType: file.contentType };
  }

  /** One attempt. Throws to fail it: the runner retries with backoff, or leaves it failed (the dead letters). */
  async function transcribe(job: Job<TranscribeJob>) {
    if (!ads) throw new Error('transcription: handleWith(ads) was not called');
    const of = { adId: job.data.adId, audioUrl: job.data.audioUrl };
    const since = new Date(job.data.since);
    // Nothing to do when the audio was replaced, the ad deleted, or this transcription already ended.
    if (!(await repo.begin(of, job.attempt, now()))) return;
    try {
      // The owner's own transcript, set with or after this audio, is never replaced: no need to ask.
      const before = await ads.transcriptionTarget(of.adId, of.audioUrl, since);
      if (before !== 'wanted') return void (await repo.finish(of, now(), 'kept'));
      const result = await transcriber.transcribe(await readAudio(of.audioUrl), job.signal);
      const outcome = await ads.applyTranscription(of.adId, of.audioUrl, since, result, (tx, written) =>
        repo.finish(of, now(), written === 'written' ? 'done' : 'kept', null, tx),
      );
      log.info({ adId: of.adId, outcome, attempt: job.attempt }, 'transcription finished');
    } catch (err) {
      // Stopping, or past its time: the runner hands the job back or fails the attempt; the owner sees it wait.
      if (job.signal.aborted) {
        await repo.waiting(of, now(), job.attempt - 1, null);
        throw err;
      }
      const retryable = !(err instanceof TranscriberError) || err.retryable;
      const reason = err instanceof TranscriberError ? err.message : 'an error in this server (see its log)';
      if (!retryable || job.lastAttempt) {
        await repo.finish(of, now(), 'failed', reason);
        log.warn({ err, adId: of.adId, attempt: job.attempt }, 'transcription failed');
        throw new GiveUp(reason);
      }
      await repo.waiting(of, now(), job.attempt, reason);
      log.warn({ err, adId: of.adId, attempt: job.attempt }, 'transcription will be retried');
      const asked = err instanceof TranscriberError ? err.retryAfterMs : undefined;
      throw asked ? new RetryLater(reason, asked) : err;
    }
  }

  const jobs = deps.jobs.define<TranscribeJob>(TRANSCRIPTION_QUEUE, {
    handler: transcribe,
    retries: deps.options?.retries ?? 5,
    retryDelaySeconds: deps.options?.retryDelaySeconds ?? 30,
    timeoutSeconds: ATTEMPT_SECONDS,
    deadLetter: TRANSCRIPTION_FAILED_QUEUE,
  });
  // A job that failed for good without its handler saying so (its process died during the last attempt).
  deps.jobs.define<TranscribeJob>(TRANSCRIPTION_FAILED_QUEUE, {
    handler: async (job) => void (await repo.finish(job.data, now(), 'failed', STOPPED_DURING_LAST)),
    retryDelaySeconds: 5,
  });

  const send = (of: AudioOfAd, since: Date, tx?: Parameters<AudioTranscription['enqueue']>[0]) =>
    jobs.send({ ...of, since: since.toISOString() }, { id: jobIdOf(of.adId, since), ...(tx && { tx }) });

  const queue: AudioTranscription = {
    async enqueue(tx, job) {
      await repo.enqueue(tx, job);
      await send(job, job.at, tx);
    },
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

  return {
    queue,
    handleWith(service: Ads) {
      ads = service;
    },
    /**
     * Gives every transcription still under way its job, once the runner has started: after an upgrade from
     * the earlier queue they have none; otherwise their jobs exist and nothing is sent (one id per audio).
     */
    async resume() {
      const open = await repo.unfinished();
      for (const t of open) await send(t, t.createdAt);
      return open.length;
    },
  };
}
export type Transcription = ReturnType<typeof createTranscription>;
