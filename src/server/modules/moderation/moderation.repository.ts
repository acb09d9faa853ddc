import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { AdStatus, AuditAction, ReportReason } from '../../../shared/moderation.js';
import type { Db } from '../../db/client.js';
import { adModeration, adReports, ads, apiKeys, moderationAudit, sessions, users } from '../../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Actor {
  id: string | null;
  email: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  targetType: 'ad' | 'user';
  targetId: string;
  reason: string;
  before: unknown;
  after: unknown;
}

const adState = {
  id: ads.id,
  slug: ads.slug,
  title: ads.title,
  status: ads.status,
  userId: ads.userId,
};
export type AdState = { id: string; slug: string; title: string; status: AdStatus; userId: string };

/** The one writer of the audit log: each action's change and its record commit together. */
async function audit(tx: Tx, actor: Actor, record: AuditRecord) {
  await tx.insert(moderationAudit).values({ actorId: actor.id, actorEmail: actor.email, ...record });
}

/** The ad, locked until the transaction ends; with `from`, only while its status is one of them. */
async function lockAd(tx: Tx, id: string, from?: AdStatus[]): Promise<AdState | undefined> {
  const which = from ? and(eq(ads.id, id), inArray(ads.status, from)) : eq(ads.id, id);
  const [ad] = await tx.select(adState).from(ads).where(which).for('update');
  return ad;
}

/** Decides the ad's open reports (their case is closed); the ids of those it closed. */
function closeReports(tx: Tx, adId: string, now: Date) {
  return tx
    .update(adReports)
    .set({ resolvedAt: now })
    .where(and(eq(adReports.adId, adId), isNull(adReports.resolvedAt)))
    .returning({ id: adReports.id });
}

/** Sets the ad's status and records the change in the audit log. */
async function changeStatus(
  tx: Tx,
  actor: Actor,
  before: AdState,
  status: AdStatus,
  action: AuditAction,
  reason: string,
) {
  const [after] = await tx.update(ads).set({ status }).where(eq(ads.id, before.id)).returning(adState);
  await audit(tx, actor, {
    action,
    targetType: 'ad',
    targetId: before.id,
    reason,
    before: { status: before.status },
    after: { status: after!.status },
  });
  return after!;
}

