import { Link, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { LoginInput, loginErrorText } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { AuthCard, PasswordField } from '../../features/auth/AuthCard';
import { useSession } from '../../features/auth/session';
import { useAuthForm } from '../../features/auth/use-auth-form';
import { rememberTier, tierFrom, withTier } from '../../features/plans/chosen-plan';
import { api, errorText } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

export default function LoginPage() {
  usePageMeta('/login');
  const [params] = useSearchParams();
  const tier = tierFrom(params.get('plan'));
  const { refresh } = useSession();
  const form = useAuthForm(LoginInput, { email: '', password: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await api<{ user: { id: string } }>('/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify(values),
      });
      if (tier) rememberTier(res.user.id, tier);
      toast.success('Logged in successfully!');
      // Setting the session is all it takes: this page's guard (RedirectSignedIn) then goes on to the
      // remembered path, else /dashboard, in one step. Navigating here too would race it.
      await refresh();
    } catch (err) {
      toast.error(loginErrorText(errorText(err)));
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
      <p className="mt-6 text-center text-sm text-slate-700">
        Don't have an account?{' '}
        <Link to={withTier('/signup', tier)} className="font-medium text-brand-700 underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
