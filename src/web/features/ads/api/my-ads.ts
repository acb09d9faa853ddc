import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnAd } from '../../../../shared/ads';
import { api } from '../../../lib/api';
import { FRESH, retryUnlessRefused } from '../../../lib/query-client';
import { adKeys } from './keys';

/** How often an ad being transcribed is asked for again, until its transcription ends. */
const TRANSCRIBING_POLL_MS = 2_000;
export const isTranscribing = (ad: OwnAd | undefined) =>
  ad?.transcription?.status === 'pending' || ad?.transcription?.status === 'running';

/** The owner's ads in the dashboard, each query with its freshness class; the hooks below use them. */
export const myAdQueries = {
  ads: () =>
    queryOptions({
      queryKey: adKeys.mine,
      queryFn: () => api<{ ads: OwnAd[] }>('/api/my/ads'),
      ...FRESH.dashboard,
      refetchInterval: (query) => (query.state.data?.ads.some(isTranscribing) ? TRANSCRIBING_POLL_MS : false),
    }),
  ad: (id: string) =>
    queryOptions({
      queryKey: adKeys.mineOne(id),
      queryFn: () => api<OwnAd>(`/api/my/ads/${encodeURIComponent(id)}`),
      ...FRESH.dashboard,
      retry: retryUnlessRefused(FRESH.dashboard.retry),
      refetchInterval: (query) => (isTranscribing(query.state.data) ? TRANSCRIBING_POLL_MS : false),
    }),
};

export const useMyAds = () => useQuery(myAdQueries.ads());
export const useMyAd = (id: string) => useQuery(myAdQueries.ad(id));
