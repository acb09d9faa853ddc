import { useQuery } from '@tanstack/react-query';
import type { Profile, SessionUser } from '../../../../shared/auth';
import { api } from '../../../lib/api';
import { retryUnlessRefused } from '../../../lib/query-client';
import { useHydrated } from '../../../lib/use-hydrated';

export const sessionKeys = {
  all: ['session'] as const,
  user: ['session', 'user'] as const,
  profile: ['session', 'profile'] as const,
};

export type SessionProfile = Profile & { email: string };

/**
 * Whether this browser was signed in when the session was last read: what the header shows until the
 * session is read again (or while it cannot be), so a signed-in advertiser never sees 'Log In' flash by.
 */
const SIGNED_IN_KEY = 'adreplay:signed-in';
function rememberSignedIn(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage may be unavailable (private mode): the header then waits for the session's answer.
  }
}
function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Who is signed in. It changes only by signing in or out (which update it), so it never goes stale on
 * its own. A failed read (the service briefly away, no network) is an error, not 'signed out': the
 * dashboard must not send a signed-in advertiser to the login page for it.
 */
function useSessionUser(enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.user,
    queryFn: async (): Promise<SessionUser | null> => {
      const session = await api<{ user: SessionUser } | null>('/api/auth/get-session');
      rememberSignedIn(session !== null);
      return session
        ? {
            id: session.user.id,
            email: session.user.email,
            name: session.user.name ?? null,
            emailVerified: Boolean(session.user.emailVerified),
          }
        : null;
    },
    staleTime: Infinity,
    retry: retryUnlessRefused(1),
    enabled,
  });
}

/**
 * The session: the user (id, e-mail and whether it is verified) first, then their profile, loaded after it; if the profile
 * fails to load, the session stays without one.
 */
export function useSession() {
  // The remembered sign-in is this browser's: not read until the server's HTML is hydrated. Nor is the
  // session asked for until then: its request would start in the task of hydration's effects (decision 60).
  const hydrated = useHydrated();
  const session = useSessionUser(hydrated);
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
    /** Signed in, or not yet known (being read, or unreadable) and signed in when this browser last knew. */
    seemsSignedIn: user !== null || (session.data === undefined && hydrated && wasSignedIn()),
    retry: () => void session.refetch(),
    isRetrying: session.isFetching,
  };
}
