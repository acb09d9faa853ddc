import { useQuery } from '@tanstack/react-query';
import type { AdListParams, AdListResponse, PublicAd } from '../../../shared/ads';
import { api } from '../../lib/api';
import { FRESH } from '../../lib/query-client';

export const adKeys = {
  all: ['ads'] as const,
  list: (params: AdListParams) => ['ads', 'list', params] as const,
  slug: (slug: string) => ['ads', 'slug', slug] as const,
  related: (slug: string) => ['ads', 'related', slug] as const,
};

export function useAdList(params: AdListParams) {
  return useQuery({
    queryKey: adKeys.list(params),
    queryFn: () => api<AdListResponse>('/api/ads', { query: { ...params } }),
    staleTime: params.featured ? FRESH.featured : FRESH.lists,
    retryDelay: 1000,
  });
}

export function useAd(slug: string) {
  return useQuery({
    queryKey: adKeys.slug(slug),
    queryFn: () => api<PublicAd>(`/api/ads/${encodeURIComponent(slug)}`),
    staleTime: FRESH.lists,
    retry: (count, err) => count < 1 && (err as { status?: number }).status !== 404,
  });
}
