import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AdInput, adMessages } from '../../../shared/ads.js';
import { parseInput } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
import { FileTooLargeError, receiveFile } from '../media/upload.js';
import type { AdFiles, MyAdsService } from './my-ads.service.js';

const IdParams = z.object({ id: z.string().max(100) });
const Toggle = (name: 'isActive' | 'isFeatured') =>
  z.object({ [name]: z.boolean({ error: `${name} must be true or false` }) });
const ActiveBody = Toggle('isActive');
const FeaturedBody = Toggle('isFeatured');

/** How long a connection cut off mid-upload stays open, unread, so its answer reaches the client. */
const LINGER_MS = 5_000;

/**
 * Ends an upload that passed its limit without reading the rest of it. The answer goes out as usual;
 * then our side of the connection closes, and nothing more is read: a client still sending stalls
 * against full buffers and is dropped after LINGER_MS. (Closing at once with `Connection: close`
 * would reset the connection over the unread bytes, and a reset can make the client lose the answer.)
 */
function cutOffUpload(req: FastifyRequest, reply: FastifyReply) {
  const socket = req.raw.socket;
  // Unfed, the request stream fills its small buffer and Node stops reading the socket.
  req.raw.unpipe();
  reply.raw.once('finish', () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/**
 * Reads the ad form: text fields and up to two files (audio, logo). Files are checked while they
 * stream in. A file over its limit ends the request at once (cutOffUpload), so a huge upload is never
 * received whole. After any other problem the rest of the form is small (a 5 MB logo at most): it is
 * drained, never kept, so that browsers, which read no answer before their upload is sent, see it.
 */
async function readAdForm(
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ fields: Record<string, string>; files: AdFiles }> {
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
        if (err instanceof FileTooLargeError) {
          cutOffUpload(req, reply);
          throw err;
        }
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
export async function createAdFromForm(myAds: MyAdsService, userId: string, req: FastifyRequest, reply: FastifyReply) {
  await myAds.assertCanCreate(userId);
  const { fields, files } = await readAdForm(req, reply);
  return myAds.create(userId, parseInput(AdInput, fields), files);
}

export async function updateAdFromForm(
  myAds: MyAdsService,
  userId: string,
  id: string,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const { fields, files } = await readAdForm(req, reply);
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

  app.post('/api/my/ads', { config: { signInMessage: adMessages.notLoggedIn } }, async (req, reply) =>
    reply.status(201).send(await createAdFromForm(myAds, req.user!.id, req, reply)),
  );

  app.put('/api/my/ads/:id', async (req, reply) =>
    updateAdFromForm(myAds, req.user!.id, parseInput(IdParams, req.params).id, req, reply),
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
