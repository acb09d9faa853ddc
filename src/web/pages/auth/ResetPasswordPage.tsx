import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { ResetPasswordInput } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { PasswordField } from '../../components/ui/password-field';
import { AuthCard } from '../../features/auth/AuthCard';
import { useAppForm } from '../../components/ui/use-app-form';
import { useResetPassword } from '../../features/auth/api/auth';
import { errorText } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

export default function ResetPasswordPage() {
  usePageMeta('/reset-password');
  const navigate = useNavigate();
  // The token arrives in the hash, which browsers never send to servers.
  const token = useMemo(() => new URLSearchParams(window.location.hash.slice(1)).get('token'), []);
  useEffect(() => {
    if (!token) {
      toast.error('Invalid or missing reset token');
      void navigate('/login', { replace: true });
    }
  }, [token, navigate]);
  const resetPassword = useResetPassword();
  const form = useAppForm(ResetPasswordInput, { defaultValues: { password: '', confirmPassword: '' } });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await resetPassword.mutateAsync({ password, token });
      toast.success('Password updated successfully!');
      void navigate('/login', { replace: true });
    } catch (err) {
      toast.error(errorText(err) ?? 'Error resetting password');
    }
  });
  if (!token) return null;
  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <PasswordField label="New Password" autoComplete="new-password" {...form.field('password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          Update Password
        </Button>
      </form>
    </AuthCard>
  );
}
