import { z } from 'zod';
import { WebsiteUrl } from './ads.js';
import { MIN_PASSWORD_LENGTH } from './limits.js';
import { messages } from './messages.js';
import { canonicalTimeZone } from './reports.js';

/** The auth forms' rules and texts (spec section 5), used by the forms and the server alike. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LoginInput = z.object({
  email: z.string().trim().regex(EMAIL, 'Please enter a valid email address'),
  password: z.string().min(1, 'Please enter your password'),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** A required text field: missing (as an API client may send it) reads like empty. */
const required = (message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? message : undefined) })
    .trim()
    .min(1, message);

/** What an account is created from: the sign-up form minus its confirmation, checked again by the server. */
export const SignupFields = z.object({
  firstName: required('First name is required').max(80),
  lastName: required('Last name is required').max(80),
  companyName: required('Company name is required').max(120),
  email: required('Email is required').regex(EMAIL, 'Email is invalid'),
  password: z
    .string({ error: (issue) => (issue.input === undefined ? 'Password is required' : undefined) })
    .min(1, 'Password is required')
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(128),
  /**
   * The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone), for the weekly report;
   * anything that is not one (an old browser, an API client) is UTC, changeable in Settings.
   */
  timeZone: z
    .unknown()
    .optional()
    .transform((v) => canonicalTimeZone(v) ?? 'UTC'),
});

export const SignupInput = SignupFields.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: "Passwords don't match", path: ['confirmPassword'] },
);
export type SignupInput = z.infer<typeof SignupInput>;

export const ForgotPasswordInput = z.object({
  email: z.string().trim().regex(EMAIL, 'Please enter a valid email address'),
});

/** Deleting the account: the user types its e-mail address to confirm. */
export const DeleteAccountInput = z.object(
  {
    email: z
      .string({ error: 'Type your e-mail address to confirm' })
      .trim()
      .min(1, 'Type your e-mail address to confirm'),
  },
  { error: 'Type your e-mail address to confirm' },
);

export const accountMessages = {
  emailMismatch: 'The e-mail address does not match this account',
  deleted: 'Your account and everything in it have been deleted',
  passwordChanged: 'Password changed. Other devices have been signed out.',
} as const;

/** A password being chosen (changed or reset): the sign-up rule. */
const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(128);
/** The confirmation must repeat the chosen password (`field`); the mismatch is shown on the confirmation. */
const confirms =
  <F extends string>(field: F) =>
  (v: Record<F | 'confirmPassword', string>) =>
    v[field] === v.confirmPassword;
const MISMATCH = { message: 'Passwords do not match', path: ['confirmPassword'] };

/** Changing the password: the current one is required, the new one follows the sign-up rules. */
export const ChangePasswordInput = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password'),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine(confirms('newPassword'), MISMATCH);
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const ResetPasswordInput = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine(confirms('password'), MISMATCH);

const optional = (schema: z.ZodType<string>) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .nullable()
    .transform((v) => v || null);

/** A profile's name field: trimmed, and empty reads as none. */
const optionalName = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v || null);

export const ProfileInput = z.object({
  firstName: optionalName(80),
  lastName: optionalName(80),
  companyName: optionalName(120),
  website: WebsiteUrl,
  phone: optional(
    z
      .string()
      .trim()
      .regex(/^[+()\d\s.-]{7,25}$/, 'Please enter a valid phone number'),
  ),
});
export type ProfileValues = z.input<typeof ProfileInput>;

export interface Profile {
  id: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  website: string | null;
  phone: string | null;
  updatedAt: string;
}

export interface SessionUser {
  id: string;
  email: string;
  /** The name given at sign-up: 'First Last' (either may be empty). */
  name?: string | null;
  /** Whether the address was confirmed by its e-mailed link. */
  emailVerified?: boolean;
}

/**
 * What to call someone: the first name they typed at sign-up (the profile's, which Settings may change), else
 * the first word of the account's name, else the e-mail address's handle.
 */
export function greetingName(
  user: Pick<SessionUser, 'email' | 'name'>,
  profile?: { firstName: string | null } | null,
): string {
  const first = profile?.firstName?.trim() || user.name?.trim().split(/\s+/)[0];
  return first || user.email.split('@')[0]!;
}

/** Server messages, phrased so the spec's error tables (matched on content) apply. */
export const authServerMessages = {
  invalidCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  tooManyRequests: 'Too many requests. Please wait a moment before trying again.',
  userExists: 'User already registered',
  notLoggedInProfile: 'You must be logged in to update your profile',
  changeInSettings: 'Your name, company and time zone are changed in Settings',
} as const;

/** Spec section 8, 'Login errors'. */
export function loginErrorText(message: string | undefined): string {
  if (!message) return 'Failed to log in. Please try again.';
  if (message.includes('Invalid login credentials'))
    return 'Invalid email or password. Please check your credentials and try again.';
  if (message.includes('Email not confirmed'))
    return 'Please verify your email before signing in. Check your inbox for a confirmation email.';
  if (message.includes('Too many requests'))
    return 'Too many login attempts. Please wait a moment before trying again.';
  return message;
}

/** How long a throttled sign-in must wait, said after the spec's 'Too many login attempts' text. */
export function retryWaitText(seconds: number): string {
  if (seconds < 60) return `You can try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `You can try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Spec section 8, 'Sign-up errors': a field error or a form message. */
export function signupErrorText(message: string | undefined): { field?: 'email' | 'password'; text: string } {
  if (!message) return { text: 'Failed to create account. Please try again.' };
  if (message === messages.commonPassword) return { field: 'password', text: message };
  if (message.includes('User already registered'))
    return { text: 'An account with this email already exists. Please try logging in instead.' };
  if (message.includes('Invalid email')) return { field: 'email', text: 'Please enter a valid email address' };
  if (message.includes('Password')) return { field: 'password', text: 'Password must be at least 6 characters long' };
  if (/network|fetch/i.test(message)) return { text: 'Network error. Please check your connection and try again.' };
  return { text: message };
}
