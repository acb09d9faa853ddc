import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AD_PATCH_FIELDS, AdInput, fileMessages, type OwnAd } from '../../../shared/ads.js';
import { UPLOADS_PER_HOUR } from '../../../shared/limits.js';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import { BadRequestError, parseInput } from '../../errors.js';
import { assertStorableText } from '../../input-guard.js';
import { routeLimit } from '../../route-limit.js';
import { FileTooLargeError, receiveFile } from '../media/upload.js';
import type { AdFiles, MyAdsService } from './my-ads.service.js';

/** How long a connection cut off mid-upload stays open, unread, so its answer reaches the client. */
const LINGER_MS = 5_000;

/**
 * Ends an upload that passed its limit without reading the rest of it. The answer goes out as usual;
 * then our side of the connection closes, and nothing more is read: a client still sending stalls
 * against full buffers and is dropped after LINGER_MS. (Closing at once with `Connection: close`
 * would reset the connection over the unread bytes, and a reset can make the client lose the answer.)
 */
const cutOff = new WeakSet<FastifyRequest>();
function cutOffUpload(req: FastifyRequest, reply: FastifyReply) {
  if (cutOff.has(req)) return;
  cutOff.add(req);
  const socket = req.raw.socket;
  // Unfed, the request stream fills its small buffer and Node stops reading the socket.
  req.raw.unpipe();
  // A body nobody started reading would be drained after the answer: taking it as being read prevents that.
  req.raw.read(0);
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
  formsRead.add(req);
  if (failure) throw failure;
  assertStorableText(fields, 'The form');
  return { fields, files };
}
const formsRead = new WeakSet<FastifyRequest>();

/**
 * Every refusal of an upload route (no session or key, a plan or rate limit, a file over its size)
 * comes before the form is read: it is answered at once and the rest of the upload is never read.
 */
export function refuseUnreadUploads(app: FastifyInstance) {
  app.addHook('onError', async (req, reply) => {
    // By its header: a refusal in onRequest comes before the multipart parser has seen the request.
    const multipart = /^multipart\//i.test(req.headers['content-type'] ?? '');
    if (multipart && !formsRead.has(req)) cutOffUpload(req, reply);
  });
}

/**
 * Creations and edits carry files that cost a decode: UPLOADS_PER_HOUR of them an hour per caller
 * (`keyOf`), counted together and shared by every app process (`limits`). Returns the preHandler that
 * the upload routes declare after the caller is known. Other requests that cost a decode (identifying a
 * recording) take their own hourly budget, `max` with its `message`, under keys of their own.
 */
export async function uploadRateLimit(
  app: FastifyInstance,
  keyOf: (req: FastifyRequest) => string,
  limits: RateLimitStore,
  budget: { max: number; message: string } = { max: UPLOADS_PER_HOUR, message: fileMessages.tooManyUploads },
) {
  return routeLimit(app, limits, 'uploads', { max: budget.max, timeWindow: '1 hour', keyOf, message: budget.message });
}

/**
 * Creating and editing from the ad form, shared by the dashboard's endpoints and the public API: the
 * plan limit is checked before any upload is read, then the form is read and parsed with the contract.
 */
export function createAdForm(myAds: MyAdsService) {
  return {
    async create(userId: string, req: FastifyRequest, reply: FastifyReply) {
      await myAds.assertCanCreate(userId);
      const { fields, files } = await readAdForm(req, reply);
      return myAds.create(userId, parseInput(AdInput, fields), files);
    },

    /**
     * As create, with the public API's Idempotency-Key: `once.claim` is told what the form sends before anything
     * is written; when it answered the request itself (a retry), nothing is created and this resolves null. A
     * retry whose key already holds an answer (`once.answered`) is not held to the plan's limit (the route does
     * not count it as an upload either): it is replayed, or refused when it sends another form. Should that
     * answer be forgotten meanwhile (it has expired), the request runs as a new one, after both checks.
     */
    async createOnce(
      userId: string,
      req: FastifyRequest,
      reply: FastifyReply,
      once: {
        answered: boolean;
        claim: (content: unknown) => Promise<boolean>;
        /** The hour's uploads, counted here when the route passed a retry by. */
        countUpload: () => Promise<void>;
      },
    ) {
      if (!once.answered) await myAds.assertCanCreate(userId);
      const { fields, files } = await readAdForm(req, reply);
      if (await once.claim({ fields, files: formFilesContent(files) })) return null;
      if (once.answered) {
        await once.countUpload();
        await myAds.assertCanCreate(userId);
      }
      return myAds.create(userId, parseInput(AdInput, fields), files);
    },

    async update(userId: string, id: string, req: FastifyRequest, reply: FastifyReply) {
      const { fields, files } = await readAdForm(req, reply);
      return myAds.update(userId, id, parseInput(AdInput, fields), files);
    },

    /**
     * A partial edit: JSON, or the multipart form with files. The fields sent are laid over the ad as it
     * is and the whole is checked with the form's contract (the same rules and messages as creating);
     * only the fields sent are written, so an edit made meanwhile to another field is kept.
     */
    async patch(userId: string, id: string, req: FastifyRequest, reply: FastifyReply) {
      const current = await myAds.get(userId, id);
      let sent: Record<string, unknown>;
      let files: AdFiles = {};
      if (req.isMultipart()) {
        ({ fields: sent, files } = await readAdForm(req, reply));
        // An empty logo field clears the logo, as null does in JSON.
        if (sent.logo === '') sent.remove_logo = 'true';
      } else {
        const body = req.body;
        if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
          throw new BadRequestError('The body must be a JSON object of the fields to change');
        }
        sent = { ...(body ?? {}) } as Record<string, unknown>;
        if ('audio' in sent) {
          if (sent.audio === null) throw new BadRequestError(fileMessages.audioRequired);
          throw new BadRequestError('Files are sent as multipart/form-data, not in JSON');
        }
        if ('logo' in sent) {
          if (sent.logo !== null) throw new BadRequestError('Files are sent as multipart/form-data, not in JSON');
          delete sent.logo;
          sent.remove_logo = true;
        }
      }
      const given = AD_PATCH_FIELDS.filter((f) => f in sent);
      const changes = Object.fromEntries(
        given.map((f) => {
          const value = sent[f];
          // null clears: as the form's empty field (a required one is then refused with its own message).
          if (value !== null) return [f, value];
          return [f, f === 'transcript_segments' ? [] : f === 'is_active' || f === 'remove_logo' ? value : ''];
        }),
      );
      const input = parseInput(AdInput, { ...formValuesOf(current), ...changes });
      return myAds.update(userId, id, input, files, new Set(given));
    },
  };
}

/** The files of a form as the content of a request: each field's bytes. */
export function formFilesContent(files: AdFiles) {
  return Object.fromEntries(Object.entries(files).map(([field, f]) => [field, f.bytes]));
}

/** An ad's stored fields as the form sends them (the transcript is left out: untouched unless sent). */
function formValuesOf(ad: OwnAd) {
  return {
    title: ad.title,
    business_name: ad.businessName,
    category: ad.category,
    location: ad.location ?? '',
    description: ad.description ?? '',
    website_url: ad.websiteUrl ?? '',
    phone: ad.phone ?? '',
    is_active: ad.isActive,
  };
}
export type AdForm = ReturnType<typeof createAdForm>;
