import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Changes the password (the current one is checked) and signs every other session out. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (v: { currentPassword: string; newPassword: string }) =>
      api('/api/auth/change-password', {
        method: 'POST',
        body: JSON.stringify({ ...v, revokeOtherSessions: true }),
      }),
  });

/** Deletes the account and everything in it, confirmed by its e-mail address. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (email: string) => api<void>('/api/my/account', { method: 'DELETE', body: JSON.stringify({ email }) }),
  });
