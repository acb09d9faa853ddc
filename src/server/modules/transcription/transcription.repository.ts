import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transcriptionJobs } from '../../db/schema.js';

const jobs = transcriptionJobs;
export type JobRow = typeof jobs.$inferSelect;
/** The transcription of one audio of one ad: every write names both, so a replaced audio's job changes nothing. */
export interface AudioOfAd {
  adId: string;
  audioUrl: string;
}

/** Still under way for this audio: neither ended nor superseded by a replaced audio. */
const unfinished = (of: AudioOfAd) =>
  and(eq(jobs.adId, of.adId), eq(jobs.audioUrl, of.audioUrl), inArray(jobs.status, ['pending', 'running']));

export function createTranscriptionRepository(db: Db) {
  return {
    /** The state of an ad's new audio, from the start: a replaced audio supersedes the old one's. */
    async enqueue(tx: Db, job: AudioOfAd & { at: Date }) {
      const fresh = { audioUrl: job.audioUrl, status: 'pending' as const, attempts: 0, error: null };
      await tx
        .insert(jobs)
        .values({ adId: job.adId, ...fresh, createdAt: job.at, updatedAt: job.at })
        .onConflictDoUpdate({ target: jobs.adId, set: { ...fresh, createdAt: job.at, updatedAt: job.at } });
    },

    async states(adIds: string[], tx: Db = db) {
      return tx
        .select({
          adId: jobs.adId,
          audioUrl: jobs.audioUrl,
          status: jobs.status,
          error: jobs.error,
          updatedAt: jobs.updatedAt,
        })
        .from(jobs)
        .where(inArray(jobs.adId, adIds));
    },

    /** The transcriptions still under way (after an upgrade from the earlier queue, they get their jobs again). */
    async unfinished() {
      return db
        .select({ adId: jobs.adId, audioUrl: jobs.audioUrl, createdAt: jobs.createdAt })
        .from(jobs)
        .where(inArray(jobs.status, ['pending', 'running']));
    },

    /** An attempt begins; false when the audio's transcription has ended or been superseded. */
    async begin(of: AudioOfAd, attempt: number, at: Date) {
      const rows = await db
        .update(jobs)
        .set({ status: 'running', attempts: attempt, updatedAt: at })
        .where(unfinished(of))
        .returning({ adId: jobs.adId });
      return rows.length > 0;
    },

    /** Waiting for its next attempt (`attempts` done so far), keeping why the last one failed. */
    async waiting(of: AudioOfAd, at: Date, attempts: number, error: string | null) {
      await db.update(jobs).set({ status: 'pending', attempts, error, updatedAt: at }).where(unfinished(of));
    },

    /** The end: done, failed or kept. False when it had already ended or was superseded. */
    async finish(
      of: AudioOfAd,
      at: Date,
      status: 'done' | 'failed' | 'kept',
      error: string | null = null,
      tx: Db = db,
    ) {
      const rows = await tx
        .update(jobs)
        .set({ status, error, updatedAt: at })
        .where(unfinished(of))
        .returning({ adId: jobs.adId });
      return rows.length > 0;
    },
  };
}
export type TranscriptionRepository = ReturnType<typeof createTranscriptionRepository>;
