import { useState } from 'react';
import { accountMessages, ChangePasswordInput, DeleteAccountInput } from '../../../shared/auth';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordField } from '../../components/ui/password-field';
import { toast } from '../../components/ui/toast';
import { useAppForm } from '../../components/ui/use-app-form';
import { ApiError, errorText } from '../../lib/api';
import { useChangePassword, useDeleteAccount } from './api/account.api';

export function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useAppForm(ChangePasswordInput, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const field = form.field;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutateAsync({ currentPassword, newPassword }).then(
      () => {
        form.reset();
        toast.success(accountMessages.passwordChanged);
      },
      (err: unknown) => {
        if (err instanceof ApiError && err.code === 'INVALID_CREDENTIALS')
          form.setError('currentPassword', { message: 'Current password is incorrect' });
        else toast.error(errorText(err) ?? 'Error changing password');
      },
    ),
  );
  return (
    <Card className="mt-6 p-6">
      <h2 className="text-lg font-semibold">Change Password</h2>
      <p className="mt-1 text-sm text-slate-700">Your other devices are signed out when the password changes.</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <PasswordField label="Current Password" autoComplete="current-password" {...field('currentPassword')} />
        </div>
        <PasswordField label="New Password" autoComplete="new-password" {...field('newPassword')} />
        <PasswordField label="Confirm New Password" autoComplete="new-password" {...field('confirmPassword')} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** `onDeleted` leaves the page once the server has removed the account (and the session with it). */
export function DeleteAccountCard({ email, onDeleted }: { email: string; onDeleted: () => unknown }) {
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const form = useAppForm(DeleteAccountInput, { defaultValues: { email: '' }, lockWhileSubmitting: false });
  // Only the account's own address confirms: the button waits for it.
  const matches = (form.watch('email') ?? '').trim().toLowerCase() === email.toLowerCase();
  const onSubmit = form.handleSubmit(({ email: typed }) => {
    if (!matches) return;
    remove.mutate(typed, {
      onSuccess: async () => {
        setOpen(false);
        toast.success(accountMessages.deleted);
        await onDeleted();
      },
      onError: (err) => toast.error(errorText(err) ?? 'Error deleting account'),
    });
  });
  return (
    <Card className="mt-6 border-red-200 p-6">
      <h2 className="text-lg font-semibold text-red-800">Delete Account</h2>
      <p className="mt-1 text-sm text-slate-800">
        Deletes your account and everything in it for good: every ad with its audio and logo, its page and QR code, its
        analytics, your API keys and your sessions.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete your account?">
        <form className="space-y-4 p-4" onSubmit={onSubmit}>
          <p className="text-slate-800">
            This cannot be undone. To confirm, type your e-mail address <strong className="break-all">{email}</strong>.
          </p>
          <FormField id="confirm-email" label="Your e-mail address">
            <Input type="email" autoComplete="off" {...form.input('email', 'confirm-email')} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
