import { Link } from 'react-router';
import { toast } from '../../components/ui/toast';
import { ForgotPasswordInput } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { AuthCard } from '../../features/auth/AuthCard';
import { useAuthForm } from '../../features/auth/use-auth-form';
import { api, errorText } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

export default function ForgotPasswordPage() {
  usePageMeta('/forgot-password');
  const form = useAuthForm(ForgotPasswordInput, { email: '' });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await api('/api/auth/request-password-reset', {
        method: 'POST',
        body: JSON.stringify({ email, redirectTo: '/reset-password' }),
      });
      toast.success('Password reset email sent. Please check your inbox.');
    } catch (err) {
      console.error('Password reset request failed', err);
      toast.error(errorText(err) ?? 'Error sending password reset email');
    }
  });
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
