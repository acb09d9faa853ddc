import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookInput,
  WebhookPatch,
} from '../../../../shared/webhooks';
import { api } from '../../../lib/api';
import { USER_SCOPE } from '../../../lib/query-client';

const BASE = '/api/my/webhooks';
export const webhookKeys = {
  all: [USER_SCOPE, 'webhooks'] as const,
  deliveries: (id: string) => [USER_SCOPE, 'webhooks', id, 'deliveries'] as const,
};

export const useWebhooks = () =>
  useQuery({ queryKey: webhookKeys.all, queryFn: () => api<{ endpoints: WebhookEndpoint[] }>(BASE), retry: 1 });

/** The log refreshes while it is open: deliveries and retries arrive in the background. */
export const useDeliveries = (id: string) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => api<{ deliveries: WebhookDelivery[] }>(`${BASE}/${id}/deliveries`),
    refetchInterval: 5_000,
    retry: 1,
  });

function useWebhookMutation<A, R>(fn: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useCreateWebhook = () =>
  useWebhookMutation((input: WebhookInput) =>
    api<CreatedWebhookEndpoint>(BASE, { method: 'POST', body: JSON.stringify(input) }),
  );
export const usePatchWebhook = () =>
  useWebhookMutation(({ id, patch }: { id: string; patch: WebhookPatch }) =>
    api<WebhookEndpoint>(`${BASE}/${id}`, { method: 'PATCH', body: JSON.stringify(patch) }),
  );
export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => api<void>(`${BASE}/${id}`, { method: 'DELETE' }));
export const useSendTestEvent = () =>
  useWebhookMutation((id: string) => api<unknown>(`${BASE}/${id}/test`, { method: 'POST' }));
export const useResend = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api<unknown>(`${BASE}/${id}/deliveries/${deliveryId}/resend`, { method: 'POST' }),
  );
