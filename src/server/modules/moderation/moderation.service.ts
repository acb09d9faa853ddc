import { dayOf } from '../../../shared/analytics.js';
import type { Category } from '../../../shared/categories.js';
import {
  type AuditResponse,
  moderationMessages as texts,
  type OwnerModeration,
  type QueueItem,
  type ReportReason,
} from '../../../shared/moderation.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import { brandedMail } from '../../adapters/mailer/branded.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { listenerKey } from '../analytics/listener.js';
import type { Actor, AdState, ModerationRepository } from './moderation.repository.js';

const DAY_MS = 24 * 3600_000;
/** Reports shown per ad in the queue (the count and reasons cover them all). */
const REPORTS_SHOWN = 20;
const AUDIT_PAGE = 50;

export interface ModerationDeps {
  repo: ModerationRepository;
  /** The day's salt of the listener code (analytics), so a report names its listener as events do. */
  saltFor: (day: string) => Promise<string>;
  mailer: Mailer;
  origin: string;
  /** Distinct listeners whose reports within 24 hours hide an ad pending review. */
  holdThreshold: number;
  /** Clears the public cache here and in the other app processes (public-changes.ts). */
  publicChanged: () => void;
  log: { error(obj: object, msg: string): void };
  clock?: () => Date;
}

