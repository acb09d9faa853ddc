import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/ui/toast';
import { ForgotPasswordInput } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { AuthCard } from '../../features/auth/AuthCard';
import { useAppForm } from '../../components/ui/use-app-form';
import { useRequestPasswordReset } from '../../features/auth/api/auth';
import { errorText } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

export default function ForgotPasswordPage() {
  usePageMeta('/forgot-password');
  const requestReset = useRequestPasswordReset();
  const form = useAppForm(ForgotPasswordInput, { defaultValues: { email: '' } });
  // Once sent, the form gives way to what happens next (the same answer whether or not the address has an account).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestReset.mutateAsync(email);
      toast.success('Password reset email sent. Please check your inbox.');
      setSentTo(email);
    } catch (err) {
      console.error('Password reset request failed', err);
      toast.error(errorText(err) ?? 'Error sending password reset email');
    }
  });
  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <div role="status" className="space-y-4 text-slate-800">
          <p className="flex gap-2">
            <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>
              If an account uses <strong className="break-all">{sentTo}</strong>, a link to choose a new password is on
              its way. It works once, for one hour.
            </span>
          </p>
          <p className="text-sm text-slate-700">
            Nothing after a few minutes? Check the spam folder, or send it again.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              Send again
            </Button>
            <Link to="/login" className="self-center text-sm text-brand-700 underline">
              Back to login
            </Link>
          </div>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password" subtitle="We'll e-mail you a link to choose a new one.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          Send Reset Link
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-brand-700 underline">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
