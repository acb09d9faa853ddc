import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingState } from '../../../../shared/billing';
import type { UserPlan } from '../../../../shared/plans';
import { api } from '../../../lib/api';
import { USER_SCOPE } from '../../../lib/query-client';

/**
 * Starts the 14-day Premium trial (/register?plan=growth; once per account, the server refuses a second).
 * Where the server takes payments it is a Stripe trial, begun at Checkout (no card needed), and the browser
 * goes there; elsewhere it is the local trial. The plan decides limits and analytics everywhere, so all of
 * the user's data is read again.
 */
export function useStartTrial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const billing = await api<BillingState>('/api/my/billing');
      if (!billing.configured) return api<UserPlan>('/api/my/plan/trial', { method: 'POST', body: '{}' });
      const { url } = await api<{ url: string }>('/api/my/billing/checkout', {
        method: 'POST',
        body: JSON.stringify({ plan: 'Premium', interval: 'monthly', trial: true }),
      });
      window.location.assign(url);
      return null;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: [USER_SCOPE] }),
  });
}
