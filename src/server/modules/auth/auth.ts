import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { authServerMessages } from '../../../shared/auth.js';
import { MIN_PASSWORD_LENGTH } from '../../../shared/limits.js';
import { moderationMessages } from '../../../shared/moderation.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loggableDbError } from '../../db/errors.js';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema.js';
import { passwordResetMail, verificationMail } from './auth.mails.js';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  secret: string;
  log: (msg: string, err?: unknown) => void;
  /** Where better-auth's own messages go; failed queries arrive without their values. */
  logger: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  /** Whether a moderator suspended the account (decision 44): it then gets no session. */
  isSuspended: (userId: string) => Promise<boolean>;
}

/** The user's fields that Settings changes, with its checks; never better-auth. */
const SETTINGS_FIELDS = ['firstName', 'lastName', 'companyName', 'timeZone'] as const;

/** better-auth on our database: e-mail and password, database sessions, hashed one-time tokens. */
export function createAuth({ db, config, mailer, secret, log, logger, isSuspended }: AuthDeps) {
  const origin = config.PUBLIC_ORIGIN;
  // Mail goes out in the background: a reset request answers in the same time whether or not the
  // address has an account (no enumeration by timing), and a slow mail server never blocks sign-up.
  const sendLater = (message: Parameters<Mailer['send']>[0]) => {
    void mailer.send(message).catch((err) => log(`Could not send "${message.subject}" to ${message.to}`, err));
  };
  // A reset link's row holds the user's id as its value (its identifier is the hashed token). Whoever set a
  // new password, by a link or by the old password, ends every link still out: an older link from a mailbox
  // that was read by someone else must not set it again.
  const forgetResetLinks = async (userId: string) => {
    await db.delete(verifications).where(eq(verifications.value, userId));
  };
  return betterAuth({
    baseURL: origin,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    user: {
      // Written at sign-up (checked by the sign-up route, SignupFields) and after that only by Settings, with
      // its checks (the profile and report-settings routes): the user update hook below refuses them.
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        companyName: { type: 'string', required: true, input: true },
        // Checked and made canonical by the sign-up route (SignupFields); UTC when the browser sent none.
        timeZone: { type: 'string', required: false, input: true, defaultValue: 'UTC' },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: config.REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: !config.REQUIRE_EMAIL_VERIFICATION,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }) => forgetResetLinks(user.id),
      sendResetPassword: async ({ user, token }) => {
        // The spec's reset page reads the token from the URL hash, which never reaches servers or logs.
        sendLater(passwordResetMail(user.email, `${origin}/reset-password#token=${encodeURIComponent(token)}`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => sendLater(verificationMail(user.email, url)),
    },
    verification: { storeIdentifier: 'hashed' },
    databaseHooks: {
      // better-auth's update-user takes any additional field as sent, past the checks of Settings: a zone
      // that is not one stopped the weekly report; a name skipped its length limit. They are not its to change.
      user: {
        update: {
          before: async (data) => {
            if (SETTINGS_FIELDS.some((key) => (data as Record<string, unknown>)[key] !== undefined)) {
              throw new APIError('BAD_REQUEST', {
                message: authServerMessages.changeInSettings,
                code: 'CHANGED_IN_SETTINGS',
              });
            }
          },
        },
      },
      // A credential account changes only with its password (change-password; a reset is told above).
      account: {
        update: {
          after: async (account) => {
            if (account.providerId === 'credential') await forgetResetLinks(account.userId);
          },
        },
      },
      // A suspended account gets no new session: sign-in (and a verification link's sign-in) is refused.
      session: {
        create: {
          before: async (session) => {
            if (await isSuspended(session.userId)) {
              throw new APIError('FORBIDDEN', {
                message: moderationMessages.suspendedSignIn,
                code: 'ACCOUNT_SUSPENDED',
              });
            }
          },
        },
      },
    },
    rateLimit: {
      enabled: true, // better-auth only limits in production by default
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 15 * 60, max: 10 },
        '/sign-up/email': { window: 60 * 60, max: 10 },
        '/request-password-reset': { window: 15 * 60, max: 5 },
        '/send-verification-email': { window: 15 * 60, max: 5 },
        // Every page load asks for the session: under the general limit, people sharing one address (an
        // office, a campus) would appear signed out. Reading one's own cookie guesses nothing.
        '/get-session': false,
      },
    },
    advanced: {
      // Its origin and callback-URL checks run everywhere, tests included (where it would skip them).
      disableOriginCheck: false,
      useSecureCookies: origin.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
    // Its default writes to the console, with a failed query's values (session tokens, e-mail addresses).
    logger: {
      log: (level, message, ...args) =>
        logger[level]({ details: args.map(loggableDbError) }, message.replace(/\nparams: [\s\S]*/, '')),
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;
