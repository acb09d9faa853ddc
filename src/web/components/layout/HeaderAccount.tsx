import { buttonClass } from '../ui/button';
import { Link } from 'react-router';

/** The account corner of the header: Log In / Sign Up when signed out. */
export function HeaderAccount() {
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
