import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicAd } from '../../../shared/ads';
import type { MonthlyUsage, UserPlan } from '../../../shared/plans';
import { api } from '../../lib/api';
import { FRESH, retryUnlessRefused } from '../../lib/query-client';

/** The signed-in advertiser's data; all keys start with 'my' so sign-out can drop them at once. */
export const myKeys = {
  all: ['my'] as const,
  ads: ['my', 'ads'] as const,
  ad: (id: string) => ['my', 'ads', id] as const,
  stats: ['my', 'stats'] as const,
  plan: ['my', 'plan'] as const,
  usage: ['my', 'usage'] as const,
  analytics: ['my', 'analytics'] as const,
};

export interface MyStats {
  totalAds: number;
  activeAds: number;
  totalPlays: number;
  totalClicks: number;
  totalShares: number;
  totalQrScans: number;
}

/** The queries of the dashboard, each with its freshness class; the hooks below use them. */
export const myQueries = {
  ads: () =>
    queryOptions({ queryKey: myKeys.ads, queryFn: () => api<{ ads: PublicAd[] }>('/api/my/ads'), ...FRESH.dashboard }),
  ad: (id: string) =>
    queryOptions({
      queryKey: myKeys.ad(id),
      queryFn: () => api<PublicAd>(`/api/my/ads/${encodeURIComponent(id)}`),
      ...FRESH.dashboard,
      retry: retryUnlessRefused(FRESH.dashboard.retry),
    }),
  stats: () =>
    queryOptions({ queryKey: myKeys.stats, queryFn: () => api<MyStats>('/api/my/stats'), ...FRESH.dashboard }),
  plan: () => queryOptions({ queryKey: myKeys.plan, queryFn: () => api<UserPlan>('/api/my/plan'), ...FRESH.userPlan }),
  usage: () =>
    queryOptions({ queryKey: myKeys.usage, queryFn: () => api<MonthlyUsage>('/api/my/usage'), ...FRESH.usage }),
};

export const useMyAds = () => useQuery(myQueries.ads());
export const useMyAd = (id: string) => useQuery(myQueries.ad(id));
export const useMyStats = () => useQuery(myQueries.stats());
export const useMyPlan = () => useQuery(myQueries.plan());
export const useMyUsage = () => useQuery(myQueries.usage());
