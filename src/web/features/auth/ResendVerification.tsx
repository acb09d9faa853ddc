import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { retryWaitText } from '../../../shared/auth';
import { ApiError, errorText } from '../../lib/api';
import { useResendVerification } from './api/verification.api';

/**
 * Asks for a new confirmation link: for the signed-in user's address, or for one typed in (the
 * server answers alike whether or not it has an account, and limits how often).
 */
export function ResendVerification({ email, label = 'Send a new link' }: { email?: string; label?: string }) {
  const resend = useResendVerification();
  const [typed, setTyped] = useState('');
  const address = email ?? typed.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (address) resend.mutate(address);
  };
  if (resend.isSuccess) {
    return (
      <p role="status" className="text-sm text-slate-800">
        A new link is on its way to <strong className="break-all">{address}</strong>. It expires in 24 hours.
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      {!email && (
        <>
          <label htmlFor="resend-email" className="block text-sm font-medium">
            Your e-mail address
          </label>
          <Input
            id="resend-email"
            type="email"
            autoComplete="email"
            required
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </>
      )}
      <Button type="submit" variant={email ? 'secondary' : 'primary'} size="sm" disabled={resend.isPending}>
        {label}
      </Button>
      {resend.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(resend.error) ?? 'The link could not be sent. Please try again.'}
          {/* Asked too often: how long until it can be asked again. */}
          {resend.error instanceof ApiError && resend.error.status === 429 && resend.error.retryAfter
            ? ` ${retryWaitText(resend.error.retryAfter)}`
            : null}
        </p>
      )}
    </form>
  );
}
