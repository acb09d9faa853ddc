import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Finished HTTP bodies of public cached answers. A public answer served from the public cache is the same
 * object on every hit until a change clears it, so its body (JSON, or an ad page's HTML), ETag and compressed forms
 * are made once, kept beside it (a WeakMap: they go when the cache lets the answer go), and sent as they
 * are: a hit then costs what a static file costs. What goes out is what the plugins would have made of the
 * same answer: the ETag is @fastify/etag's weak SHA-1 of the body, and bodies under @fastify/compress's
 * threshold go uncompressed.
 */

/** @fastify/compress leaves smaller bodies uncompressed. */
const COMPRESS_THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS], cache: new Map() });
const gzipOnly = new Negotiator<Encoding>({ supportedValues: ['gzip'], cache: new Map() });
// As @fastify/compress reads it: '*' and 'x-gzip' mean gzip.
const GZIP_ALIAS = /\*|x-gzip/gu;

/**
 * Compressed once and kept. Brotli quality 6 gives what quality 9 gives on these bodies at a tenth of the
 * time, with a window no larger than the body: a cold answer pays for its compression once, and a higher
 * quality's default 4 MB window alone cost 5-30 ms a body (measured on the ad, list and page bodies).
 */
const compressors: Record<Encoding, (text: string, bytes: number) => Buffer> = {
  br: (text, bytes) =>
    brotliCompressSync(text, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
        [constants.BROTLI_PARAM_LGWIN]: Math.min(
          constants.BROTLI_MAX_WINDOW_BITS,
          Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
        ),
      },
    }),
  gzip: (text) => gzipSync(text),
};

interface PreparedBody {
  text: string;
  bytes: number;
  etag: string;
  /** Made on the first request that is sent each encoding. */
  compressed: Partial<Record<Encoding, Buffer>>;
  /** Whether a request has been answered with this body yet. */
  sent: boolean;
}

function prepareBody(text: string): PreparedBody {
  const etag = `W/"${createHash('sha1').update(text).digest('base64')}"`;
  return { text, bytes: Buffer.byteLength(text), etag, compressed: {}, sent: false };
}

/**
 * The encoding to send `body` in for this request, as @fastify/compress would choose it, but for an answer's
 * first read: most answers are read once before they expire (the long tail of ads), and on these bodies
 * gzip costs a tenth to a twentieth of brotli's time for a few percent more bytes (measured: an ad's JSON,
 * 1.3 KB, gzip 15-30 µs against brotli 6's 400-500 µs; an ad page, 6.6 KB, 100-200 µs against 500). So
 * the first read goes gzip when the client takes it, and brotli is made once the answer is read again.
 */
function encodingFor(req: FastifyRequest, body: PreparedBody): Encoding | null {
  const accept = req.headers['accept-encoding'];
  if (!accept || req.headers['x-no-compression'] !== undefined) return null;
  if (body.bytes < COMPRESS_THRESHOLD) return null;
  const accepted = accept.toLowerCase().replace(GZIP_ALIAS, 'gzip');
  const best = negotiator.negotiate(accepted);
  if (best === 'br' && !body.sent) return gzipOnly.negotiate(accepted) ?? best;
  return best;
}

/** Sends a prepared body: 304 when the client holds it, else compressed when the client accepts it. */
function sendPrepared(req: FastifyRequest, reply: FastifyReply, body: PreparedBody, type: string): FastifyReply {
  void reply.header('etag', body.etag);
  if (body.bytes >= COMPRESS_THRESHOLD) void reply.header('vary', 'accept-encoding');
  const held = req.headers['if-none-match'];
  if (held === body.etag || held === body.etag.slice(2)) return reply.code(304).send();
  void reply.type(type);
  const encoding = encodingFor(req, body);
  body.sent = true;
  if (!encoding) return reply.send(body.text);
  const compressed = (body.compressed[encoding] ??= compressors[encoding](body.text, body.bytes));
  return reply.header('content-encoding', encoding).send(compressed);
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Replies with public answers, keeping each answer's finished body beside it while the answer lives (one
 * keeper per route: the route decides the body). `render` makes the body (the route's serializer for JSON);
 * `enabled` is the public cache's switch: without the cache every answer is new, so it is rendered and left
 * to the plugins to tag and compress, as any other answer.
 */
export function preparedBodies<T extends object>(
  enabled: boolean,
  render: (answer: T, reply: FastifyReply) => string,
  type = JSON_TYPE,
) {
  const bodies = new WeakMap<T, PreparedBody>();
  return (req: FastifyRequest, reply: FastifyReply, answer: T) => {
    if (!enabled) return reply.type(type).send(render(answer, reply));
    let body = bodies.get(answer);
    if (!body) {
      body = prepareBody(render(answer, reply));
      bodies.set(answer, body);
    }
    return sendPrepared(req, reply, body, type);
  };
}

/** The route's own serializer: the JSON its response schema makes of `answer`. */
export const serialized = <T>(answer: T, reply: FastifyReply) => reply.serialize(answer) as string;
