import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdListQuery } from '../../../shared/ads.js';
import { parseInput } from '../../errors.js';
import type { AdsService } from './ads.service.js';

const SlugParams = z.object({ slug: z.string().min(1).max(300) });

export async function adsRoutes(app: FastifyInstance, { ads }: { ads: AdsService }) {
  app.get('/api/ads', async (req) => ads.list(parseInput(AdListQuery, req.query)));
  app.get('/api/ads/:slug', async (req) => ads.getBySlug(parseInput(SlugParams, req.params).slug));
  app.get('/api/ads/:slug/related', async (req) => ({
    ads: await ads.related(parseInput(SlugParams, req.params).slug),
  }));
}
