import { z } from 'zod';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useAppForm } from '../../components/ui/use-app-form';
import { retryWaitText } from '../../../shared/auth';
import { ApiError, errorText } from '../../lib/api';
import { useResendVerification } from './api/verification.api';

/** A typed address goes as typed (the browser checks its form); the server decides what it accepts. */
const ResendForm = z.object({ email: z.string().trim() });

/**
 * Asks for a new confirmation link: for the signed-in user's address, or for one typed in (the
 * server answers alike whether or not it has an account, and limits how often).
 */
export function ResendVerification({ email, label = 'Send a new link' }: { email?: string; label?: string }) {
  const resend = useResendVerification();
  const form = useAppForm(ResendForm, { defaultValues: { email: '' }, lockWhileSubmitting: false });
  const submit = form.handleSubmit(({ email: typed }) => {
    const address = email ?? typed;
    if (address) resend.mutate(address);
  });
  if (resend.isSuccess) {
    return (
      <p role="status" className="text-sm text-slate-800">
        A new link is on its way to <strong className="break-all">{resend.variables}</strong>. It expires in 24 hours.
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      {!email && (
        <FormField id="resend-email" label="Your e-mail address">
          <Input type="email" autoComplete="email" required {...form.input('email', 'resend-email')} />
        </FormField>
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
