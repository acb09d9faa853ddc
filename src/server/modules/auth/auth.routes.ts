import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authServerMessages, SignupFields } from '../../../shared/auth.js';
import type { AddressPseudonym } from '../../client-address.js';
import type { Auth } from './auth.js';
import type { LoginFailures } from './login-failures.js';
import { assertSameOrigin } from './same-origin.js';

/** better-auth's error codes, reworded so the spec's error tables (matched on text) apply. */
const REWORD: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: authServerMessages.invalidCredentials,
  EMAIL_NOT_VERIFIED: authServerMessages.emailNotConfirmed,
  USER_ALREADY_EXISTS: authServerMessages.userExists,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: authServerMessages.userExists,
};

/** The request as better-auth reads it; `address` stands in for the client's (see client-address.ts). */
export function toWebRequest(req: FastifyRequest, origin: string, address?: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key === 'x-forwarded-for') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  // better-auth limits by client address, resolved by Fastify (honouring TRUST_PROXY), and keeps it.
  if (address) headers.set('x-forwarded-for', address);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
  return new Request(new URL(req.url, origin), {
    method: req.method,
    headers,
    body: hasBody ? (typeof req.body === 'string' ? req.body : JSON.stringify(req.body)) : undefined,
  });
}

/** Mounts better-auth under /api/auth, adding the per-address sign-in limit and the spec's wording. */
export async function authRoutes(
  app: FastifyInstance,
  {
    auth,
    origin,
    failures,
    addressOf,
  }: { auth: Auth; origin: string; failures: LoginFailures; addressOf: AddressPseudonym },
) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(req, reply) {
      assertSameOrigin(req, origin);
      const path = req.url.split('?')[0];
      if (req.method === 'POST' && path === '/api/auth/sign-up/email') {
        // better-auth checks only its own fields: the sign-up form's rules apply here too, with its texts.
        const checked = SignupFields.safeParse(req.body ?? {});
        if (!checked.success) {
          return reply.status(400).send({ code: 'VALIDATION_ERROR', message: checked.error.issues[0]!.message });
        }
        req.body = { ...(req.body as object), ...checked.data }; // what was checked (trimmed) is what is stored
      }
      const signIn = req.method === 'POST' && path === '/api/auth/sign-in/email';
      const email = signIn ? String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase() : '';
      if (email && (await failures.isBlocked(email))) {
        return reply.status(429).send({ code: 'TOO_MANY_REQUESTS', message: authServerMessages.tooManyRequests });
      }

      const res = await auth.handler(toWebRequest(req, origin, addressOf(req.ip)));
      reply.status(res.status);
      res.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);

      if (email) {
        if (res.status === 401) await failures.record(email);
        else if (res.ok) await failures.clear(email);
      }
      const text = await res.text();
      if (!text || !res.headers.get('content-type')?.includes('json')) return reply.send(text || null);
      const body = JSON.parse(text) as { code?: string; message?: string };
      if (!res.ok && body && typeof body === 'object') {
        if (body.code && REWORD[body.code]) body.message = REWORD[body.code];
        else if (res.status === 429) body.message = authServerMessages.tooManyRequests;
      }
      return reply.send(body);
    },
  });
}
