import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnAd } from '../../../../shared/ads';
import { api } from '../../../lib/api';
import { FRESH, retryUnlessRefused } from '../../../lib/query-client';
import { adKeys } from './keys';

/** The owner's ads in the dashboard, each query with its freshness class; the hooks below use them. */
export const myAdQueries = {
  ads: () =>
    queryOptions({ queryKey: adKeys.mine, queryFn: () => api<{ ads: OwnAd[] }>('/api/my/ads'), ...FRESH.dashboard }),
  ad: (id: string) =>
    queryOptions({
      queryKey: adKeys.mineOne(id),
      queryFn: () => api<OwnAd>(`/api/my/ads/${encodeURIComponent(id)}`),
      ...FRESH.dashboard,
      retry: retryUnlessRefused(FRESH.dashboard.retry),
    }),
};

export const useMyAds = () => useQuery(myAdQueries.ads());
export const useMyAd = (id: string) => useQuery(myAdQueries.ad(id));
