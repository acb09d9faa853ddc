import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AdsService } from '../ads/ads.service.js';
import { renderShareImage } from './share-image.js';

const CACHED = 200; // rendered cards kept in memory (about 250 KB each)

/**
 * GET /ad/{slug}/og.png: the ad's share card for link previews in messengers and social apps,
 * drawn on the server from the ad's data (artwork, title, advertiser, waveform). Hidden and unknown
 * ads are not found, as their pages are.
 */
export async function shareImageRoutes(app: FastifyInstance, deps: { ads: AdsService }) {
  const cache = new LRUCache<string, Buffer>({ max: CACHED });
  app.get<{ Params: { slug: string } }>('/ad/:slug/og.png', async (req, reply) => {
    const ad = await deps.ads.getBySlug(req.params.slug);
    const key = `${ad.id}|${ad.updatedAt}`;
    let png = cache.get(key);
    if (!png) {
      png = renderShareImage(ad);
      cache.set(key, png);
    }
    return reply
      .type('image/png')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Access-Control-Allow-Origin', '*')
      .send(png);
  });
}
