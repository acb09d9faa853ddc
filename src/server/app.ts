import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Mailer } from './adapters/mailer/mailer.js';
import type { Storage } from './adapters/storage/storage.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { authServerMessages } from '../shared/auth.js';
import { registerErrorHandler } from './errors.js';
import { createAuth } from './modules/auth/auth.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createLoginFailures } from './modules/auth/login-failures.js';
import { createRequireUser } from './modules/auth/require-user.js';
import { createProfilesRepository } from './modules/profiles/profiles.repository.js';
import { profilesRoutes } from './modules/profiles/profiles.routes.js';
import { createAdsRepository } from './modules/ads/ads.repository.js';
import { adsRoutes } from './modules/ads/ads.routes.js';
import { createAdsService } from './modules/ads/ads.service.js';
import { myAdsRoutes } from './modules/ads/my-ads.routes.js';
import { createMyAdsService } from './modules/ads/my-ads.service.js';
import { createContactRepository } from './modules/contact/contact.repository.js';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.js';
import { createEventIngest, type EventIngest } from './modules/analytics/analytics.ingest.js';
import { createLiveCounters } from './modules/analytics/analytics.live.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { createPlansRepository } from './modules/plans/plans.repository.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { WEB_DIST_DIR } from './paths.js';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  /** Signs session cookies; see resolveAuthSecret. */
  authSecret: string;
  /** Root of the local uploads folder, served under /media/. */
  uploadsDir: string;
  /** Built web app; absent in API-only tests. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Time source of the analytics (dedupe windows, UTC days); tests move it. */
  clock?: () => Date;
  /** Longest an accepted analytics event waits before its batch is written (default 250 ms). */
  eventFlushMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics batch writer; flush() writes what is pending now. */
    eventIngest: EventIngest;
  }
}

/** Builds the whole app: plugins, then each module's routes, explicitly. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    // Only behind a load balancer may X-Forwarded-For decide the client address (rate limits).
    trustProxy: config.TRUST_PROXY,
  });
  registerErrorHandler(app);

  // Uploaded files may live on an S3-compatible store's public URL.
  const fileOrigins = config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
        mediaSrc: ["'self'", 'blob:', ...fileOrigins],
        frameSrc: [new URL(config.DEMO_VIDEO_URL).origin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: config.PUBLIC_ORIGIN.startsWith('https:') ? [] : null,
      },
    },
    // Audio and logos are fetched by other sites' players (embeds, previews).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  // HTML, JSON, scripts and styles (built assets arrive precompressed). Uploads are MP3 and raster
  // images, which mime-db marks incompressible, and partial (206) answers are never compressed, so
  // audio Range requests stay byte-exact. The same encodings on every Node version (no zstd).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });

  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false, // receiveFile reports it with the spec's message
    // The per-file limits (audio 10 MB, logo 5 MB) are checked while streaming; this is the hard stop.
    limits: { fileSize: 10 * 1024 * 1024 + 1, files: 2, fields: 20, fieldSize: 10_000, parts: 24 },
  });

  const auth = createAuth({
    db: database.db,
    config,
    mailer: deps.mailer,
    secret: deps.authSecret,
    log: (msg, err) => app.log.error({ err }, msg),
  });
  const origin = config.PUBLIC_ORIGIN;
  await app.register(authRoutes, { auth, origin, failures: createLoginFailures(database.db) });
  const requireUser = createRequireUser(auth, origin);
  await app.register(profilesRoutes, {
    profiles: createProfilesRepository(database.db),
    requireUser: createRequireUser(auth, origin, authServerMessages.notLoggedInProfile),
  });

  const adsRepo = createAdsRepository(database.db);
  const adsService = createAdsService({ repo: adsRepo });
  await app.register(adsRoutes, { ads: adsService });
  const plansRepo = createPlansRepository(database.db);
  await app.register(plansRoutes, { plans: plansRepo, requireUser });
  await app.register(myAdsRoutes, {
    myAds: createMyAdsService({ repo: adsRepo, plans: plansRepo, storage: deps.storage }),
    requireUser,
  });
  const analyticsRepo = createAnalyticsRepository(database.db);
  const ingest = createEventIngest({
    repo: analyticsRepo,
    clock: deps.clock,
    flushMs: deps.eventFlushMs,
    log: app.log,
  });
  app.decorate('eventIngest', ingest);
  await app.register(analyticsRoutes, {
    ingest,
    analytics: createAnalyticsService({ repo: analyticsRepo, ads: adsRepo, clock: deps.clock }),
    live: createLiveCounters({ repo: analyticsRepo }),
    requireUser,
  });
  await app.register(mediaRoutes, { root: deps.uploadsDir });
  app.get('/api/health', async () => ({ ok: true, database: database.kind }));
  // Liveness for load balancers: no work at all (also the ceiling the ingestion benchmark compares with).
  // Without a body there is nothing for the security headers to protect.
  app.get('/api/ping', { helmet: false, compress: false }, async (_req, reply) => reply.status(204).send());

  await app.register(contactRoutes, {
    messages: createContactRepository(database.db),
    mailer: deps.mailer,
    to: config.CONTACT_TO,
  });

  // Not encapsulated: it sets the whole server's not-found handler beside the web app's GET /* route.
  await seoRoutes(app, { webDir: deps.webDir ?? WEB_DIST_DIR, config, ads: adsService, adsRepo });

  return app;
}
