import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { LoadFailure } from '../../components/layout/LoadFailure';
import { useSession } from './api/session';

const VERIFY_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND']);

function Waiting() {
  return (
    <p className="mx-auto max-w-xl px-4 py-24 text-center text-slate-700" aria-busy="true">
      Loading...
    </p>
  );
}

/** Signed-in only: others go to /login, which brings them back here (path and query) afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, isLoading, error, retry, isRetrying } = useSession();
  const { pathname, search } = useLocation();
  // Verification links sent before they landed on /verify-email came back here with ?error=.
  const linkError = new URLSearchParams(search).get('error');
  if (linkError && VERIFY_ERRORS.has(linkError)) {
    return <Navigate to={`/verify-email?error=${encodeURIComponent(linkError)}`} replace />;
  }
  if (isLoading) return <Waiting />;
  if (error) {
    return <LoadFailure title="Unable to check your sign-in" error={error} onRetry={retry} retrying={isRetrying} />;
  }
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  return children;
}

/**
 * Login and sign-up pages: a signed-in user goes on to the path remembered in `next`, else to the
 * dashboard. This is also how a successful login leaves the page: one step, straight to the target.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  if (isLoading) return <Waiting />;
  if (user) return <Navigate to={safeNext(params.get('next'))} replace />;
  return children;
}

/** Only same-site paths may be returned to after login. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard';
}
