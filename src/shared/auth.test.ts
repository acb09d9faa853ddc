import { describe, expect, it } from 'vitest';
import {
  greetingName,
  authServerMessages,
  ForgotPasswordInput,
  LoginInput,
  loginErrorText,
  ResetPasswordInput,
  retryWaitText,
  SignupInput,
  signupErrorText,
} from './auth.js';
import { messages } from './messages.js';

/** Spec section 8, 'Login errors': every row, with the server's own wording where it has one. */
describe('loginErrorText', () => {
  it.each([
    ['Invalid login credentials', 'Invalid email or password. Please check your credentials and try again.'],
    [authServerMessages.invalidCredentials, 'Invalid email or password. Please check your credentials and try again.'],
    [
      'Error: Invalid login credentials (401)',
      'Invalid email or password. Please check your credentials and try again.',
    ],
    ['Email not confirmed', 'Please verify your email before signing in. Check your inbox for a confirmation email.'],
    [
      authServerMessages.emailNotConfirmed,
      'Please verify your email before signing in. Check your inbox for a confirmation email.',
    ],
    ['Too many requests', 'Too many login attempts. Please wait a moment before trying again.'],
    [authServerMessages.tooManyRequests, 'Too many login attempts. Please wait a moment before trying again.'],
    // other: the message itself ...
    ['Cross-site request refused', 'Cross-site request refused'],
    [
      'Network error. Please check your connection and try again.',
      'Network error. Please check your connection and try again.',
    ],
    // ... or, without one, the default.
    [undefined, 'Failed to log in. Please try again.'],
    ['', 'Failed to log in. Please try again.'],
  ])('%j shows %j', (message, shown) => {
    expect(loginErrorText(message)).toBe(shown);
  });

  it('matches on content, case included', () => {
    expect(loginErrorText('invalid login credentials')).toBe('invalid login credentials');
  });
});

/** Spec section 8, 'Sign-up errors': every row; two of them are field errors. */
describe('retryWaitText', () => {
  it('says how long a throttled sign-in waits, in seconds under a minute and whole minutes above', () => {
    expect(retryWaitText(1)).toBe('You can try again in 1 second.');
    expect(retryWaitText(15)).toBe('You can try again in 15 seconds.');
    expect(retryWaitText(60)).toBe('You can try again in 1 minute.');
    expect(retryWaitText(61)).toBe('You can try again in 2 minutes.');
    expect(retryWaitText(900)).toBe('You can try again in 15 minutes.');
  });
});

describe('signupErrorText', () => {
  it('puts the common-password message under the password field, as the server says it', () => {
    expect(signupErrorText(messages.commonPassword)).toEqual({ field: 'password', text: messages.commonPassword });
  });

  it.each([
    ['User already registered', { text: 'An account with this email already exists. Please try logging in instead.' }],
    [
      authServerMessages.userExists,
      { text: 'An account with this email already exists. Please try logging in instead.' },
    ],
    ['Invalid email', { field: 'email', text: 'Please enter a valid email address' }],
    ['Invalid email address', { field: 'email', text: 'Please enter a valid email address' }],
    ['Password too short', { field: 'password', text: 'Password must be at least 6 characters long' }],
    [
      'Password must be at least 6 characters',
      { field: 'password', text: 'Password must be at least 6 characters long' },
    ],
    [
      'Network error. Please check your connection and try again.',
      { text: 'Network error. Please check your connection and try again.' },
    ],
    ['Failed to fetch', { text: 'Network error. Please check your connection and try again.' }],
    [
      'NetworkError when attempting to fetch resource.',
      { text: 'Network error. Please check your connection and try again.' },
    ],
    // other: the message itself ...
    ['First name is required', { text: 'First name is required' }],
    [
      'Too many requests. Please wait a moment before trying again.',
      { text: 'Too many requests. Please wait a moment before trying again.' },
    ],
    // ... or, without one, the default.
    [undefined, { text: 'Failed to create account. Please try again.' }],
    ['', { text: 'Failed to create account. Please try again.' }],
  ])('%j shows %j', (message, shown) => {
    expect(signupErrorText(message)).toEqual(shown);
  });
});

/** Spec section 5: the forms' rules, with their texts. */
describe('form contracts', () => {
  /** The first message of each field, as the forms show it. */
  const firstMessages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
    const out: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
    return out;
  };

  it('login', () => {
    expect(firstMessages(LoginInput.safeParse({ email: 'nope', password: '' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Please enter your password',
    });
    expect(LoginInput.safeParse({ email: ' pat@example.com ', password: 'x' }).data?.email).toBe('pat@example.com');
  });

  it('sign-up', () => {
    const empty = { firstName: '', lastName: ' ', companyName: '', email: '', password: '', confirmPassword: '' };
    expect(firstMessages(SignupInput.safeParse(empty))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      companyName: 'Company name is required',
      email: 'Email is required',
      password: 'Password is required',
    });
    const filled = { firstName: 'P', lastName: 'D', companyName: 'C', email: 'pat@example', password: '12345' };
    expect(firstMessages(SignupInput.safeParse({ ...filled, confirmPassword: '12345' }))).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 6 characters',
    });
    expect(
      firstMessages(
        SignupInput.safeParse({ ...filled, email: 'pat@example.com', password: '123456', confirmPassword: '1234567' }),
      ),
    ).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it('forgot and reset password', () => {
    expect(firstMessages(ForgotPasswordInput.safeParse({ email: 'x@y' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(firstMessages(ResetPasswordInput.safeParse({ password: '12345', confirmPassword: '12345' }))).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(firstMessages(ResetPasswordInput.safeParse({ password: '123456', confirmPassword: '654321' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('greetingName', () => {
  const rosa = { email: 'rosa26670@example.com', name: 'Rosa Díaz' };
  it('calls a person by the first name they typed at sign-up, not by their e-mail handle', () => {
    expect(greetingName(rosa, { firstName: 'Rosa' })).toBe('Rosa');
    expect(greetingName(rosa, { firstName: '  Rosie ' })).toBe('Rosie');
    // Before the profile loads: the account's name.
    expect(greetingName(rosa)).toBe('Rosa');
    expect(greetingName({ ...rosa, name: ' ' }, { firstName: '' })).toBe('rosa26670');
    expect(greetingName({ email: 'pat@example.com' }, null)).toBe('pat');
  });
});
