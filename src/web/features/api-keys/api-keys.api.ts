import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyInput, CreatedApiKey } from '../../../shared/api-keys';
import { api } from '../../lib/api';

// Under 'my' so that signing out drops them with the rest of the user's data.
const keysKey = ['my', 'api-keys'] as const;

export const useApiKeys = () =>
  useQuery({ queryKey: keysKey, queryFn: () => api<{ keys: ApiKey[] }>('/api/my/api-keys'), retry: 1 });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) =>
      api<CreatedApiKey>('/api/my/api-keys', { method: 'POST', body: JSON.stringify(input) }),
    onSettled: () => qc.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/my/api-keys/${id}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: keysKey }),
  });
}
