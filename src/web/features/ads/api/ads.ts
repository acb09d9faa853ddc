import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AdListParams, AdListResponse, PublicAd } from '../../../../shared/ads';
import { PAGE_SIZE } from '../../../../shared/limits';
import { browserRead, withQuery, type ApiRead } from '../../../lib/api';
import { takePageData } from '../../../lib/page-data';
import { FRESH, retryUnlessRefused } from '../../../lib/query-client';
import { adKeys } from './keys';

const fetchList = (params: AdListParams, read: ApiRead) => read<AdListResponse>(withQuery('/api/ads', { ...params }));

/*
 * Each public query's options, shared by its hook and by the route loader that fills the cache when the
 * server renders the page (router.tsx): the same key and the same answer, so hydration finds the data.
 */

export const adListQuery = (params: AdListParams, read = browserRead) => ({
  queryKey: adKeys.list(params),
  queryFn: () => fetchList(params, read),
  ...(params.featured ? FRESH.featured : FRESH.list),
});

export type DirectoryParams = Omit<AdListParams, 'page' | 'limit'>;

export const directoryQuery = (params: DirectoryParams, read = browserRead) => ({
  queryKey: adKeys.directory(params),
  queryFn: ({ pageParam }: { pageParam: number }) => fetchList({ ...params, page: pageParam, limit: PAGE_SIZE }, read),
  initialPageParam: 0,
  getNextPageParam: (last: AdListResponse, pages: AdListResponse[]) =>
    pages.length * PAGE_SIZE < last.count ? pages.length : undefined,
  ...FRESH.list,
});

export const adQuery = (slug: string, read = browserRead) => ({
  queryKey: adKeys.slug(slug),
  queryFn: () => read<PublicAd>(`/api/ads/${encodeURIComponent(slug)}`),
  ...FRESH.ad,
  retry: retryUnlessRefused(1),
});

export const relatedAdsQuery = (slug: string, read = browserRead) => ({
  queryKey: adKeys.related(slug),
  queryFn: () => read<{ ads: PublicAd[] }>(`/api/ads/${encodeURIComponent(slug)}/related`),
  ...FRESH.list,
  retry: retryUnlessRefused(1),
});

/** A fixed list (featured sections). */
export function useAdList(params: AdListParams) {
  return useQuery(adListQuery(params));
}

/**
 * The directory: pages of 12 appended by Load More, at least `pages` of them (the address's `?page=`; the
 * server renders that many, and a page opened in the browser fetches up to it).
 */
export function useDirectory(params: DirectoryParams, pages = 1) {
  const query = useInfiniteQuery(directoryQuery(params));
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  const loaded = query.data?.pages.length ?? 0;
  useEffect(() => {
    if (loaded > 0 && loaded < pages && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [loaded, pages, hasNextPage, isFetching, isError, fetchNextPage]);
  return query;
}

/** The ad the server rendered this page for, if it is this one: the page shows it without a request. */
function servedAd(slug: string) {
  const data = takePageData() as PublicAd | undefined;
  return data?.slug === slug ? data : undefined;
}

export function useAd(slug: string) {
  return useQuery({
    ...adQuery(slug),
    // As fresh as the page, which was made when the browser asked for it.
    initialData: () => servedAd(slug),
    initialDataUpdatedAt: () => performance.timeOrigin,
  });
}

export function useRelatedAds(slug: string) {
  return useQuery(relatedAdsQuery(slug));
}
