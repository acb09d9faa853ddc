import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Where verification links land: the page that says whether the link worked. */
export const VERIFY_CALLBACK = '/verify-email';

/** Asks for a new verification link (limited per address by the server). */
export const useResendVerification = () =>
  useMutation({
    mutationFn: (email: string) =>
      api<{ status: boolean }>('/api/auth/send-verification-email', {
        method: 'POST',
        body: JSON.stringify({ email, callbackURL: VERIFY_CALLBACK }),
      }),
  });
