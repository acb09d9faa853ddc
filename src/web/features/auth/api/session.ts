import { useQuery } from '@tanstack/react-query';
import type { Profile, SessionUser } from '../../../../shared/auth';
import { api } from '../../../lib/api';
import { retryUnlessRefused } from '../../../lib/query-client';

export const sessionKeys = {
  all: ['session'] as const,
  user: ['session', 'user'] as const,
  profile: ['session', 'profile'] as const,
};

export type SessionProfile = Profile & { email: string };

/**
 * Who is signed in. It changes only by signing in or out (which update it), so it never goes stale on
 * its own. A failed read (the service briefly away, no network) is an error, not 'signed out': the
 * dashboard must not send a signed-in advertiser to the login page for it.
 */
function useSessionUser() {
  return useQuery({
    queryKey: sessionKeys.user,
    queryFn: async (): Promise<SessionUser | null> => {
      const session = await api<{ user: SessionUser } | null>('/api/auth/get-session');
      return session
        ? { id: session.user.id, email: session.user.email, emailVerified: Boolean(session.user.emailVerified) }
        : null;
    },
    staleTime: Infinity,
    retry: retryUnlessRefused(1),
  });
}

/**
 * The session: the user (id, e-mail and whether it is verified) first, then their profile, loaded after it; if the profile
 * fails to load, the session stays without one.
 */
export function useSession() {
  const session = useSessionUser();
  const user = session.data ?? null;
  const profile = useQuery({
    queryKey: sessionKeys.profile,
    queryFn: () => api<SessionProfile>('/api/profile'),
    enabled: user !== null,
    staleTime: Infinity,
    retry: false,
  });
  return {
    user,
    profile: user && profile.data ? profile.data : null,
    isLoading: session.isPending,
    /** Why who is signed in could not be read; `user` is then null without meaning signed out. */
    error: session.error,
    retry: () => void session.refetch(),
    isRetrying: session.isFetching,
  };
}
