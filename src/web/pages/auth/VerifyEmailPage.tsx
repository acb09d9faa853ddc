import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { ButtonLink } from '../../components/ui/button';
import { AuthCard } from '../../features/auth/AuthCard';
import { ResendVerification } from '../../features/auth/ResendVerification';
import { useRefreshSession } from '../../features/auth/api/auth';
import { useSession } from '../../features/auth/api/session';
import { usePageMeta } from '../../lib/page-meta';

const CONFIRMED = 'Thank you: your e-mail address is confirmed.';

/** Where every confirmation link lands (its callback): whether it worked, and if not, a new one. */
export default function VerifyEmailPage() {
  usePageMeta('/verify-email');
  const [params] = useSearchParams();
  const { user } = useSession();
  const refresh = useRefreshSession();
  const error = params.get('error');
  const used = params.get('used') === '1';
  // A fresh link signed in (or updated the session cookie): read the session again, then go on to the
  // dashboard, which shows the address as confirmed.
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!error) void refresh().finally(() => setChecked(true));
  }, [error, refresh]);
  const arrived = !error && !used && checked && Boolean(user);
  useEffect(() => {
    if (arrived) toast.success(CONFIRMED);
  }, [arrived]);
  if (arrived) return <Navigate to="/dashboard" replace />;

  if (error) {
    const expired = error === 'TOKEN_EXPIRED';
    return (
      <AuthCard title={expired ? 'This link has expired' : 'This link does not work'}>
        <div className="space-y-4">
          <p className="flex gap-2 text-slate-800">
            <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden />
            {expired
              ? 'Confirmation links work for 24 hours. Your address is not confirmed yet: ask for a new link below.'
              : 'The confirmation link is not valid: it may have been cut short or changed when it was copied. Ask for a new link below.'}
          </p>
          <ResendVerification email={user?.emailVerified === false ? user.email : undefined} />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={used ? 'This link was already used' : 'E-mail address confirmed'}>
      <div className="space-y-4">
        <p className="flex gap-2 text-slate-800">
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden />
          {used ? 'Your e-mail address is already confirmed; there is nothing more to do with this link.' : CONFIRMED}
        </p>
        {user ? (
          <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
        ) : (
          <ButtonLink to="/login">Log in</ButtonLink>
        )}
      </div>
    </AuthCard>
  );
}
