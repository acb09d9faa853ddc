import { useQuery } from '@tanstack/react-query';
import type { PublicAd } from '../../../shared/ads';
import type { MonthlyUsage, UserPlan } from '../../../shared/plans';
import { api } from '../../lib/api';

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

// Spec section 7: dashboard data fresh 5 min with 3 retries; the user's plan 60 s; usage 30 s.
export const DASHBOARD = { staleTime: 5 * 60_000, retry: 3 } as const;

export interface MyStats {
  totalAds: number;
  activeAds: number;
  totalPlays: number;
  totalClicks: number;
  totalShares: number;
  totalQrScans: number;
}

export const useMyAds = () =>
  useQuery({ queryKey: myKeys.ads, queryFn: () => api<{ ads: PublicAd[] }>('/api/my/ads'), ...DASHBOARD });
export const useMyStats = () =>
  useQuery({ queryKey: myKeys.stats, queryFn: () => api<MyStats>('/api/my/stats'), ...DASHBOARD });
export const useMyPlan = () =>
  useQuery({ queryKey: myKeys.plan, queryFn: () => api<UserPlan>('/api/my/plan'), staleTime: 60_000 });
export const useMyUsage = () =>
  useQuery({ queryKey: myKeys.usage, queryFn: () => api<MonthlyUsage>('/api/my/usage'), staleTime: 30_000 });
