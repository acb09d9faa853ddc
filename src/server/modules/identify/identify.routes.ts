import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IDENTIFY_PER_MINUTE, IdentifyInput, IdentifyResponse, identifyMessages } from '../../../shared/identify.js';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import { clientOf } from '../../client-address.js';
import { rateLimitError } from '../../errors.js';
import { serverTiming, type IdentifyService, type IdentifyTiming } from './identify.service.js';

/** Largest body: IDENTIFY_MAX_LANDMARKS pairs of the longest numbers take about 51 KB of JSON. */
const BODY_LIMIT = 64 * 1024;

/**
 * The Listen button's lookup: landmarks in, candidates out. Public and anonymous, and it keeps nothing;
 * like every POST it must come from this site's pages (same-origin.ts): other sites' pages and servers
 * use the partner API (POST /api/v1/identify) with a key.
 */
export async function identifyRoutes(
  app: FastifyInstance,
  deps: { identify: IdentifyService; limits: RateLimitStore },
) {
  await app.register(async (plain) => {
    const routes = plain.withTypeProvider<ZodTypeProvider>();
    await routes.register(rateLimit, {
      ...deps.limits('identify'),
      max: IDENTIFY_PER_MINUTE,
      timeWindow: '1 minute',
      // Per address (its network), as the events are; kept in memory (or Redis, for a minute).
      keyGenerator: clientOf,
      errorResponseBuilder: rateLimitError(identifyMessages.tooManyRequests),
    });
    routes.post(
      '/api/identify',
      {
        bodyLimit: BODY_LIMIT,
        schema: { body: IdentifyInput, response: { 200: IdentifyResponse } },
      },
      async (req, reply) => {
        const timing: IdentifyTiming = { lookupMs: 0, rows: 0, alignMs: 0, cardsMs: 0 };
        const answer = await deps.identify.identify(
          req.body.landmarks.map(([hash, t]) => ({ hash, t })),
          timing,
        );
        // Answers depend on the index, which changes with every upload: never kept by a cache. The
        // Server-Timing header splits the time between the database lookup and the alignment.
        return reply.header('cache-control', 'no-store').header('server-timing', serverTiming(timing)).send(answer);
      },
    );
  });
}
