import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../shared/auth.js';
import type {} from '../../caller.js';
import { UnauthorizedError } from '../../errors.js';
import { PRIVATE_NO_STORE } from '../../security-headers.js';
import type { Auth } from './auth.js';
import { toWebRequest } from './auth.routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser;
  }
  interface FastifyContextConfig {
    /** What a route answers without a session, where the spec has its own text for it. */
    signInMessage?: string;
  }
}

/**
 * Builds the preHandler that every signed-in endpoint declares: it resolves the session cookie to
 * `request.user` (state changes from other sites never get here: see same-origin.ts). What it answers
 * is the user's own: no cache, shared or the browser's, keeps it.
 */
export function createRequireUser(auth: Auth, origin: string, message?: string) {
  return async function requireUser(req: FastifyRequest, reply: FastifyReply) {
    void reply.header('cache-control', PRIVATE_NO_STORE);
    const session = await auth.api.getSession({ headers: toWebRequest(req, origin).headers });
    if (!session) throw new UnauthorizedError(req.routeOptions.config.signInMessage ?? message);
    req.user = { id: session.user.id, email: session.user.email };
    req.auth = { userId: session.user.id };
  };
}
export type RequireUser = ReturnType<typeof createRequireUser>;
