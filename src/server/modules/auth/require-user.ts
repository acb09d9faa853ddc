import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../shared/auth.js';
import { UnauthorizedError } from '../../errors.js';
import type { Auth } from './auth.js';
import { toWebRequest } from './auth.routes.js';
import { assertSameOrigin } from './same-origin.js';

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
 * `request.user`, and refuses state changes that come from another site.
 */
export function createRequireUser(auth: Auth, origin: string, message?: string) {
  return async function requireUser(req: FastifyRequest, _reply: FastifyReply) {
    assertSameOrigin(req, origin);
    const session = await auth.api.getSession({ headers: toWebRequest(req, origin).headers });
    if (!session) throw new UnauthorizedError(req.routeOptions.config.signInMessage ?? message);
    req.user = { id: session.user.id, email: session.user.email };
  };
}
export type RequireUser = ReturnType<typeof createRequireUser>;
