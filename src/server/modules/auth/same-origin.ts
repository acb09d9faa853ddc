import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { ForbiddenError } from '../../errors.js';
import { hostNameOf } from '../../host-names.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The partner API: a bearer key, which browsers never attach by themselves, is all it reads. */
const KEY_ONLY = /^\/api\/v1(\/|\?|$)/;

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * Refuses a state change sent by another site's page. Browsers put the page's Origin on every POST,
 * PUT, PATCH and DELETE, and say `Sec-Fetch-Site: cross-site` when the page is someone else's; either
 * means another page is riding on the user's cookie. The page's origin must be the app's public one, or
 * one of the app's other configured names (`hosts`: ALLOWED_HOSTS, loopback on a local run) at the very
 * address the request went to (a phone on the same network opening the laptop's address). The Host header
 * alone vouches for nothing: a rebinding page sends its own name as both Origin and Host, and that name is
 * not configured. A request with cookies must name its origin (one that hides it cannot be told apart from
 * an attack); one without cookies acts for nobody, so a server-side client may leave it out.
 */
export function assertSameOrigin(req: FastifyRequest, origin: string, hosts: ReadonlySet<string>): void {
  if (READS.has(req.method) || KEY_ONLY.test(req.url)) return;
  const sentFrom = req.headers.origin;
  if (sentFrom !== undefined && sentFrom !== origin && !fromOwnName(req, sentFrom, hosts)) {
    throw new ForbiddenError(CROSS_SITE_REFUSED);
  }
  if (req.headers['sec-fetch-site'] === 'cross-site') throw new ForbiddenError(CROSS_SITE_REFUSED);
  if (sentFrom === undefined && req.headers.cookie) throw new ForbiddenError(CROSS_SITE_REFUSED);
}

/** A page of one of the configured names, sent to that same address (scheme, name and port). */
function fromOwnName(req: FastifyRequest, sentFrom: string, hosts: ReadonlySet<string>): boolean {
  if (!hosts.has(hostNameOf(URL.canParse(sentFrom) ? new URL(sentFrom).host : undefined) ?? '')) return false;
  return sentFrom === `${req.protocol}://${req.host}`;
}

/** The one check, in front of every route of the app (auth, dashboard, events, contact, uploads): not encapsulated. */
export const sameOriginGuard = fastifyPlugin(
  async (app: FastifyInstance, { origin, hosts }: { origin: string; hosts: ReadonlySet<string> }) => {
    app.addHook('onRequest', async (req) => assertSameOrigin(req, origin, hosts));
  },
  { name: 'same-origin-guard', dependencies: ['error-handler'] },
);
