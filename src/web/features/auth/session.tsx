import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Profile, SessionUser } from '../../../shared/auth';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

interface SessionState {
  user: SessionUser | null;
  profile: (Profile & { email: string }) | null;
  isLoading: boolean;
  /** Re-reads the session (after sign-in, sign-up or verification). */
  refresh: () => Promise<void>;
  /** Ends the session on the server, then clears it here. */
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * The basic session (user id and e-mail) is set first and the profile loads after it; if the profile
 * fails to load, the session stays without one.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [profile, setProfile] = useState<SessionState['profile']>(null);
  const [isLoading, setLoading] = useState(true);

  const refresh = useCallback(async () => {
    try {
      const session = await api<{ user: SessionUser } | null>('/api/auth/get-session');
      const next = session ? { id: session.user.id, email: session.user.email } : null;
      setUser(next);
      setLoading(false);
      if (!next) return setProfile(null);
      setProfile(await api<SessionState['profile']>('/api/profile').catch(() => null));
    } catch {
      setUser(null);
      setLoading(false);
    }
  }, []);

  const signOut = useCallback(async () => {
    await api('/api/auth/sign-out', { method: 'POST', body: '{}' });
    setUser(null);
    setProfile(null);
    queryClient.removeQueries({ queryKey: ['my'] });
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo(
    () => ({ user, profile, isLoading, refresh, signOut }),
    [user, profile, isLoading, refresh, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession needs a SessionProvider');
  return ctx;
}
