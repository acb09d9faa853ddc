import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import { networkOf } from '../../client-address.js';
import { rateLimitError } from '../../errors.js';
import type { AdsService } from '../ads/ads.service.js';
import { SHARE_IMAGES_PER_MINUTE, shareImageMessages, type ShareImages } from './share-image.js';

/**
 * GET /ad/{slug}/og.png: the ad's share card for link previews in messengers and social apps,
 * drawn on the server from the ad's data (artwork, title, advertiser, waveform). Hidden and unknown
 * ads are not found, as their pages are.
 */
export async function shareImageRoutes(
  app: FastifyInstance,
  deps: { ads: AdsService; images: ShareImages; limits: RateLimitStore },
) {
  await app.register(rateLimit, {
    ...deps.limits('share-image'),
    max: SHARE_IMAGES_PER_MINUTE,
    timeWindow: '1 minute',
    // Per client network (an IPv6 /64 is one household), never a header the client writes.
    keyGenerator: (req) => networkOf(req.ip),
    errorResponseBuilder: rateLimitError(shareImageMessages.tooManyRequests),
  });
  app.get<{ Params: { slug: string } }>('/ad/:slug/og.png', async (req, reply) => {
    const png = await deps.images.png(await deps.ads.getBySlug(req.params.slug));
    return reply
      .type('image/png')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Access-Control-Allow-Origin', '*')
      .send(png);
  });
}
