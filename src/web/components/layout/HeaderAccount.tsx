import { LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../ui/toast';
import { useSession } from '../../features/auth/session';
import { errorText } from '../../lib/api';
import { buttonClass } from '../ui/button';

/** The account corner of the header: Log In / Sign Up, or Dashboard and sign-out. */
export function HeaderAccount() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  if (user) {
    const onSignOut = async () => {
      try {
        // Leave for / before the session clears, so a protected page doesn't bounce to /login.
        await navigate('/');
        await signOut();
        toast.success('Logged out successfully');
      } catch (err) {
        toast.error(errorText(err) ?? 'Error signing out');
      }
    };
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
