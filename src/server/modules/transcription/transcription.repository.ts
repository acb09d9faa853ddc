import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { transcriptionJobs } from '../../db/schema.js';

const jobs = transcriptionJobs;
export type JobRow = typeof jobs.$inferSelect;
/** A job as a worker holds it: `claim` identifies this hold; every later write names it. */
export type ClaimedJob = Pick<JobRow, 'adId' | 'audioUrl' | 'attempts' | 'createdAt'> & { claim: string };

/** Only the worker that holds a job (its claim, still running) may change it: a replaced audio resets the row. */
const held = (job: Pick<ClaimedJob, 'adId' | 'claim'>) =>
  and(eq(jobs.adId, job.adId), eq(jobs.claim, job.claim), eq(jobs.status, 'running'));

export function createTranscriptionRepository(db: Db) {
  return {
    /** The job of an ad's new audio, from the start: a replaced audio supersedes the job of the old one. */
    async enqueue(tx: Db, job: { adId: string; audioUrl: string; at: Date }) {
      const fresh = {
        audioUrl: job.audioUrl,
        status: 'pending' as const,
        attempts: 0,
        runAfter: job.at,
        leaseUntil: null,
        claim: null,
        error: null,
        createdAt: job.at,
        updatedAt: job.at,
      };
      await tx
        .insert(jobs)
        .values({ adId: job.adId, ...fresh })
        .onConflictDoUpdate({ target: jobs.adId, set: fresh });
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

    /**
     * Takes one due job: pending and due, or running with its lease passed (its worker stopped). The row
     * is locked with SKIP LOCKED, so workers in any number of processes never take the same job, nor
     * wait for each other.
     */
    async claim(at: Date, leaseUntil: Date, claim: string): Promise<ClaimedJob | null> {
      const due = db
        .select({ adId: jobs.adId })
        .from(jobs)
        .where(
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAfter, at)),
            and(eq(jobs.status, 'running'), lte(jobs.leaseUntil, at)),
          ),
        )
        .orderBy(asc(jobs.runAfter), asc(jobs.adId))
        .limit(1)
        .for('update', { skipLocked: true });
      const [job] = await db
        .update(jobs)
        .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, leaseUntil, claim, updatedAt: at })
        .where(inArray(jobs.adId, due))
        .returning({ adId: jobs.adId, audioUrl: jobs.audioUrl, attempts: jobs.attempts, createdAt: jobs.createdAt });
      return job ? { ...job, claim } : null;
    },

    /** Fails the jobs whose workers stopped during their last attempt (nothing else will finish them). */
    async failAbandoned(at: Date, maxAttempts: number, error: string) {
      await db
        .update(jobs)
        .set({ status: 'failed', error, leaseUntil: null, claim: null, updatedAt: at })
        .where(and(eq(jobs.status, 'running'), lte(jobs.leaseUntil, at), gte(jobs.attempts, maxAttempts)));
    },

    /** Holds the job longer while its worker is still at it. */
    async extendLease(job: ClaimedJob, leaseUntil: Date) {
      await db.update(jobs).set({ leaseUntil }).where(held(job));
    },

    /** The end of a job: done, failed or kept. False when the job is no longer this worker's. */
    async finish(
      job: ClaimedJob,
      at: Date,
      status: 'done' | 'failed' | 'kept',
      error: string | null = null,
      tx: Db = db,
    ) {
      const rows = await tx
        .update(jobs)
        .set({ status, error, leaseUntil: null, claim: null, updatedAt: at })
        .where(held(job))
        .returning({ adId: jobs.adId });
      return rows.length > 0;
    },

    /** Back to pending until `runAfter` (a retry), keeping why the attempt failed. */
    async retryAt(job: ClaimedJob, at: Date, runAfter: Date, error: string) {
      await db
        .update(jobs)
        .set({ status: 'pending', runAfter, error, leaseUntil: null, claim: null, updatedAt: at })
        .where(held(job));
    },

    /** Hands a job back untried (the worker is stopping): its attempt does not count. */
    async release(job: ClaimedJob, at: Date) {
      await db
        .update(jobs)
        .set({
          status: 'pending',
          attempts: sql`${jobs.attempts} - 1`,
          runAfter: at,
          leaseUntil: null,
          claim: null,
          updatedAt: at,
        })
        .where(held(job));
    },
  };
}
export type TranscriptionRepository = ReturnType<typeof createTranscriptionRepository>;
