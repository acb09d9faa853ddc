import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../errors.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state change sent by another site's page. Browsers put the page's Origin on every
 * cross-site POST, PUT, PATCH and DELETE, so one that is not ours means someone else's page is
 * riding on the user's cookie. The one check for the auth endpoints and every signed-in endpoint.
 */
export function assertSameOrigin(req: FastifyRequest, origin: string): void {
  if (READS.has(req.method)) return;
  const sentFrom = req.headers.origin;
  if (sentFrom && sentFrom !== origin) throw new ForbiddenError('Cross-site request refused');
}
