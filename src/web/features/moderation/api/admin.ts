import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdAction,
  AuditResponse,
  OwnerModeration,
  QueueResponse,
  UserAction,
} from '../../../../shared/moderation';
import { api } from '../../../lib/api';
import { FRESH, retryUnlessRefused, USER_SCOPE } from '../../../lib/query-client';

/** Under the user scope: signing out drops the moderators' data with the rest. */
export const moderationKeys = {
  queue: [USER_SCOPE, 'moderation', 'queue'] as const,
  audit: [USER_SCOPE, 'moderation', 'audit'] as const,
  notices: [USER_SCOPE, 'moderation', 'notices'] as const,
  moderator: [USER_SCOPE, 'moderation', 'moderator'] as const,
};

/** Whether the signed-in account may moderate (asked only when signed in; never a 401 or 403). */
export const useIsModerator = (signedIn: boolean) =>
  useQuery({
    queryKey: moderationKeys.moderator,
    queryFn: () => api<{ moderator: boolean }>('/api/my/moderator'),
    enabled: signedIn,
    staleTime: 0,
    retry: retryUnlessRefused(1),
  });

/** The report queue, grouped by ad (401 signed out, 403 for an advertiser: never retried). */
export const useModerationQueue = (enabled: boolean) =>
  useQuery({
    queryKey: moderationKeys.queue,
    queryFn: () => api<QueueResponse>('/api/admin/reports'),
    enabled,
    staleTime: 0,
    retry: retryUnlessRefused(1),
  });

/** The audit log, newest first, 50 entries a page. */
export const useAuditLog = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: moderationKeys.audit,
    queryFn: ({ pageParam }) =>
      api<AuditResponse>('/api/admin/audit', { query: pageParam ? { before: pageParam } : undefined }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled,
    staleTime: 0,
    retry: retryUnlessRefused(1),
  });

export type ModerationAction =
  | { target: 'ad'; id: string; action: AdAction; reason: string }
  | { target: 'user'; id: string; action: UserAction; reason: string };

/** One moderator action; the queue and the log are read again afterwards. */
export function useModerationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, id, action, reason }: ModerationAction) =>
      api<{ ok: true }>(`/api/admin/${target === 'ad' ? 'ads' : 'users'}/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: JSON.stringify({ reason }),
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: moderationKeys.queue }),
        client.invalidateQueries({ queryKey: moderationKeys.audit }),
      ]),
  });
}

/** The moderation notices on the owner's hidden ads, by ad id (dashboard). */
export const useModerationNotices = () =>
  useQuery({
    queryKey: moderationKeys.notices,
    queryFn: () => api<{ notices: Record<string, OwnerModeration> }>('/api/my/moderation'),
    ...FRESH.dashboard,
  });

/** The owner's one request for review of a decision. */
export function useRequestReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ adId, message }: { adId: string; message: string }) =>
      api<{ ok: true; message: string }>(`/api/my/ads/${encodeURIComponent(adId)}/review`, {
        method: 'POST',
        body: JSON.stringify({ message }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: moderationKeys.notices }),
  });
}
