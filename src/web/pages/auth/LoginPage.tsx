import { Link, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { useState } from 'react';
import { LoginInput, loginErrorText, retryWaitText } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { PasswordField } from '../../components/ui/password-field';
import { AuthCard } from '../../features/auth/AuthCard';
import { useAppForm } from '../../components/ui/use-app-form';
import { useSignIn } from '../../features/auth/api/auth';
import { ResendVerification } from '../../features/auth/ResendVerification';
import { useStartTrial } from '../../features/plans/api/trial.api';
import { rememberTier, tierFrom, withTier } from '../../features/plans/chosen-plan';
import { ApiError, errorText } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

export default function LoginPage() {
  usePageMeta('/login');
  const [params] = useSearchParams();
  const tier = tierFrom(params.get('plan'));
  // Sign-in refused until the address is confirmed: offer a new link for it right here.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const trial = useStartTrial();
  // Setting the session is all it takes: this page's guard (RedirectSignedIn) then goes on to the
  // remembered path, else /dashboard, in one step. Navigating here too would race it.
  const signIn = useSignIn({
    onSignedIn: async (res) => {
      if (tier) rememberTier(res.user.id, tier);
      // Signed up for Growth before confirming the address: the trial starts now (once per account).
      if (tier?.id === 'growth') await trial.mutateAsync().catch(() => {});
      toast.success('Logged in successfully!');
    },
  });
  const form = useAppForm(LoginInput, { defaultValues: { email: '', password: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    setUnconfirmed(null);
    try {
      await signIn.mutateAsync(values);
    } catch (err) {
      const text = loginErrorText(errorText(err));
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') setUnconfirmed(values.email);
      // A throttled sign-in says how long to wait, after the spec's text.
      const wait = err instanceof ApiError && err.status === 429 && err.retryAfter;
      toast.error(wait ? `${text} ${retryWaitText(wait)}` : text);
    }
  });
  const submitting = form.formState.isSubmitting;
  return (
    <AuthCard
      title="Welcome Back"
      subtitle={
        tier ? (
          <>
            Chosen plan: <strong>{tier.name}</strong>
          </>
        ) : (
          'Sign in to manage your ads.'
        )
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-700 underline">
            Forgot Password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {unconfirmed && (
        <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="mb-2">Confirm your e-mail address with the link we sent, then sign in. Lost it?</p>
          <ResendVerification email={unconfirmed} />
        </div>
      )}
      <p className="mt-6 text-center text-sm text-slate-700">
        Don't have an account?{' '}
        <Link to={withTier('/signup', tier)} className="font-medium text-brand-700 underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
