import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdListQuery, AdListResponse, AdSuggestQuery, AdSuggestResponse, PublicAd } from '../../../shared/ads.js';
import { SEARCHES_PER_MINUTE, SUGGESTIONS_PER_MINUTE, searchLimitMessages } from '../../../shared/limits.js';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import { clientOf } from '../../client-address.js';
import { rateLimitError } from '../../errors.js';
import { preparedBodies, serialized } from '../../prepared-body.js';
import { PUBLIC_READ_CACHE_CONTROL, PUBLIC_READ_CDN_CACHE_CONTROL } from '../../public-cache.js';
import type { AdsService } from './ads.service.js';

const SlugParams = z.object({ slug: z.string().min(1).max(300, 'Ad not found') });

export { PUBLIC_READ_CACHE_CONTROL, PUBLIC_READ_CDN_CACHE_CONTROL };

/** A list request without search words: the directory's pages and sections, which any cache answers. */
const browsing = (req: FastifyRequest) => !String((req.query as { search?: unknown }).search ?? '').trim();

export async function adsRoutes(
  plain: FastifyInstance,
  {
    ads,
    cached,
    limits,
  }: {
    ads: AdsService;
    /** Whether `ads` answers from the public cache. */
    cached: boolean;
    limits: RateLimitStore;
  },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  // Searches and suggestions each have a limit per address (its network), counted before anything is read.
  await app.register(rateLimit, { ...limits('search'), global: false });
  const perAddress = (max: number, message: string, allowList?: (req: FastifyRequest) => boolean) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: clientOf,
      allowList,
      errorResponseBuilder: rateLimitError(message),
    },
  });
  // Cached answers are sent as finished bodies, made once per answer (one per route: each has its schema).
  const listBody = preparedBodies(cached, serialized<AdListResponse>);
  const suggestBody = preparedBodies(cached, serialized<AdSuggestResponse>);
  const adBody = preparedBodies(cached, serialized<PublicAd>);
  const relatedBody = preparedBodies(cached, (related: PublicAd[], reply) => serialized({ ads: related }, reply));
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 200 && !reply.hasHeader('cache-control'))
      void reply.headers({
        'cache-control': PUBLIC_READ_CACHE_CONTROL,
        'cdn-cache-control': PUBLIC_READ_CDN_CACHE_CONTROL,
      });
    return payload;
  });
  app.get(
    '/api/ads',
    {
      config: perAddress(SEARCHES_PER_MINUTE, searchLimitMessages.searches, browsing),
      schema: { querystring: AdListQuery, response: { 200: AdListResponse } },
    },
    async (req, reply) => listBody(req, reply, await ads.list(req.query)),
  );
  app.get(
    '/api/ads/suggest',
    {
      config: perAddress(SUGGESTIONS_PER_MINUTE, searchLimitMessages.suggestions),
      schema: { querystring: AdSuggestQuery, response: { 200: AdSuggestResponse } },
    },
    async (req, reply) => suggestBody(req, reply, await ads.suggest(req.query.q)),
  );
  app.get('/api/ads/:slug', { schema: { params: SlugParams, response: { 200: PublicAd } } }, async (req, reply) =>
    adBody(req, reply, await ads.getBySlug(req.params.slug)),
  );
  // WebVTT text, not JSON: sent as it is, so only the params are declared.
  app.get('/api/ads/:slug/captions.vtt', { schema: { params: SlugParams } }, async (req, reply) =>
    reply
      .type('text/vtt; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(await ads.captions(req.params.slug)),
  );
  app.get(
    '/api/ads/:slug/related',
    { schema: { params: SlugParams, response: { 200: z.object({ ads: z.array(PublicAd) }) } } },
    async (req, reply) => relatedBody(req, reply, await ads.related(req.params.slug)),
  );
}
