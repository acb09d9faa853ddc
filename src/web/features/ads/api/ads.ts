import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdListParams, AdListResponse, PublicAd } from '../../../../shared/ads';
import { PAGE_SIZE } from '../../../../shared/limits';
import { api } from '../../../lib/api';
import { takePageData } from '../../../lib/page-data';
import { FRESH, retryUnlessRefused } from '../../../lib/query-client';
import { adKeys } from './keys';

const fetchList = (params: AdListParams) => api<AdListResponse>('/api/ads', { query: { ...params } });

/** A fixed list (featured sections). */
export function useAdList(params: AdListParams) {
  return useQuery({
    queryKey: adKeys.list(params),
    queryFn: () => fetchList(params),
    ...(params.featured ? FRESH.featured : FRESH.list),
  });
}

/** The directory: pages of 12 appended by Load More. */
export function useDirectory(params: Omit<AdListParams, 'page' | 'limit'>) {
  return useInfiniteQuery({
    queryKey: adKeys.directory(params),
    queryFn: ({ pageParam }) => fetchList({ ...params, page: pageParam, limit: PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.count ? pages.length : undefined),
    ...FRESH.list,
  });
}

/** The ad the server rendered this page for, if it is this one: the page shows it without a request. */
function servedAd(slug: string) {
  const data = takePageData() as PublicAd | undefined;
  return data?.slug === slug ? data : undefined;
}

export function useAd(slug: string) {
  return useQuery({
    queryKey: adKeys.slug(slug),
    queryFn: () => api<PublicAd>(`/api/ads/${encodeURIComponent(slug)}`),
    // As fresh as the page, which was made when the browser asked for it.
    initialData: () => servedAd(slug),
    initialDataUpdatedAt: () => performance.timeOrigin,
    ...FRESH.ad,
    retry: retryUnlessRefused(1),
  });
}

export function useRelatedAds(slug: string) {
  return useQuery({
    queryKey: adKeys.related(slug),
    queryFn: () => api<{ ads: PublicAd[] }>(`/api/ads/${encodeURIComponent(slug)}/related`),
    ...FRESH.list,
    retry: retryUnlessRefused(1),
  });
}
