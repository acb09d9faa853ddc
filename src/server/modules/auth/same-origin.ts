import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ForbiddenError } from '../../errors.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The partner API: a bearer key, which browsers never attach by themselves, is all it reads. */
const KEY_ONLY = /^\/api\/v1(\/|\?|$)/;

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/** The address this request was sent to, as a page loaded from it names its origin. */
const addressedTo = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * Refuses a state change sent by another site's page. Browsers put the page's Origin on every POST,
 * PUT, PATCH and DELETE, and say `Sec-Fetch-Site: cross-site` when the page is someone else's; either
 * means another page is riding on the user's cookie. The page's origin must be the app's public one or
 * the very address the request went to (a phone on the same network opening the laptop's address):
 * another site's page cannot choose the Host its visitors' browsers send. A request with cookies must
 * name its origin (one that hides it cannot be told apart from an attack); one without cookies acts for
 * nobody, so a server-side client may leave it out.
 */
export function assertSameOrigin(req: FastifyRequest, origin: string): void {
  if (READS.has(req.method) || KEY_ONLY.test(req.url)) return;
  const sentFrom = req.headers.origin;
  if (sentFrom !== undefined && sentFrom !== origin && sentFrom !== addressedTo(req)) {
    throw new ForbiddenError(CROSS_SITE_REFUSED);
  }
  if (req.headers['sec-fetch-site'] === 'cross-site') throw new ForbiddenError(CROSS_SITE_REFUSED);
  if (sentFrom === undefined && req.headers.cookie) throw new ForbiddenError(CROSS_SITE_REFUSED);
}

/** The one check, in front of every route of the app (auth, dashboard, events, contact, uploads): not encapsulated. */
export const sameOriginGuard = fastifyPlugin(
  async (app: FastifyInstance, { origin }: { origin: string }) => {
    app.addHook('onRequest', async (req) => assertSameOrigin(req, origin));
  },
  { name: 'same-origin-guard', dependencies: ['error-handler'] },
);
