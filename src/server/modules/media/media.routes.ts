import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX } from '../../adapters/storage/local.js';

/**
 * Serves uploaded files from the local folder. @fastify/static (send) handles Range (206/416),
 * ETag and Content-Type, and refuses any path outside the root. File names are never reused,
 * so they can be cached forever.
 */
export async function mediaRoutes(app: FastifyInstance, opts: { root: string }) {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    acceptRanges: true,
    etag: true,
    lastModified: true,
    immutable: true,
    maxAge: '365d',
  });
}
