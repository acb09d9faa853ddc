import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { LoginInput, loginErrorText } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { AuthCard, Field, PasswordField } from '../../features/auth/AuthCard';
import { safeNext } from '../../features/auth/guards';
import { useSession } from '../../features/auth/session';
import { useAuthForm } from '../../features/auth/use-auth-form';
import { api } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

export default function LoginPage() {
  usePageMeta('/login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refresh } = useSession();
  const form = useAuthForm(LoginInput, { email: '', password: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await api('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify(values) });
      await refresh();
      toast.success('Logged in successfully!');
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (err) {
      toast.error(loginErrorText((err as Error).message));
    }
  });
  const submitting = form.formState.isSubmitting;
  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to manage your ads.">
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
        <Link to="/signup" className="font-medium text-brand-700 underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
