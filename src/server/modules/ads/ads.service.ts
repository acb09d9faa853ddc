import type { AdListQuery, AdListResponse, PublicAd } from '../../../shared/ads.js';
import { RELATED_ADS } from '../../../shared/limits.js';
import { NotFoundError } from '../../errors.js';
import { toPublicAd, type AdsRepository } from './ads.repository.js';

export function createAdsService({ repo }: { repo: AdsRepository }) {
  return {
    async list(query: AdListQuery): Promise<AdListResponse> {
      const { rows, count } = await repo.listVisible(query);
      return { ads: rows.map(toPublicAd), count };
    },

    async getBySlug(slug: string): Promise<PublicAd> {
      const row = await repo.findVisibleBySlug(slug);
      if (!row) throw new NotFoundError('Ad not found');
      return toPublicAd(row);
    },

    async related(slug: string): Promise<PublicAd[]> {
      const ad = await repo.findVisibleBySlug(slug);
      if (!ad) throw new NotFoundError('Ad not found');
      return (await repo.listRelated(ad, RELATED_ADS)).map(toPublicAd);
    },
  };
}
export type AdsService = ReturnType<typeof createAdsService>;
