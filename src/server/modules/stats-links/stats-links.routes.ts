import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalyticsSummary, PERIODS } from '../../../shared/analytics.js';
import { ShareLinkState, sharedStatsPath } from '../../../shared/reports.js';
import type { RequireUser } from '../auth/require-user.js';
import { pageHead, renderHead, type PageTemplate } from '../seo/head.js';
import type { StatsLinksService } from './stats-links.service.js';

const AdParams = z.object({ id: z.uuid({ error: 'Ad not found' }) });
const TokenParams = z.object({ token: z.string().max(100) });
const SharedQuery = z.object({
  period: z.enum(PERIODS, { error: `period must be one of: ${PERIODS.join(', ')}` }).default('30d'),
});
export const SharedStats = AnalyticsSummary.extend({ charts: z.boolean() });

/** Kept out of search engines and out of every cache: a revoked link must not be served again. */
const PRIVATE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };

export async function statsLinksRoutes(
  plain: FastifyInstance,
  {
    links,
    requireUser,
    page,
    clientConfig,
    origin,
  }: {
    links: StatsLinksService;
    requireUser: RequireUser;
    /** The built web app's page (null in API-only runs). */
    page: PageTemplate | null;
    clientConfig: Record<string, string>;
    origin: string;
  },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const owner = { preHandler: requireUser };
  const linkPath = '/api/my/ads/:id/stats-link';
  app.get(linkPath, { ...owner, schema: { params: AdParams, response: { 200: ShareLinkState } } }, (req) =>
    links.state(req.user!.id, req.params.id),
  );
  app.post(
    linkPath,
    { ...owner, schema: { params: AdParams, response: { 201: ShareLinkState } } },
    async (req, reply) =>
      reply
        .status(201)
        .headers(PRIVATE)
        .send(await links.create(req.user!.id, req.params.id)),
  );
  app.delete(linkPath, { ...owner, schema: { params: AdParams } }, async (req, reply) => {
    await links.revoke(req.user!.id, req.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/api/stats/:token',
    { schema: { params: TokenParams, querystring: SharedQuery, response: { 200: SharedStats } } },
    async (req, reply) => reply.headers(PRIVATE).send(await links.read(req.params.token, req.query.period)),
  );

  if (!page) return;
  // The page: the web app, with noindex in its head and header; a link that opens nothing is a 404 page.
  app.get('/stats/:token', { schema: { params: TokenParams } }, async (req, reply) => {
    const found = await links.exists(req.params.token);
    const path = sharedStatsPath(req.params.token);
    const head = {
      ...pageHead('/', origin),
      title: found ? 'Shared ad stats | AdReplay' : 'Page Not Found | AdReplay',
      description: "One ad's plays, listeners and clicks, shared by its owner.",
      canonical: `${origin}${path}`,
      robots: 'noindex',
    };
    return reply
      .status(found ? 200 : 404)
      .headers(PRIVATE)
      .type('text/html; charset=utf-8')
      .send(page.render(renderHead(head, clientConfig)));
  });
}
