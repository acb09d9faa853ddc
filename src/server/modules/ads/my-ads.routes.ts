import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AdInput } from '../../../shared/ads.js';
import { parseInput } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
import { receiveFile } from '../media/upload.js';
import type { AdFiles, MyAdsService } from './my-ads.service.js';

const IdParams = z.object({ id: z.string().max(100) });
const Toggle = (name: 'isActive' | 'isFeatured') =>
  z.object({ [name]: z.boolean({ error: `${name} must be true or false` }) });
const ActiveBody = Toggle('isActive');
const FeaturedBody = Toggle('isFeatured');

/**
 * Reads the ad form: text fields and up to two files (audio, logo). Files are checked while they
 * stream in; after the first problem the rest of the upload is drained, never kept, and the
 * problem is reported.
 */
async function readAdForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: AdFiles }> {
  const fields: Record<string, string> = {};
  const files: AdFiles = {};
  let failure: unknown;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
    } else if (failure) {
      part.file.resume();
    } else {
      try {
        const file = await receiveFile(part);
        files[file.field] = file;
      } catch (err) {
        failure = err;
      }
    }
  }
  if (failure) throw failure;
  return { fields, files };
}

/**
 * Creating and editing from the ad form, shared by the dashboard's endpoints and the public API: the
 * plan limit is checked before any upload is read, then the form is read and parsed with the contract.
 */
export async function createAdFromForm(myAds: MyAdsService, userId: string, req: FastifyRequest) {
  await myAds.assertCanCreate(userId);
  const { fields, files } = await readAdForm(req);
  return myAds.create(userId, parseInput(AdInput, fields), files);
}

export async function updateAdFromForm(myAds: MyAdsService, userId: string, id: string, req: FastifyRequest) {
  const { fields, files } = await readAdForm(req);
  return myAds.update(userId, id, parseInput(AdInput, fields), files);
}

/** The dashboard's ad endpoints: every one needs a session and acts only on the caller's ads. */
export async function myAdsRoutes(
  app: FastifyInstance,
  { myAds, requireUser }: { myAds: MyAdsService; requireUser: RequireUser },
) {
  app.addHook('preHandler', requireUser);

  app.get('/api/my/ads', async (req) => ({ ads: await myAds.list(req.user!.id) }));

  app.get('/api/my/stats', async (req) => myAds.stats(req.user!.id));

  app.get('/api/my/ads/:id', async (req) => myAds.get(req.user!.id, parseInput(IdParams, req.params).id));

  app.post('/api/my/ads', async (req, reply) =>
    reply.status(201).send(await createAdFromForm(myAds, req.user!.id, req)),
  );

  app.put('/api/my/ads/:id', async (req) =>
    updateAdFromForm(myAds, req.user!.id, parseInput(IdParams, req.params).id, req),
  );

  app.patch('/api/my/ads/:id/active', async (req) => {
    const { id } = parseInput(IdParams, req.params);
    return myAds.setActive(req.user!.id, id, parseInput(ActiveBody, req.body).isActive as boolean);
  });

  app.patch('/api/my/ads/:id/featured', async (req) => {
    const { id } = parseInput(IdParams, req.params);
    return myAds.setFeatured(req.user!.id, id, parseInput(FeaturedBody, req.body).isFeatured as boolean);
  });

  app.delete('/api/my/ads/:id', async (req, reply) => {
    await myAds.remove(req.user!.id, parseInput(IdParams, req.params).id);
    return reply.status(204).send();
  });
}
