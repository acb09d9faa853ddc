import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Mailer } from './adapters/mailer/mailer.js';
import type { Storage } from './adapters/storage/storage.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { NotFoundError, registerErrorHandler } from './errors.js';
import { createAdsRepository } from './modules/ads/ads.repository.js';
import { adsRoutes } from './modules/ads/ads.routes.js';
import { createAdsService } from './modules/ads/ads.service.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { createPlansRepository } from './modules/plans/plans.repository.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { WEB_DIST_DIR } from './paths.js';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  /** Root of the local uploads folder, served under /media/. */
  uploadsDir: string;
  /** Built web app; absent in API-only tests. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole app: plugins, then each module's routes, explicitly. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: true,
  });
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: [new URL(config.DEMO_VIDEO_URL).origin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: config.PUBLIC_ORIGIN.startsWith('https:') ? [] : null,
      },
    },
    // Audio and logos are fetched by other sites' players (embeds, previews).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  const adsRepo = createAdsRepository(database.db);
  await app.register(adsRoutes, { ads: createAdsService({ repo: adsRepo }) });
  await app.register(plansRoutes, { plans: createPlansRepository(database.db) });
  await app.register(mediaRoutes, { root: deps.uploadsDir });
  app.get('/api/health', async () => ({ ok: true, database: database.kind }));

  const webDir = deps.webDir ?? WEB_DIST_DIR;
  const indexPath = path.join(webDir, 'index.html');
  if (existsSync(indexPath)) {
    const indexHtml = await readFile(indexPath, 'utf8');
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // Vite puts content hashes in asset names.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.setNotFoundHandler((req, reply) => {
      if (req.method !== 'GET' || req.url.startsWith('/api/') || req.url.startsWith('/media/')) {
        throw new NotFoundError(`Route ${req.method} ${req.url.split('?')[0]} not found`);
      }
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    });
  } else {
    app.setNotFoundHandler((req) => {
      throw new NotFoundError(`Route ${req.method} ${req.url.split('?')[0]} not found`);
    });
  }

  return app;
}
