import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adMessages, MyAdList, OwnAd } from '../../../shared/ads.js';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import { callerOf } from '../../caller.js';
import { IdParams } from '../../route-schemas.js';
import type { RequireUser } from '../auth/require-user.js';
import { refuseUnreadUploads, uploadRateLimit, type AdForm } from './ad-form.js';
import type { MyAdsService } from './my-ads.service.js';

const AdIdParams = IdParams('Ad not found');
const Toggle = <K extends 'isActive' | 'isFeatured'>(name: K) =>
  z.object({ [name]: z.boolean({ error: `${name} must be true or false` }) } as Record<K, z.ZodBoolean>);
const ActiveBody = Toggle('isActive');
const FeaturedBody = Toggle('isFeatured');

/** The dashboard's ad endpoints: every one needs a session and acts only on the caller's ads. */
export async function myAdsRoutes(
  plain: FastifyInstance,
  {
    myAds,
    adForm,
    requireUser,
    limits,
  }: { myAds: MyAdsService; adForm: AdForm; requireUser: RequireUser; limits: RateLimitStore },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  refuseUnreadUploads(app);
  const owner = (req: Parameters<typeof callerOf>[0]) => callerOf(req).userId;
  const uploadLimit = await uploadRateLimit(app, (req) => `user:${owner(req)}`, limits);

  app.get('/api/my/ads', { schema: { response: { 200: MyAdList } } }, async (req) => ({
    ads: await myAds.list(owner(req)),
  }));

  app.get('/api/my/ads/:id', { schema: { params: AdIdParams, response: { 200: OwnAd } } }, async (req) =>
    myAds.get(owner(req), req.params.id),
  );

  app.post(
    '/api/my/ads',
    {
      config: { signInMessage: adMessages.notLoggedIn },
      preHandler: uploadLimit,
      schema: { response: { 201: OwnAd } },
    },
    async (req, reply) => reply.status(201).send(await adForm.create(owner(req), req, reply)),
  );

  app.put(
    '/api/my/ads/:id',
    { preHandler: uploadLimit, schema: { params: AdIdParams, response: { 200: OwnAd } } },
    async (req, reply) => adForm.update(owner(req), req.params.id, req, reply),
  );

  app.patch(
    '/api/my/ads/:id/active',
    { schema: { params: AdIdParams, body: ActiveBody, response: { 200: OwnAd } } },
    async (req) => myAds.setActive(owner(req), req.params.id, req.body.isActive),
  );

  app.patch(
    '/api/my/ads/:id/featured',
    { schema: { params: AdIdParams, body: FeaturedBody, response: { 200: OwnAd } } },
    async (req) => myAds.setFeatured(owner(req), req.params.id, req.body.isFeatured),
  );

  app.delete('/api/my/ads/:id', { schema: { params: AdIdParams } }, async (req, reply) => {
    await myAds.remove(owner(req), req.params.id);
    return reply.status(204).send();
  });
}
