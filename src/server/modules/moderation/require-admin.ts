import type { FastifyReply, FastifyRequest } from 'fastify';
import { moderationMessages as texts } from '../../../shared/moderation.js';
import { ForbiddenError } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';

/**
 * The preHandler of every moderator route: a session (401 without one, from requireUser), then the admin
 * role (403 for every other account). Moderators are the accounts marked by `npm run admin:grant` and the
 * addresses of ADMIN_EMAILS, read on every request so that a change needs no new session.
 */
export function createRequireAdmin(
  requireUser: RequireUser,
  { adminEmails, isAdmin }: { adminEmails: string[]; isAdmin: (userId: string) => Promise<boolean> },
) {
  const listed = new Set(adminEmails.map((e) => e.toLowerCase()));
  return async function requireAdmin(req: FastifyRequest, reply: FastifyReply) {
    await requireUser(req, reply);
    const user = req.user!;
    if (listed.has(user.email.toLowerCase()) || (await isAdmin(user.id))) return;
    throw new ForbiddenError(texts.notAdmin);
  };
}
