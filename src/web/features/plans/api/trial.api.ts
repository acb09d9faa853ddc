import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPlan } from '../../../../shared/plans';
import { api } from '../../../lib/api';
import { USER_SCOPE } from '../../../lib/query-client';

/**
 * Starts the Growth tier's 14-day Premium trial (once per account; the server refuses a second). The
 * plan decides limits and analytics everywhere, so all of the user's data is read again.
 */
export function useStartTrial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<UserPlan>('/api/my/plan/trial', { method: 'POST', body: '{}' }),
    onSettled: () => qc.invalidateQueries({ queryKey: [USER_SCOPE] }),
  });
}
