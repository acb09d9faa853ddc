import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEEP_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyMessages,
} from '../../../shared/api-keys.js';
import { AppError, BadRequestError } from '../../errors.js';
import type { IdempotencyRepository } from './idempotency.repository.js';

const HOUR_MS = 3_600_000;
/** An answer not stored this long after its key was taken: its process died; the key may be taken again. */
const ABANDONED_MS = 15 * 60_000;
/** Answers that say "try again later" are not kept: the retry must run. */
const unkept = (status: number) => status >= 500 || status === 429 || status === 409;

const KEY = /^[\x21-\x7e]{1,255}$/;

/** A value in one spelling: object keys sorted, bytes as their SHA-256. */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return `sha256:${createHash('sha256').update(value).digest('hex')}`;
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]);
  }
  return value;
}

/** What a request sends, as one digest: its route and content (files by their own digests). */
export function requestFingerprint(method: string, route: string, content: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, route, canonical(content)]))
    .digest('hex');
}

/**
 * Idempotency-Key on the public API's POSTs: the first request with a key runs and its answer is kept
 * (IDEMPOTENCY_KEEP_HOURS); a retry with the key and the same content gets that answer again, marked
 * Idempotent-Replayed; the key with other content is refused (422); a retry while the first still runs, 409.
 * The key is checked once the request's content is read (its fingerprint needs it) and before any write.
 */
export function createIdempotency(deps: { repo: IdempotencyRepository; clock?: () => Date }) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());
  const held = new WeakMap<FastifyRequest, { userId: string; key: string }>();
  const answered = new WeakMap<FastifyRequest, boolean>();

  return {
    /** Stores each claimed request's answer (or frees its key when the answer asks for a retry). */
    register(app: FastifyInstance) {
      app.addHook('onSend', async (req, reply, payload) => {
        const claim = held.get(req);
        if (!claim) return payload;
        held.delete(req);
        if (
          unkept(reply.statusCode) ||
          (payload !== null && typeof payload !== 'string' && !Buffer.isBuffer(payload))
        ) {
          await repo.release(claim.userId, claim.key);
        } else {
          const type = reply.getHeader('content-type');
          await repo.answer(claim.userId, claim.key, {
            status: reply.statusCode,
            contentType: type === undefined ? null : String(type),
            body: payload === null ? '' : String(payload),
          });
        }
        return payload;
      });
      // A request that ends without an answer sent (the client went away) frees its key.
      app.addHook('onResponse', async (req) => {
        const claim = held.get(req);
        if (claim) await repo.release(claim.userId, claim.key);
      });
    },

    /**
     * Whether the request's Idempotency-Key already holds a stored answer: the request is then a retry, only
     * to be replayed (or refused, 422, when it sends something else), so the checks that guard new work (the
     * plan's limit, the hour's uploads) pass it by. False without a key or with a malformed one (claim says so).
     */
    async answered(req: FastifyRequest, userId: string): Promise<boolean> {
      const known = answered.get(req);
      if (known !== undefined) return known;
      const header = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
      const found = typeof header === 'string' && KEY.test(header) ? await repo.find(userId, header) : undefined;
      const result = found !== undefined && found.status !== null;
      answered.set(req, result);
      return result;
    },

    /**
     * Checks the request's Idempotency-Key, if it has one, against `content` (what it sends). Resolves
     * false when the request is to run; true when the first request's answer was sent again (the caller
     * returns the reply as it is). Throws 400 for a malformed key, 422 and 409 as above.
     */
    async claim(req: FastifyRequest, reply: FastifyReply, userId: string, content: unknown): Promise<boolean> {
      const header = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
      if (header === undefined) return false;
      if (typeof header !== 'string' || !KEY.test(header)) throw new BadRequestError(idempotencyMessages.invalidKey);
      const at = now();
      const requestHash = requestFingerprint(req.method, req.routeOptions.url ?? req.url, content);
      const result = await repo.claim(
        { userId, key: header, requestHash, createdAt: at },
        new Date(at.getTime() - ABANDONED_MS),
      );
      if (result.claimed) {
        held.set(req, { userId, key: header });
        return false;
      }
      const { row } = result;
      if (row.requestHash !== requestHash)
        throw new AppError(422, idempotencyMessages.reused, 'IDEMPOTENCY_KEY_REUSED');
      if (row.status === null) throw new AppError(409, idempotencyMessages.inFlight, 'IDEMPOTENCY_KEY_IN_USE');
      if (row.contentType) reply.header('content-type', row.contentType);
      await reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').status(row.status).send(row.body);
      return true;
    },

    /** Forgets keys older than IDEMPOTENCY_KEEP_HOURS (a scheduled job). */
    expire(at = now()) {
      return repo.expire(new Date(at.getTime() - IDEMPOTENCY_KEEP_HOURS * HOUR_MS));
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
