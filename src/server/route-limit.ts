import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitStore } from './adapters/redis/redis.js';
import { RateLimitedError } from './errors.js';

/**
 * A limit of one route's own, as a preHandler. @fastify/rate-limit runs only one of its own handlers per
 * request (the first marks the request as limited), so a route with two limits (per address and per key), or
 * under a scope's limit, would have all but the first skipped; this checks its counter directly instead, and
 * any number of them stack with the scope's.
 */
export async function routeLimit(
  app: FastifyInstance,
  limits: RateLimitStore,
  /** The counters' name when the scope has no @fastify/rate-limit yet (else the scope's counters are used). */
  storeName: string,
  limit: { max: number; timeWindow: string; keyOf: (req: FastifyRequest) => string; message: string },
) {
  if (!app.hasDecorator('createRateLimit')) await app.register(rateLimit, { ...limits(storeName), global: false });
  const check = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow, keyGenerator: limit.keyOf });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const counted = await check(req);
    if (counted.isAllowed || !counted.isExceeded) return;
    // As the library's own refusals: the wait in the Retry-After header, the body as every limit's.
    reply.header('retry-after', counted.ttlInSeconds);
    throw new RateLimitedError(limit.message);
  };
}

/**
 * The IETF draft's rate-limit fields (draft-ietf-httpapi-ratelimit-headers), made from what
 * @fastify/rate-limit counted for this answer: `RateLimit-Policy: "name";q=<quota>;w=<window s>` and
 * `RateLimit: "name";r=<remaining>;t=<seconds to reset>`. The library's own x-ratelimit-* headers stay for
 * the clients that read them; answers refused before a key is known (401) carry none.
 */
export function draftRateLimitHeaders(app: FastifyInstance, policy: string, windowSeconds: number) {
  app.addHook('onSend', async (_req, reply, payload) => {
    const quota = reply.getHeader('x-ratelimit-limit');
    const remaining = reply.getHeader('x-ratelimit-remaining');
    const reset = reply.getHeader('x-ratelimit-reset');
    if (quota === undefined || remaining === undefined || reset === undefined) return payload;
    reply.header('ratelimit-policy', `"${policy}";q=${Number(quota)};w=${windowSeconds}`);
    reply.header('ratelimit', `"${policy}";r=${Number(remaining)};t=${Number(reset)}`);
    return payload;
  });
}
