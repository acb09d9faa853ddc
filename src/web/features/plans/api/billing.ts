import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingInterval, BillingState, PaidPlan } from '../../../../shared/billing';
import { api } from '../../../lib/api';
import { USER_SCOPE } from '../../../lib/query-client';

export const billingKey = [USER_SCOPE, 'billing'] as const;

/** Payments on this server and the user's: status and invoices. `poll` reads it every second (after checkout). */
export const useBilling = (poll = false) =>
  useQuery({
    queryKey: billingKey,
    queryFn: () => api<BillingState>('/api/my/billing'),
    refetchInterval: poll ? 1_000 : false,
  });

/** Leaves for a page of Stripe's (Checkout, the Customer Portal); the answer's url is where. */
const goTo = ({ url }: { url: string }) => window.location.assign(url);

export function useCheckout() {
  return useMutation({
    mutationFn: (body: { plan: PaidPlan; interval: BillingInterval; trial?: boolean }) =>
      api<{ url: string }>('/api/my/billing/checkout', { method: 'POST', body: JSON.stringify(body) }),
    onSuccess: goTo,
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: () => api<{ url: string }>('/api/my/billing/portal', { method: 'POST', body: '{}' }),
    onSuccess: goTo,
  });
}

/** The plan changed (a webhook landed): every user query is read again. */
export function useRefreshUser() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [USER_SCOPE] });
}
