import { createHash, randomBytes } from 'node:crypto';
import type { AnalyticsQuery, AnalyticsSummary } from '../../../shared/analytics.js';
import { sharedStatsPath, type ShareLinkState } from '../../../shared/reports.js';
import { NotFoundError } from '../../errors.js';
import type { MyAdsService } from '../ads/my-ads.service.js';
import type { AnalyticsService } from '../analytics/analytics.service.js';
import type { StatsLinksRepository } from './stats-links.repository.js';

/** 32 random bytes (256 bits), URL-safe: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Read-only public links to one ad's figures (as Plausible's shared links): the owner makes, copies and
 * revokes one; whoever holds it sees that ad's figures and nothing of its owner.
 */
export function createStatsLinksService(deps: {
  repo: StatsLinksRepository;
  ads: MyAdsService;
  analytics: AnalyticsService;
  /** Whether the owner's plan includes charts (without: the totals only, as the owner sees them). */
  chartsFor: (userId: string) => Promise<boolean>;
  origin: string;
}) {
  const { repo, ads, analytics, chartsFor, origin } = deps;
  return {
    /** Someone else's ad answers as a missing one (the ads service's NotFoundError). */
    async state(userId: string, adId: string): Promise<ShareLinkState> {
      await ads.get(userId, adId);
      const link = await repo.find(adId);
      return { exists: Boolean(link), createdAt: link?.createdAt.toISOString() ?? null };
    },

    async create(userId: string, adId: string): Promise<ShareLinkState> {
      await ads.get(userId, adId);
      const token = randomBytes(32).toString('base64url');
      const { createdAt } = await repo.replace(adId, hashOf(token));
      return { exists: true, createdAt: createdAt.toISOString(), url: `${origin}${sharedStatsPath(token)}` };
    },

    async revoke(userId: string, adId: string) {
      await ads.get(userId, adId);
      await repo.remove(adId);
    },

    /** Whether a token opens a link now (read on every request: a revoked link is gone at once). */
    async exists(token: string) {
      return TOKEN.test(token) && (await repo.byTokenHash(hashOf(token))) !== null;
    },

    async read(token: string, period: AnalyticsQuery['period']): Promise<AnalyticsSummary & { charts: boolean }> {
      const link = TOKEN.test(token) ? await repo.byTokenHash(hashOf(token)) : null;
      if (!link) throw new NotFoundError('This stats link does not exist or was revoked');
      const summary = await analytics.summary(link.userId, { period, adId: link.adId });
      const charts = await chartsFor(link.userId);
      return charts ? { ...summary, charts } : { ...summary, daily: [], sources: [], devices: [], charts };
    },
  };
}
export type StatsLinksService = ReturnType<typeof createStatsLinksService>;
