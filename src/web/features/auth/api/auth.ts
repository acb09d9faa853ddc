import { useCallback, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProfileInput } from '../../../../shared/auth';
import { api } from '../../../lib/api';
import { USER_SCOPE } from '../../../lib/query-client';
import { sessionKeys } from './session';
import { VERIFY_CALLBACK } from './verification.api';

interface SignedIn {
  user: { id: string };
}

/** What the sign-up form sends (the form's fields, the confirmation checked and left out). */
export interface SignUpRequest {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

/**
 * Signs in. `onSignedIn` runs before the session is re-read, because a new session takes the page on
 * at once (its guard leaves the login page).
 */
export function useSignIn({ onSignedIn }: { onSignedIn?: (res: SignedIn) => void | Promise<void> } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: { email: string; password: string }) =>
      api<SignedIn>('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify(values) }),
    onSuccess: async (res) => {
      await onSignedIn?.(res);
      await qc.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

/**
 * Creates an account. Where sign-up signs in at once (`signedIn`) the session is re-read after
 * `onSignedUp`; otherwise the address must be verified first.
 */
export function useSignUp({
  onSignedUp,
}: { onSignedUp?: (res: SignedIn & { signedIn: boolean }) => void | Promise<void> } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: SignUpRequest) =>
      api<SignedIn & { signedIn: boolean }>('/api/auth/sign-up/email', {
        method: 'POST',
        body: JSON.stringify({
          ...v,
          name: `${v.firstName} ${v.lastName}`,
          // The weekly report goes out on Monday morning in the advertiser's own zone (changeable in Settings).
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          callbackURL: VERIFY_CALLBACK,
        }),
      }),
    onSuccess: async (res) => {
      await onSignedUp?.(res);
      if (res.signedIn) await qc.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

/** Forgets the session and every piece of the user's data here (signed out, or the account deleted). */
export function useForgetSession() {
  const qc = useQueryClient();
  // Only the user is read again: re-reading the profile too would ask for it with the old user still
  // held here and be refused. Once the user is gone the profile is dropped.
  return useCallback(async () => {
    qc.removeQueries({ queryKey: [USER_SCOPE] });
    await qc.invalidateQueries({ queryKey: sessionKeys.user, exact: true });
    qc.removeQueries({ queryKey: sessionKeys.profile });
  }, [qc]);
}

/** Navigation state of a page left because its session ended on the server (the account deleted). */
export const SESSION_ENDED = { sessionEnded: true } as const;

/**
 * On a public page reached with SESSION_ENDED, forgets the session once that page is shown, so no guarded
 * page is left on screen to see the user gone and send the browser to /login.
 */
export function useForgetSessionOnArrival() {
  const forget = useForgetSession();
  const { state, key } = useLocation();
  const ended = (state as Partial<typeof SESSION_ENDED> | null)?.sessionEnded === true;
  useEffect(() => {
    if (ended) void forget();
  }, [ended, key, forget]); // once per arrival: forget is stable
}

/** Ends the session on the server, then forgets it and every piece of the user's data here. */
export function useSignOut() {
  const forget = useForgetSession();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: '{}' }),
    onSuccess: forget,
  });
}

/** Reads the session again (a verification link may have just signed in or confirmed the address). */
export function useRefreshSession() {
  const qc = useQueryClient();
  return useCallback(() => qc.refetchQueries({ queryKey: sessionKeys.all }), [qc]);
}

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      api('/api/auth/request-password-reset', {
        method: 'POST',
        body: JSON.stringify({ email, redirectTo: '/reset-password' }),
      }),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ password, token }: { password: string; token: string }) =>
      api('/api/auth/reset-password', { method: 'POST', body: JSON.stringify({ newPassword: password, token }) }),
  });

/** Saves the profile, then re-reads it. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: z.output<typeof ProfileInput>) =>
      api('/api/profile', { method: 'PUT', body: JSON.stringify(values) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKeys.profile }),
  });
}
