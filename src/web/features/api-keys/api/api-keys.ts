import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyInput, CreatedApiKey } from '../../../../shared/api-keys';
import { api } from '../../../lib/api';
import { USER_SCOPE } from '../../../lib/query-client';

export const apiKeyKeys = { all: [USER_SCOPE, 'api-keys'] as const };

export const useApiKeys = () =>
  useQuery({ queryKey: apiKeyKeys.all, queryFn: () => api<{ keys: ApiKey[] }>('/api/my/api-keys'), retry: 1 });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) =>
      api<CreatedApiKey>('/api/my/api-keys', { method: 'POST', body: JSON.stringify(input) }),
    onSettled: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/my/api-keys/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
