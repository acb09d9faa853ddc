import { adMessages, slugify, type AdInput, fileMessages, type TranscriptionState } from '../../../shared/ads.js';
import type { WebhookEvent } from '../../../shared/webhooks.js';
import { limitMessages, withinLimit } from '../../../shared/plans.js';
import { parseTimedLines, transcriptText, type TranscriptSegment } from '../../../shared/transcripts.js';
import type { Storage } from '../../adapters/storage/storage.js';
import type { Db } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { AppError, BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from '../../errors.js';
import type { FingerprintStore } from '../identify/identify.service.js';
import { createUploader, type ReceivedFile, type StoredAudio } from '../media/upload.js';
import type { PlansService } from '../plans/plans.service.js';
import { toOwnAd, type AdRow, type AdsRepository, type NewAdRow } from './ads.repository.js';
import { decodeCursor, isInstantKey, toPage } from '../../paging.js';
import type { PageQuery } from '../../../shared/paging.js';

export class LimitReachedError extends AppError {
  constructor(message: string) {
    super(403, message, 'PLAN_LIMIT_REACHED');
  }
}

export interface AdFiles {
  audio?: ReceivedFile;
  logo?: ReceivedFile;
}

/**
 * Automatic transcription of uploaded audio, present when the server has a transcriber (the
 * transcription module provides it; app.ts wires it in).
 */
export interface AudioTranscription {
  /** Starts the transcription of an ad's new audio, in the transaction that saves it (the job runs once it commits). */
  enqueue(tx: Db, job: { adId: string; audioUrl: string; at: Date }): Promise<void>;
  /** The transcription of each ad's audio, by ad id, with the audio it is for. */
  states(adIds: string[], tx?: Db): Promise<Map<string, TranscriptionState & { audioUrl: string }>>;
}

/** Tells partners' webhooks of a change, inside the transaction that makes it (the webhooks module provides it). */
export type AdEvents = (tx: Db, ownerId: string, type: WebhookEvent, data: Record<string, unknown>) => Promise<void>;

const TRANSCRIPTION_OFF: TranscriptionState = { status: 'off', error: null, updatedAt: null };

/** An automatic transcript to write: its text and timed lines, as the ads keep them. */
export interface AutomaticTranscript {
  text: string;
  segments: TranscriptSegment[] | null;
}

/**
 * How old a stored file must be before the sweep may remove it: far longer than any upload takes
 * between storing a file and saving its ad (in this or another app process).
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const BUCKET_PREFIXES = ['audio-files/', 'images/'];

/** Slugs tried per creation: the title's timestamp, then the next milliseconds. */
const SLUG_ATTEMPTS = 5;

/** An advertiser's own ads: create, edit, toggle, delete, under the plan's limits. */
export function createMyAdsService(deps: {
  repo: AdsRepository;
  plans: PlansService;
  storage: Storage;
  clock?: () => Date;
  /** Told after every write that can change what the public sees (the public cache clears). */
  publicChanged?: () => void;
  transcription?: AudioTranscription;
  /** The acoustic index: an ad's landmarks are written with the ad (absent: left to the backfill). */
  fingerprints?: FingerprintStore;
  /** Webhook events of the ads' changes (absent: none). */
  events?: AdEvents;
}) {
  const { transcription } = deps;
  const { repo, plans, storage } = deps;
  const now = deps.clock ?? (() => new Date());
  const emit: AdEvents = (tx, ownerId, type, data) => deps.events?.(tx, ownerId, type, data) ?? Promise.resolve();
  /** The ad as the API shows it, in the event's data. */
  const emitAd = async (tx: Db, type: WebhookEvent, row: AdRow) =>
    deps.events && emit(tx, row.userId, type, { ad: await ownAd(row, tx) });
  /**
   * ad.published when a write turned the ad on (listeners can find and play it again), ad.unpublished when it
   * turned it off (hidden from them): every write that can change is_active (the toggle, PUT, PATCH) tells it here.
   */
  const emitActiveChange = async (tx: Db, before: AdRow, after: AdRow) => {
    if (before.isActive !== after.isActive) await emitAd(tx, after.isActive ? 'ad.published' : 'ad.unpublished', after);
  };

  async function owned(userId: string, id: string, tx?: Db) {
    const row = await repo.findOwned(id, userId, tx);
    if (!row) throw new NotFoundError('Ad not found');
    return row;
  }

  /** The owner's view of ads: each with the automatic transcription of its current audio. */
  async function ownAds(rows: AdRow[], tx?: Db) {
    const states =
      transcription && rows.length
        ? await transcription.states(
            rows.map((r) => r.id),
            tx,
          )
        : null;
    return rows.map((row) => {
      if (!states) return toOwnAd(row, TRANSCRIPTION_OFF);
      const state = states.get(row.id);
      // An audio uploaded while transcription was off has no job (or one of an older audio).
      return toOwnAd(row, state?.audioUrl === row.audioUrl ? (({ audioUrl: _a, ...s }) => s)(state) : null);
    });
  }
  const ownAd = async (row: AdRow, tx?: Db) => (await ownAds([row], tx))[0]!;

  /** Removes stored files of a replaced or deleted ad; a failure here must not undo the change. */
  async function removeFiles(urls: (string | null)[]) {
    const keys = urls.map((u) => (u ? storage.keyFromUrl(u) : null)).filter((k): k is string => Boolean(k));
    await Promise.all(keys.map((k) => storage.delete(k).catch(() => {})));
  }

  /** The new audio's landmarks, in the transaction that writes the ad. */
  async function storeLandmarks(tx: Db, adId: string, audio: StoredAudio) {
    if (deps.fingerprints && audio.facts.landmarks) {
      await deps.fingerprints.store(tx, adId, audio.url, audio.facts.landmarks);
    }
  }

  function fileColumns(audio: StoredAudio | undefined) {
    return audio
      ? {
          audioUrl: audio.url,
          audioDurationMs: audio.facts.durationMs,
          waveformPeaks: audio.facts.peaks,
          audioSize: audio.size,
          audioType: audio.mime,
        }
      : {};
  }

  /** The form's columns; with `only`, just those of the fields named (a partial edit). */
  const inputColumns = (input: AdInput, only?: ReadonlySet<string>): Partial<NewAdRow> => {
    const columns: [keyof AdInput, Partial<NewAdRow>][] = [
      ['title', { title: input.title }],
      ['business_name', { businessName: input.business_name }],
      ['category', { category: input.category }],
      ['location', { location: input.location }],
      ['description', { description: input.description }],
      ['website_url', { websiteUrl: input.website_url }],
      ['phone', { phone: input.phone }],
      ['is_active', { isActive: input.is_active }],
    ];
    return Object.assign({}, ...columns.filter(([field]) => !only || only.has(field)).map(([, value]) => value));
  };

  /** The transcript as given: timed lines (JSON, or '[m:ss] text' lines) or text; untouched when absent. */
  function transcriptColumns(input: AdInput, durationMs: number | null | undefined): Partial<NewAdRow> {
    if (input.transcript_segments !== undefined) {
      const segments = input.transcript_segments.length ? input.transcript_segments : null;
      return { transcript: segments ? transcriptText('', segments) : null, transcriptSegments: segments };
    }
    if (input.transcript === undefined) return {};
    const segments = parseTimedLines(input.transcript, durationMs ? durationMs / 1000 : null);
    return { transcript: transcriptText(input.transcript, segments) || null, transcriptSegments: segments };
  }

  /**
   * Whether a save changes what is said or when (the text, or a line's start and text): the owner's
   * edit, which an automatic transcription begun before it never replaces. Line ends are left out: the
   * form sends timed lines again as text, and the last one ends with the audio, which may be new.
   */
  const transcriptEdited = (before: Pick<AdRow, 'transcript' | 'transcriptSegments'>, after: Partial<NewAdRow>) => {
    if (after.transcript === undefined) return false;
    const lines = (s: TranscriptSegment[] | null | undefined) =>
      JSON.stringify(s?.map((l) => [l.start, l.text]) ?? null);
    return (
      (after.transcript ?? null) !== before.transcript ||
      lines(after.transcriptSegments) !== lines(before.transcriptSegments)
    );
  };

  /** A write, followed by the public's fresh view of it, even when it fails half way. */
  function publicWrite<A extends unknown[], R>(write: (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        deps.publicChanged?.();
      }
    };
  }

  const service = {
    // The ads and their transcriptions as of one moment: a job that just ended is seen with its transcript.
    async list(userId: string) {
      return repo.snapshot(async (tx) => ownAds(await repo.listByOwner(userId, tx), tx));
    },

    /** A page of the owner's ads (the v1 list), as of one moment like list(). */
    async page(userId: string, { limit, cursor }: PageQuery) {
      const after = decodeCursor(cursor, isInstantKey);
      return repo.snapshot(async (tx) => {
        const page = toPage(await repo.pageByOwner(userId, limit, after, tx), limit);
        return { ads: await ownAds(page.rows, tx), nextCursor: page.nextCursor };
      });
    },

    async get(userId: string, id: string) {
      return repo.snapshot(async (tx) => ownAd(await owned(userId, id, tx), tx));
    },

    /** Fast refusal before any upload is read; create() checks again under a lock. */
    async assertCanCreate(userId: string) {
      const [plan, usage] = await Promise.all([plans.userPlan(userId), plans.usage(userId, now())]);
      if (!withinLimit(usage.adsCreated, plan.adLimit)) throw new LimitReachedError(limitMessages.adLimitReached);
    },

    async create(userId: string, input: AdInput, files: AdFiles) {
      if (!files.audio) throw new BadRequestError(fileMessages.audioRequired);
      const uploader = createUploader(storage);
      try {
        const audio = await uploader.storeAudio(userId, files.audio);
        const logo = files.logo ? await uploader.storeImage(userId, files.logo) : undefined;
        const row = await repo.transaction(async (tx) => {
          const at = now();
          const usage = await plans.lockUsage(tx, userId, at);
          const plan = await plans.userPlan(userId, tx);
          if (!withinLimit(usage.adsCreated, plan.adLimit)) throw new LimitReachedError(limitMessages.adLimitReached);
          const transcript = transcriptColumns(input, audio.facts.durationMs);
          const values: Omit<NewAdRow, 'slug'> = {
            ...(inputColumns(input) as Pick<NewAdRow, 'title' | 'businessName' | 'category'>),
            ...transcript,
            transcriptEditedAt: transcript.transcript ? at : null,
            ...fileColumns(audio),
            audioUrl: audio.url,
            logoUrl: logo?.url ?? null,
            userId,
            status: 'published',
            isFeatured: false,
            createdAt: at,
            updatedAt: at,
          };
          // The same title in the same millisecond (another advertiser's creation) takes the next one.
          let inserted: AdRow | null = null;
          for (let bump = 0; !inserted && bump < SLUG_ATTEMPTS; bump++) {
            inserted = await repo.insertUnlessSlugTaken(
              { ...values, slug: slugify(input.title, at.getTime() + bump) },
              tx,
            );
          }
          if (!inserted) throw new ConflictError(adMessages.createFailed('no unique slug is free for this title'));
          await storeLandmarks(tx, inserted.id, audio);
          await plans.addCreated(tx, usage.id);
          await transcription?.enqueue(tx, { adId: inserted.id, audioUrl: inserted.audioUrl, at });
          await emitAd(tx, 'ad.created', inserted);
          return inserted;
        });
        return ownAd(row);
      } catch (err) {
        await uploader.cleanup();
        // The account went away between the session check and the insert.
        if (isForeignKeyViolation(err, 'user_id')) {
          throw new UnauthorizedError(adMessages.createFailed('user_id does not belong to a signed-in account'));
        }
        throw err;
      }
    },

    /**
     * Edits never touch status or is_featured; replaced files are removed only once the row is saved. With
     * `only`, just the fields named are written (PATCH); the transcript is written only when given.
     */
    async update(userId: string, id: string, input: AdInput, files: AdFiles, only?: ReadonlySet<string>) {
      const before = await owned(userId, id);
      const uploader = createUploader(storage);
      try {
        const audio = files.audio ? await uploader.storeAudio(userId, files.audio) : undefined;
        const logo = files.logo ? await uploader.storeImage(userId, files.logo) : undefined;
        const dropLogo = Boolean(logo) || input.remove_logo;
        const at = now();
        const transcript = transcriptColumns(input, audio ? audio.facts.durationMs : before.audioDurationMs);
        const values: Partial<NewAdRow> = {
          ...inputColumns(input, only),
          ...transcript,
          ...(transcriptEdited(before, transcript) ? { transcriptEditedAt: at } : {}),
          ...fileColumns(audio),
          ...(dropLogo ? { logoUrl: logo?.url ?? null } : {}),
        };
        // A new audio replaces the ad's landmarks and starts its transcription over, in the transaction that
        // saves it: the old audio stops matching as the new one starts.
        const row = await repo.transaction(async (tx) => {
          const updated = await repo.update(id, userId, values, tx);
          if (updated && audio) {
            await storeLandmarks(tx, id, audio);
            await transcription?.enqueue(tx, { adId: id, audioUrl: updated.audioUrl, at });
          }
          if (updated) {
            await emitAd(tx, 'ad.updated', updated);
            await emitActiveChange(tx, before, updated);
          }
          return updated;
        });
        if (!row) throw new NotFoundError('Ad not found');
        await removeFiles([audio ? before.audioUrl : null, dropLogo ? before.logoUrl : null]);
        return ownAd(row);
      } catch (err) {
        await uploader.cleanup();
        throw err;
      }
    },

    async setActive(userId: string, id: string, isActive: boolean) {
      const before = await owned(userId, id);
      const row = await repo.transaction(async (tx) => {
        const updated = await repo.update(id, userId, { isActive }, tx);
        if (updated) await emitActiveChange(tx, before, updated);
        return updated;
      });
      if (!row) throw new NotFoundError('Ad not found');
      return ownAd(row);
    },

    /** Featuring is limited by the plan; unfeaturing and deleting free a slot. See syncFeaturedUsed. */
    async setFeatured(userId: string, id: string, isFeatured: boolean) {
      const row = await repo.transaction(async (tx) => {
        const usage = await plans.lockUsage(tx, userId, now());
        const before = await owned(userId, id, tx);
        if (isFeatured && !before.isFeatured) {
          const plan = await plans.userPlan(userId, tx);
          if (!withinLimit(await plans.countFeatured(tx, userId), plan.featuredAdLimit)) {
            throw new LimitReachedError(limitMessages.featuredLimitTitle);
          }
        }
        const updated = await repo.update(id, userId, { isFeatured }, tx);
        await plans.syncFeaturedUsed(tx, usage.id, userId);
        return updated;
      });
      if (!row) throw new NotFoundError('Ad not found');
      return ownAd(row);
    },

    /**
     * The automatic transcription's result for an ad's audio, begun at `since`: written unless the ad
     * has another audio now ('gone') or its owner set the transcript at or after `since` ('kept').
     * `settle` records the outcome (the job's end) in the same transaction: no one reads the new
     * transcript beside a job still running.
     */
    async applyTranscription(
      adId: string,
      audioUrl: string,
      since: Date,
      result: AutomaticTranscript,
      settle: (tx: Db, outcome: 'written' | 'kept' | 'gone') => Promise<unknown>,
    ): Promise<'written' | 'kept' | 'gone'> {
      return repo.transaction(async (tx) => {
        const written = await repo.applyTranscription(
          adId,
          audioUrl,
          since,
          { transcript: result.text || null, transcriptSegments: result.segments },
          tx,
        );
        // Not written: set by the owner after the job began (theirs stays), or the audio was replaced.
        const target = written ? 'written' : await repo.transcriptionTarget(adId, audioUrl, since, tx);
        const outcome = target === 'wanted' ? 'kept' : target;
        await settle(tx, outcome);
        if (written && deps.events) {
          const row = await repo.findById(adId, tx);
          if (row) await emitAd(tx, 'transcript.ready', row);
        }
        return outcome;
      });
    },

    /** Whether a transcription of the audio begun at `since` is still wanted; see applyTranscription. */
    transcriptionTarget(adId: string, audioUrl: string, since: Date) {
      return repo.transcriptionTarget(adId, audioUrl, since);
    },

    /**
     * Removes what no ad refers to any more: unfinished writes of a crashed upload, files stored by a
     * creation that never saved, and files of deleted or edited ads whose removal failed. Only the two
     * buckets' keys are touched, and only files older than SWEEP_GRACE_MS. Returns the keys removed.
     */
    async sweepFiles(at = now()): Promise<string[]> {
      const referenced = new Set(
        (await repo.fileUrls()).map((url) => storage.keyFromUrl(url)).filter((key): key is string => Boolean(key)),
      );
      const removed: string[] = [];
      for await (const object of storage.list()) {
        if (!BUCKET_PREFIXES.some((prefix) => object.key.startsWith(prefix))) continue;
        if (referenced.has(object.key) || at.getTime() - object.modified.getTime() < SWEEP_GRACE_MS) continue;
        await storage.delete(object.key);
        removed.push(object.key);
      }
      return removed;
    },

    async remove(userId: string, id: string) {
      await owned(userId, id);
      const row = await repo.transaction(async (tx) => {
        // Under the usage lock, so a featured ad's slot is freed with it even while it is being featured, and
        // an ad made this month gives its monthly slot back (decision 48).
        const at = now();
        const usage = await plans.lockUsage(tx, userId, at);
        const deleted = await repo.delete(id, userId, tx);
        if (deleted) await plans.releaseCreated(tx, usage.id, deleted.createdAt, at);
        await plans.syncFeaturedUsed(tx, usage.id, userId);
        if (deleted) await emit(tx, userId, 'ad.deleted', { ad: { id: deleted.id, slug: deleted.slug } });
        return deleted;
      });
      if (!row) throw new NotFoundError('Ad not found');
      await removeFiles([row.audioUrl, row.logoUrl]);
    },
  };
  return {
    ...service,
    create: publicWrite(service.create),
    update: publicWrite(service.update),
    setActive: publicWrite(service.setActive),
    setFeatured: publicWrite(service.setFeatured),
    remove: publicWrite(service.remove),
    applyTranscription: publicWrite(service.applyTranscription),
  };
}
export type MyAdsService = ReturnType<typeof createMyAdsService>;
