import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AnalyticsQuery } from '../../../shared/analytics.js';
import { API_REQUESTS_PER_MINUTE, apiKeyMessages } from '../../../shared/api-keys.js';
import { NotFoundError, parseInput } from '../../errors.js';
import type { RequireApiKey } from '../api-keys/require-api-key.js';
import { createAdFromForm, updateAdFromForm } from '../ads/my-ads.routes.js';
import type { MyAdsService } from '../ads/my-ads.service.js';
import type { AnalyticsService } from '../analytics/analytics.service.js';
import { buildOpenApiDocument } from './openapi.js';

const AdId = z.uuid();
/** The ad id of the path; one that cannot exist answers like someone else's ad. */
function adIdOf(req: FastifyRequest): string {
  const id = AdId.safeParse((req.params as { id?: unknown }).id);
  if (!id.success) throw new NotFoundError('Ad not found');
  return id.data;
}
const PeriodQuery = AnalyticsQuery.pick({ period: true });

/**
 * The public API, v1: the dashboard's ad services behind an API key instead of a session. Routes
 * only translate HTTP; limits, file checks, ownership and messages are the services'.
 */
export async function apiV1Routes(
  app: FastifyInstance,
  deps: { myAds: MyAdsService; analytics: AnalyticsService; requireApiKey: RequireApiKey; origin: string },
) {
  const { myAds, analytics, requireApiKey } = deps;
  const document = buildOpenApiDocument(deps.origin);

  app.get('/api/v1/openapi.json', async (_req, reply) =>
    reply.header('Access-Control-Allow-Origin', '*').header('Cache-Control', 'public, max-age=300').send(document),
  );

  await app.register(async (v1) => {
    // The key first (onRequest), so the limit below counts per key and never reads an upload of a stranger.
    v1.addHook('onRequest', requireApiKey);
    await v1.register(rateLimit, {
      hook: 'preHandler',
      max: API_REQUESTS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (req) => req.apiKey!.keyId,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: ctx.statusCode,
        error: 'Too Many Requests',
        message: apiKeyMessages.tooManyRequests,
      }),
    });
    const owner = (req: FastifyRequest) => req.apiKey!.userId;

    v1.get('/api/v1/ads', async (req) => {
      const ads = await myAds.list(owner(req));
      return { ads, count: ads.length };
    });

    v1.get('/api/v1/ads/:id', async (req) => myAds.get(owner(req), adIdOf(req)));

    v1.post('/api/v1/ads', async (req, reply) =>
      reply.status(201).send(await createAdFromForm(myAds, owner(req), req, reply)),
    );

    v1.put('/api/v1/ads/:id', async (req, reply) => updateAdFromForm(myAds, owner(req), adIdOf(req), req, reply));

    v1.delete('/api/v1/ads/:id', async (req, reply) => {
      await myAds.remove(owner(req), adIdOf(req));
      return reply.status(204).send();
    });

    v1.get('/api/v1/ads/:id/analytics', async (req) =>
      analytics.summary(owner(req), { ...parseInput(PeriodQuery, req.query), adId: adIdOf(req) }),
    );
  });
}
