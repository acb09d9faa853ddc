import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthlyUsage, Plan, UserPlan } from '../../../../shared/plans';
import { api } from '../../../lib/api';
import { FRESH, USER_SCOPE } from '../../../lib/query-client';

export const planKeys = {
  all: ['plans'] as const,
  mine: [USER_SCOPE, 'plan'] as const,
  usage: [USER_SCOPE, 'usage'] as const,
  canCreate: [USER_SCOPE, 'can-create'] as const,
};

/** The plans on offer, the user's plan and this month's usage, each with its freshness class. */
export const planQueries = {
  all: () =>
    queryOptions({ queryKey: planKeys.all, queryFn: () => api<{ plans: Plan[] }>('/api/plans'), ...FRESH.plans }),
  mine: () =>
    queryOptions({ queryKey: planKeys.mine, queryFn: () => api<UserPlan>('/api/my/plan'), ...FRESH.userPlan }),
  usage: () =>
    queryOptions({ queryKey: planKeys.usage, queryFn: () => api<MonthlyUsage>('/api/my/usage'), ...FRESH.usage }),
  /** The server's word on whether one more ad fits this month's plan. */
  canCreate: () =>
    queryOptions({
      queryKey: planKeys.canCreate,
      queryFn: () => api<{ canCreate: boolean }>('/api/my/can-create'),
      ...FRESH.usage,
    }),
};

export const usePlans = () => useQuery(planQueries.all());
export const useMyPlan = () => useQuery(planQueries.mine());
export const useMyUsage = () => useQuery(planQueries.usage());
export const useCanCreate = () => useQuery(planQueries.canCreate());