export function createModerationService(deps: ModerationDeps) {
  const { repo, origin } = deps;
  const clock = deps.clock ?? (() => new Date());
  const dashboard = `${origin}/dashboard/ads`;

  /** The owner hears of each decision by e-mail; a failed send is logged, the decision stands. */
  const tell = (to: string, subject: string, paragraphs: string[], withReview = true) =>
    void deps.mailer
      .send(
        brandedMail({
          to,
          subject,
          paragraphs,
          action: { label: 'Open your ads', url: dashboard },
          note: withReview
            ? 'You can ask for one review of this decision from your dashboard.'
            : 'Reply to the AdReplay team through the contact page if you have questions.',
        }),
      )
      .catch((err: unknown) => deps.log.error({ err }, 'moderation e-mail not sent'));

  async function ownerEmail(ad: AdState) {
    return (await repo.findUser(ad.userId))?.email ?? null;
  }

  async function notifyHidden(ad: AdState, held: boolean, reason: string) {
    const to = await ownerEmail(ad);
    if (!to) return;
    tell(
      to,
      held ? `Your ad "${ad.title}" is hidden pending review` : `Your ad "${ad.title}" was taken down`,
      held
        ? [
            `Several listeners reported your ad "${ad.title}" within a day, so it is hidden from AdReplay until a moderator reviews it.`,
          ]
        : [`A moderator took down your ad "${ad.title}". It no longer appears on AdReplay.`, `Reason: ${reason}`],
    );
  }

  return {
    /**
     * A listener's report of a public ad. Reports from the same listener code count once; once enough
     * distinct listeners reported the ad within 24 hours, it is held (hidden) until a moderator decides.
     */
    async report(slug: string, input: { reason: ReportReason; details?: string }, who: { ip: string; ua: string }) {
      const ad = await repo.findPublicAd(slug);
      if (!ad) throw new NotFoundError('Ad not found');
      const now = clock();
      const key = listenerKey(await deps.saltFor(dayOf(now)), who.ip, who.ua, ad.id);
      const added = await repo.insertReport({
        adId: ad.id,
        reason: input.reason,
        details: input.details,
        listenerKey: key,
      });
      if (added && (await repo.openReporters(ad.id, new Date(now.getTime() - DAY_MS))) >= deps.holdThreshold) {
        const reason = `Reported by ${deps.holdThreshold} or more listeners within 24 hours`;
        const held = await repo.hideAd(ad.id, ['published'], 'held', { id: null, email: null }, reason, 'hold', now);
        if (held) {
          deps.publicChanged();
          await notifyHidden(held, true, reason);
        }
      }
    },

    async takeDown(adId: string, actor: Actor, reason: string) {
      const ad = await repo.hideAd(adId, ['published', 'held'], 'taken_down', actor, reason, 'take-down', clock());
      if (!ad) throw await stateError(adId, 'take-down');
      deps.publicChanged();
      await notifyHidden(ad, false, reason);
      return ad;
    },

    async restore(adId: string, actor: Actor, reason: string) {
      const ad = await repo.restoreAd(adId, actor, reason, clock());
      if (!ad) throw await stateError(adId, 'restore');
      deps.publicChanged();
      const to = await ownerEmail(ad);
      if (to)
        tell(
          to,
          `Your ad "${ad.title}" is back on AdReplay`,
          [`A moderator restored your ad "${ad.title}".`, `Reason: ${reason}`],
          false,
        );
      return ad;
    },

    async dismiss(adId: string, actor: Actor, reason: string) {
      const ad = await repo.dismiss(adId, actor, reason, clock());
      if (!ad) throw await stateError(adId, 'dismiss');
      return ad;
    },

    async suspend(userId: string, actor: Actor, reason: string) {
      const user = await repo.suspend(userId, actor, reason, clock());
      if (!user) throw await userStateError(userId, 'suspend');
      deps.publicChanged();
      tell(
        user.email,
        'Your AdReplay account is suspended',
        [
          'A moderator suspended your AdReplay account: you cannot sign in, your ads are hidden and your API keys no longer work.',
          `Reason: ${reason}`,
        ],
        false,
      );
      return user;
    },

    async reinstate(userId: string, actor: Actor, reason: string) {
      const user = await repo.reinstate(userId, actor, reason);
      if (!user) throw await userStateError(userId, 'reinstate');
      deps.publicChanged();
      tell(
        user.email,
        'Your AdReplay account is reinstated',
        [
          'A moderator lifted the suspension of your AdReplay account. You can sign in again; create new API keys in Settings.',
          `Reason: ${reason}`,
        ],
        false,
      );
      return user;
    },

    /** The moderators' queue: one item per ad with open reports or a review request, newest activity first. */
    async queue(): Promise<QueueItem[]> {
      const { open, reviews, ads } = await repo.queue();
      const items = ads.map((ad): QueueItem => {
        const reports = open.filter((r) => r.adId === ad.id);
        const review = reviews.find((r) => r.adId === ad.id);
        const counts = new Map<ReportReason, number>();
        for (const r of reports) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
        const latest = Math.max(reports[0]?.createdAt.getTime() ?? 0, review?.at?.getTime() ?? 0);
        return {
          ad: {
            id: ad.id,
            slug: ad.slug,
            title: ad.title,
            businessName: ad.businessName,
            category: ad.category as Category,
            description: ad.description,
            audioUrl: ad.audioUrl,
            logoUrl: ad.logoUrl,
            status: ad.status,
          },
          owner: { id: ad.ownerId, email: ad.ownerEmail, suspended: !!ad.ownerSuspendedAt },
          reportCount: reports.length,
          reasons: [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
          latestAt: new Date(latest).toISOString(),
          reports: reports.slice(0, REPORTS_SHOWN).map((r) => ({
            reason: r.reason,
            details: r.details,
            createdAt: r.createdAt.toISOString(),
          })),
          review: review?.at ? { requestedAt: review.at.toISOString(), message: review.message ?? '' } : null,
        };
      });
      return items.sort((a, b) => b.latestAt.localeCompare(a.latestAt));
    },

    async auditLog(before?: number): Promise<AuditResponse> {
      const rows = await repo.auditLog(AUDIT_PAGE + 1, before);
      const page = rows.slice(0, AUDIT_PAGE);
      return {
        entries: page.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          actorEmail: r.actorEmail,
          action: r.action,
          targetType: r.targetType,
          targetId: r.targetId,
          reason: r.reason,
          before: r.before,
          after: r.after,
        })),
        nextBefore: rows.length > AUDIT_PAGE ? page.at(-1)!.id : null,
      };
    },

    /** The moderation notice of each of the owner's hidden ads, by ad id. */
    async noticesFor(userId: string): Promise<Map<string, OwnerModeration>> {
      const notices = new Map<string, OwnerModeration>();
      for (const n of await repo.noticesOf(userId)) {
        const { status } = n;
        if (status !== 'held' && status !== 'taken_down') continue;
        notices.set(n.adId, {
          status,
          notice: n.notice,
          decidedAt: n.decidedAt.toISOString(),
          reviewRequestedAt: n.reviewRequestedAt?.toISOString() ?? null,
        });
      }
      return notices;
    },

    async requestReview(adId: string, userId: string, message: string) {
      const outcome = await repo.requestReview(adId, userId, message, clock());
      if (outcome === 'none') throw new ConflictError(texts.reviewNotNeeded);
      if (outcome === 'already') throw new ConflictError(texts.reviewAlreadyRequested);
    },

    isSuspended: (userId: string) => repo.isSuspended(userId),
  };

  /** Why an action did not apply: no such ad (404), or it is not in a state the action applies to (409). */
  async function stateError(adId: string, action: 'take-down' | 'restore' | 'dismiss') {
    return (await repo.findAd(adId)) ? new ConflictError(texts.wrongState[action]) : new NotFoundError('Ad not found');
  }
  async function userStateError(userId: string, action: 'suspend' | 'reinstate') {
    return (await repo.findUser(userId))
      ? new ConflictError(texts.wrongState[action])
      : new NotFoundError('Account not found');
  }
}
export type ModerationService = ReturnType<typeof createModerationService>;