export function createModerationRepository(db: Db) {
  return {
    /** A visible ad by slug, for a report (hidden ads take none). */
    async findPublicAd(slug: string): Promise<AdState | null> {
      const [row] = await db
        .select(adState)
        .from(ads)
        .where(and(eq(ads.slug, slug), eq(ads.status, 'published'), eq(ads.isActive, true)));
      return row ?? null;
    },

    /** Stores a report; false when this listener already has an open one on the ad. */
    async insertReport(values: { adId: string; reason: ReportReason; details?: string; listenerKey: string }) {
      const inserted = await db
        .insert(adReports)
        .values(values)
        .onConflictDoNothing({ target: [adReports.adId, adReports.listenerKey], where: isNull(adReports.resolvedAt) })
        .returning({ id: adReports.id });
      return inserted.length > 0;
    },

    /** Distinct listeners with an open report on the ad since `since`. */
    async openReporters(adId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(DISTINCT ${adReports.listenerKey})::int` })
        .from(adReports)
        .where(and(eq(adReports.adId, adId), isNull(adReports.resolvedAt), gte(adReports.createdAt, since)));
      return row!.n;
    },

    async findAd(id: string): Promise<AdState | null> {
      const [row] = await db.select(adState).from(ads).where(eq(ads.id, id));
      return row ?? null;
    },

    async findUser(id: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt, isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.id, id));
      return row ?? null;
    },

    async isSuspended(userId: string): Promise<boolean> {
      const [row] = await db.select({ at: users.suspendedAt }).from(users).where(eq(users.id, userId));
      return !!row?.at;
    },

    async isAdmin(userId: string): Promise<boolean> {
      const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
      return !!row?.isAdmin;
    },

    /** Makes an existing account a moderator; false when no account has this address. */
    async grantAdmin(email: string): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ isAdmin: true })
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        .returning({ id: users.id });
      return updated.length > 0;
    },

    /**
     * Hides an ad (`from` must still be its status: a concurrent action wins once), closes its open reports,
     * records the notice its owner sees and the action in the audit log, in one transaction. Null when the ad
     * was not in `from`.
     */
    async hideAd(
      id: string,
      from: AdStatus[],
      to: 'held' | 'taken_down',
      actor: Actor,
      reason: string,
      action: 'take-down' | 'hold',
      now: Date,
    ): Promise<AdState | null> {
      return db.transaction(async (tx) => {
        const before = await lockAd(tx, id, from);
        if (!before) return null;
        // A take-down decides the open reports; a hold leaves them open, as the case a moderator decides on.
        if (action === 'take-down') await closeReports(tx, id, now);
        const moderation = { notice: reason, decidedAt: now, reviewRequestedAt: null, reviewMessage: null };
        await tx
          .insert(adModeration)
          .values({ adId: id, ...moderation })
          .onConflictDoUpdate({ target: adModeration.adId, set: moderation });
        return changeStatus(tx, actor, before, to, action, reason);
      });
    },

    /** Makes a held or taken-down ad public again; closes its case. Null when it was not hidden so. */
    async restoreAd(id: string, actor: Actor, reason: string, now: Date): Promise<AdState | null> {
      return db.transaction(async (tx) => {
        const before = await lockAd(tx, id, ['held', 'taken_down']);
        if (!before) return null;
        // The owner may be suspended since: the ad then stays hidden with the owner's other ads.
        const owner = await tx.select({ at: users.suspendedAt }).from(users).where(eq(users.id, before.userId));
        await closeReports(tx, id, now);
        await tx.delete(adModeration).where(eq(adModeration.adId, id));
        return changeStatus(tx, actor, before, owner[0]?.at ? 'suspended' : 'published', 'restore', reason);
      });
    },

    /**
     * Closes an ad's case without changing it: its open reports, and a pending request for review (the
     * decision stands). Null when there was nothing open.
     */
    async dismiss(id: string, actor: Actor, reason: string, now: Date): Promise<AdState | null> {
      return db.transaction(async (tx) => {
        const ad = await lockAd(tx, id);
        if (!ad) return null;
        const closed = await closeReports(tx, id, now);
        const reviewed = await tx
          .update(adModeration)
          .set({ reviewRequestedAt: null })
          .where(and(eq(adModeration.adId, id), isNotNull(adModeration.reviewRequestedAt)))
          .returning({ id: adModeration.adId });
        if (!closed.length && !reviewed.length) return null;
        await audit(tx, actor, {
          action: 'dismiss',
          targetType: 'ad',
          targetId: id,
          reason,
          before: { status: ad.status, openReports: closed.length, reviewRequested: reviewed.length > 0 },
          after: { status: ad.status, openReports: 0, reviewRequested: false },
        });
        return ad;
      });
    },

    /**
     * Suspends an account: refuses its sign-in (suspended_at), ends its sessions, revokes its API keys and
     * hides its public ads, in one transaction. Null when it was already suspended (or does not exist).
     */
    async suspend(userId: string, actor: Actor, reason: string, now: Date) {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
          .for('update');
        if (!user) return null;
        await tx.update(users).set({ suspendedAt: now }).where(eq(users.id, userId));
        const endedSessions = await tx
          .delete(sessions)
          .where(eq(sessions.userId, userId))
          .returning({ id: sessions.id });
        const revokedKeys = await tx.delete(apiKeys).where(eq(apiKeys.userId, userId)).returning({ id: apiKeys.id });
        const hidden = await tx
          .update(ads)
          .set({ status: 'suspended' })
          .where(and(eq(ads.userId, userId), eq(ads.status, 'published')))
          .returning({ id: ads.id });
        await audit(tx, actor, {
          action: 'suspend',
          targetType: 'user',
          targetId: userId,
          reason,
          before: { suspended: false },
          after: {
            suspended: true,
            sessionsEnded: endedSessions.length,
            apiKeysRevoked: revokedKeys.length,
            adsHidden: hidden.map((a) => a.id),
          },
        });
        return { ...user, adsHidden: hidden.length };
      });
    },

    /** Lifts a suspension and shows the ads it hid (not those a moderator hid on their own). */
    async reinstate(userId: string, actor: Actor, reason: string) {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
          .for('update');
        if (!user) return null;
        await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
        const shown = await tx
          .update(ads)
          .set({ status: 'published' })
          .where(and(eq(ads.userId, userId), eq(ads.status, 'suspended')))
          .returning({ id: ads.id });
        await audit(tx, actor, {
          action: 'reinstate',
          targetType: 'user',
          targetId: userId,
          reason,
          before: { suspended: true },
          after: { suspended: false, adsShown: shown.map((a) => a.id) },
        });
        return { ...user, adsShown: shown.length };
      });
    },

    /** The queue: ads with open reports or a pending request for review, the newest activity first. */
    async queue() {
      const open = await db
        .select({
          adId: adReports.adId,
          reason: adReports.reason,
          details: adReports.details,
          createdAt: adReports.createdAt,
        })
        .from(adReports)
        .where(isNull(adReports.resolvedAt))
        .orderBy(desc(adReports.createdAt));
      const reviews = await db
        .select({ adId: adModeration.adId, at: adModeration.reviewRequestedAt, message: adModeration.reviewMessage })
        .from(adModeration)
        .where(isNotNull(adModeration.reviewRequestedAt));
      const ids = [...new Set([...open.map((r) => r.adId), ...reviews.map((r) => r.adId)])];
      if (!ids.length) return { open, reviews, ads: [] };
      const adRows = await db
        .select({
          id: ads.id,
          slug: ads.slug,
          title: ads.title,
          businessName: ads.businessName,
          category: ads.category,
          description: ads.description,
          audioUrl: ads.audioUrl,
          logoUrl: ads.logoUrl,
          status: ads.status,
          ownerId: users.id,
          ownerEmail: users.email,
          ownerSuspendedAt: users.suspendedAt,
        })
        .from(ads)
        .innerJoin(users, eq(users.id, ads.userId))
        .where(inArray(ads.id, ids));
      return { open, reviews, ads: adRows };
    },

    /** The audit log, newest first, a page at a time (`before`: the last id of the previous page). */
    async auditLog(limit: number, before?: number) {
      return db
        .select()
        .from(moderationAudit)
        .where(before === undefined ? undefined : lt(moderationAudit.id, before))
        .orderBy(desc(moderationAudit.id))
        .limit(limit);
    },

    /** The notice on each of the owner's hidden ads. */
    async noticesOf(userId: string) {
      return db
        .select({
          adId: adModeration.adId,
          status: ads.status,
          notice: adModeration.notice,
          decidedAt: adModeration.decidedAt,
          reviewRequestedAt: adModeration.reviewRequestedAt,
        })
        .from(adModeration)
        .innerJoin(ads, eq(ads.id, adModeration.adId))
        .where(eq(ads.userId, userId));
    },

    /**
     * The owner's one request for review of the decision on their hidden ad: 'done', or why not ('none':
     * no decision to review, 'already': asked since that decision).
     */
    async requestReview(adId: string, userId: string, message: string, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            status: ads.status,
            requested: adModeration.reviewRequestedAt,
            message: adModeration.reviewMessage,
          })
          .from(ads)
          .innerJoin(adModeration, eq(adModeration.adId, ads.id))
          .where(
            and(eq(ads.id, adId), eq(ads.userId, userId), or(eq(ads.status, 'held'), eq(ads.status, 'taken_down'))),
          )
          .for('update');
        if (!row) return 'none' as const;
        if (row.message !== null) return 'already' as const;
        await tx
          .update(adModeration)
          .set({ reviewRequestedAt: now, reviewMessage: message })
          .where(eq(adModeration.adId, adId));
        return 'done' as const;
      });
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
