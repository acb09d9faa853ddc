import { LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api';
import { useSignOut } from './api/auth';
import { useSession } from './api/session';

/** Signs out from wherever it is: to / first, so a protected page doesn't bounce to /login. */
function useSignOutAndLeave() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return async () => {
    try {
      // Leave for / before the session clears, so a protected page doesn't bounce to /login.
      await navigate('/', { flushSync: true });
      await signOut.mutateAsync();
      toast.success('Logged out successfully');
    } catch (err) {
      toast.error(errorText(err) ?? 'Error signing out');
    }
  };
}

/** The Sign Out button on its own, for the dashboard's frame. */
export function SignOutButton({ className }: { className?: string }) {
  const onSignOut = useSignOutAndLeave();
  return (
    <button type="button" onClick={onSignOut} className={buttonClass({ variant: 'ghost', size: 'sm' }, className)}>
      <LogOut className="h-4 w-4" aria-hidden /> Sign Out
    </button>
  );
}

/**
 * The account corner of the header (the layouts hand it to <Header>): Log In / Sign Up, or Dashboard and
 * sign-out, also while the session is still being read for a browser that was signed in.
 */
export function HeaderAccount() {
  const { seemsSignedIn } = useSession();
  const onSignOut = useSignOutAndLeave();
  if (seemsSignedIn) {
    return (
      <>
        <Link to="/dashboard" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          Dashboard
        </Link>
        <button type="button" onClick={onSignOut} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <LogOut className="h-4 w-4" aria-hidden /> Sign Out
        </button>
      </>
    );
  }
  return (
    <>
      <Link to="/login" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
        Log In
      </Link>
      <Link to="/signup" className={buttonClass({ size: 'sm' })}>
        Sign Up
      </Link>
    </>
  );
}
