import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authServerMessages, SignupFields } from '../../../shared/auth.js';
import type { ErrorCode } from '../../../shared/errors.js';
import type { AddressPseudonym } from '../../client-address.js';
import { errorBody } from '../../errors.js';
import type { Auth } from './auth.js';
import { messages } from '../../../shared/messages.js';
import { AppError, DATABASE_UNAVAILABLE, RateLimitedError, ServiceUnavailableError } from '../../errors.js';
import { isCommonPassword } from './common-passwords.js';
import type { LoginThrottle } from './login-throttle.js';
import { PRIVATE_NO_STORE } from '../../security-headers.js';

/**
 * better-auth's error codes as ours, reworded so the spec's error tables (matched on text) apply; without a
 * message of ours, better-auth's own stays.
 */
const REWORD: Record<string, { code: ErrorCode; message?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: authServerMessages.invalidCredentials },
  EMAIL_NOT_VERIFIED: { code: 'EMAIL_NOT_VERIFIED', message: authServerMessages.emailNotConfirmed },
  USER_ALREADY_EXISTS: { code: 'USER_EXISTS', message: authServerMessages.userExists },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'USER_EXISTS', message: authServerMessages.userExists },
  // A wrong current password when changing it.
  INVALID_PASSWORD: { code: 'INVALID_CREDENTIALS' },
};

/** better-auth's error answer in the one error shape. */
function authError(status: number, body: { code?: unknown; message?: unknown }, retryAfter?: number) {
  const known = typeof body.code === 'string' ? REWORD[body.code] : undefined;
  const message = typeof body.message === 'string' ? body.message : '';
  if (known) return errorBody(status, known.message ?? message, known.code);
  if (status === 429) return errorBody(status, authServerMessages.tooManyRequests, 'RATE_LIMITED', retryAfter);
  return errorBody(status, message);
}

/** The request as better-auth reads it; `address` stands in for the client's (see client-address.ts). */
export function toWebRequest(req: FastifyRequest, origin: string, address?: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key === 'x-forwarded-for') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  // better-auth limits by client address, resolved by Fastify (honouring TRUST_PROXY), and keeps it.
  if (address) headers.set('x-forwarded-for', address);
  // The same-origin guard in front of every route has judged the page's origin (same-origin.ts); better-auth,
  // which trusts only the public one, is told that one rather than the address a phone on the network used.
  if (headers.has('origin')) headers.set('origin', origin);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
  return new Request(new URL(req.url, origin), {
    method: req.method,
    headers,
    body: hasBody ? (typeof req.body === 'string' ? req.body : JSON.stringify(req.body)) : undefined,
  });
}

const withoutToken = ({ token: _token, ...rest }: { token?: unknown }) => rest;

/**
 * better-auth puts the session's token in its answers' bodies as well as in its HttpOnly cookie: at the top
 * of a sign-in or sign-up, in `session` when asked for the session, and in each session of the list
 * (list-sessions). A script on the page must not read it, so a sign-in says only whether a session was made,
 * and sessions are described without it.
 */
function withoutSessionToken(body: unknown): unknown {
  if (Array.isArray(body)) return body.map((s: unknown) => (s && typeof s === 'object' ? withoutToken(s) : s));
  if (!body || typeof body !== 'object') return body;
  if ('token' in body) {
    const { token, ...rest } = body as { token: unknown };
    return { ...rest, signedIn: typeof token === 'string' && token.length > 0 };
  }
  const session = (body as { session?: unknown }).session;
  if (session && typeof session === 'object') return { ...body, session: withoutToken(session) };
  return body;
}
/** Where better-auth takes a new password, and the field it is in. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
};

/**
 * A verification link that is valid but was already followed redirects like a fresh one, minus the
 * session it signs in with (autoSignInAfterVerification); the page it lands on is told, so it can say so.
 */
function markUsedLink(reply: FastifyReply, res: Response, signedIn: boolean) {
  const location = res.headers.get('location');
  if (res.status !== 302 || signedIn || !location || /[?&]error=/.test(location)) return;
  reply.header('location', `${location}${location.includes('?') ? '&' : '?'}used=1`);
}

/**
 * Mounts better-auth under /api/auth, adding the sign-up form's rules, the common-password check, the
 * sign-in throttle and the spec's wording.
 */
export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    origin,
    throttle,
    addressOf,
    databaseReachable,
  }: {
    auth: Auth;
    origin: string;
    throttle: LoginThrottle;
    addressOf: AddressPseudonym;
    /** Whether the database answers now (better-auth reports a lost one as its own 500). */
    databaseReachable: () => Promise<boolean>;
  },
) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(req, reply) {
      const path = req.url.split('?')[0]!;
      const post = req.method === 'POST';
      if (post && path === '/api/auth/sign-up/email') {
        // better-auth checks only its own fields: the sign-up form's rules apply here too, with its texts.
        const checked = SignupFields.safeParse(req.body ?? {});
        if (!checked.success) {
          return reply.status(400).send(errorBody(400, checked.error.issues[0]!.message));
        }
        req.body = { ...(req.body as object), ...checked.data }; // what was checked (trimmed) is what is stored
      }
      const newPassword = post
        ? (req.body as Record<string, unknown> | undefined)?.[NEW_PASSWORD_FIELD[path] ?? '']
        : undefined;
      if (typeof newPassword === 'string' && (await isCommonPassword(newPassword))) {
        throw new AppError(400, messages.commonPassword, 'COMMON_PASSWORD');
      }
      if (post && path === '/api/auth/change-password') {
        // A new password ends every other session, whatever the client asked: whoever knew the old one is out.
        req.body = { ...(req.body as object), revokeOtherSessions: true };
      }

      const address = addressOf(req.ip);
      const signIn = post && path === '/api/auth/sign-in/email';
      const email = signIn
        ? String((req.body as { email?: unknown } | undefined)?.email ?? '')
            .trim()
            .toLowerCase()
        : '';
      if (email) {
        const wait = await throttle.secondsToWait(email, address);
        if (wait > 0) throw new RateLimitedError(authServerMessages.tooManyRequests, wait);
      }

      const res = await auth.handler(toWebRequest(req, origin, address));
      // better-auth answers some failures itself ('Failed to get session', 500), whatever their cause: while
      // the database is away that is an outage, told as every other request tells it (503, Retry-After).
      if (res.status >= 500 && !(await databaseReachable())) {
        throw new ServiceUnavailableError(DATABASE_UNAVAILABLE.message, DATABASE_UNAVAILABLE.retryAfter);
      }
      if (email) {
        if (res.status === 401) await throttle.failed(email, address);
        else if (res.ok) await throttle.succeeded(email, address);
      }
      // better-auth's own per-address limit says when in a header of its own.
      const retryAfter = res.status === 429 ? Number(res.headers.get('x-retry-after')) || 60 : undefined;
      reply.status(res.status);
      res.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      // Sessions, users and tokens: nothing here may be kept by a cache.
      reply.header('cache-control', PRIVATE_NO_STORE);
      if (req.method === 'GET' && path === '/api/auth/verify-email') markUsedLink(reply, res, cookies.length > 0);

      const text = await res.text();
      if (!text || !res.headers.get('content-type')?.includes('json')) return reply.send(text || null);
      const body = JSON.parse(text) as unknown;
      if (!res.ok && body && typeof body === 'object') return reply.send(authError(res.status, body, retryAfter));
      return reply.send(withoutSessionToken(body));
    },
  });
}
