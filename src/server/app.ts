import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/mailer/mailer.js';
import { rateLimitStore, type RedisConnection } from './adapters/redis/redis.js';
import type { Storage } from './adapters/storage/storage.js';
import { createOpenAiCompatibleTranscriber } from './adapters/transcriber/openai-compatible.js';
import { createAddressPseudonym } from './client-address.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { maxBytesOf } from '../shared/ads.js';
import { authServerMessages } from '../shared/auth.js';
import { loggableDbError } from './db/errors.js';
import {
  answerClientError,
  answerError,
  BadRequestError,
  DATABASE_UNAVAILABLE,
  errorHandler,
  type ErrorPage,
  ServiceUnavailableError,
} from './errors.js';
import { allowedHostNames, hostGuard } from './host-names.js';
import { inputGuards, inputMessages } from './input-guard.js';
import { createPublicCache, type PublicCache } from './public-cache.js';
import { openPublicChanges } from './public-changes.js';
import { createMetrics, httpMetrics, serveMetrics } from './metrics.js';
import { RequestLog, requestIdOf, returnRequestId } from './request-log.js';
import { validatorCompiler } from './route-schemas.js';
import { securityHeadersPlugin } from './security-headers.js';
import { createAuth } from './modules/auth/auth.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { createLoginThrottleRepository } from './modules/auth/login-throttle.repository.js';
import { createRequireUser } from './modules/auth/require-user.js';
import { sameOriginGuard } from './modules/auth/same-origin.js';
import { createProfilesRepository } from './modules/profiles/profiles.repository.js';
import { profilesRoutes } from './modules/profiles/profiles.routes.js';
import { createAdsRepository } from './modules/ads/ads.repository.js';
import { adsRoutes } from './modules/ads/ads.routes.js';
import { createAdsService, withPublicCache } from './modules/ads/ads.service.js';
import { myAdsRoutes } from './modules/ads/my-ads.routes.js';
import { createMyAdsService } from './modules/ads/my-ads.service.js';
import { createContactRepository } from './modules/contact/contact.repository.js';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.js';
import { eventIngest } from './modules/analytics/analytics.ingest.js';
import { createLiveCounters } from './modules/analytics/analytics.live.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { createAnalyticsService } from './modules/analytics/analytics.service.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { createReportsRepository } from './modules/reports/reports.repository.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createReportsService, type ReportsService } from './modules/reports/reports.service.js';
import { createStatsLinksRepository } from './modules/stats-links/stats-links.repository.js';
import { statsLinksRoutes } from './modules/stats-links/stats-links.routes.js';
import { createStatsLinksService } from './modules/stats-links/stats-links.service.js';
import { createModerationRepository } from './modules/moderation/moderation.repository.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { createModerationService } from './modules/moderation/moderation.service.js';
import { createRequireAdmin } from './modules/moderation/require-admin.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { closeAudioPool } from './modules/media/audio-analyser.js';
import { createStationsRepository } from './modules/stations/stations.repository.js';
import { myStationsRoutes, stationsRoutes } from './modules/stations/stations.routes.js';
import { createStationsService, withPublicCache as withStationsCache } from './modules/stations/stations.service.js';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { createApiKeysService } from './modules/api-keys/api-keys.service.js';
import { createRequireApiKey } from './modules/api-keys/require-api-key.js';
import { apiV1Routes } from './modules/api-v1/api-v1.routes.js';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository.js';
import { createIdempotency } from './modules/idempotency/idempotency.service.js';
import { openApiOptions } from './modules/api-v1/openapi.js';
import { createAdForm } from './modules/ads/ad-form.js';
import { createIdentifyRepository } from './modules/identify/identify.repository.js';
import { identifyRoutes } from './modules/identify/identify.routes.js';
import { createIdentifyService } from './modules/identify/identify.service.js';
import { createPlansRepository } from './modules/plans/plans.repository.js';
import { createAccountRepository } from './modules/account/account.repository.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { createBillingRepository } from './modules/billing/billing.repository.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { createBilling, createStripeClient } from './modules/billing/billing.service.js';
import { createPlansService } from './modules/plans/plans.service.js';
import { clientConfigOf, readPageTemplate } from './modules/seo/head.js';
import { pageForError, seoRoutes } from './modules/seo/seo.routes.js';
import { embedFailurePage, embedRoutes } from './modules/embed/embed.routes.js';
import { createShareImages, type ShareImages } from './modules/share-image/share-image.js';
import { shareImageRoutes } from './modules/share-image/share-image.routes.js';
import { createEmbedService } from './modules/embed/embed.service.js';
import { createMonitorsRepository } from './modules/monitors/monitors.repository.js';
import { createMonitors, type Monitors } from './modules/monitors/monitors.service.js';
import type { MonitorOptions } from './modules/monitors/monitor.js';
import { createTranscriptionRepository } from './modules/transcription/transcription.repository.js';
import {
  createTranscription,
  type Transcription,
  type TranscriptionOptions,
} from './modules/transcription/transcription.service.js';
import { callerOf } from './caller.js';
import type { JobRunner } from './jobs/jobs.js';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository.js';
import { myWebhooksRoutes, webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { createWebhooks, type Webhooks } from './modules/webhooks/webhooks.service.js';
import { createJobRunner, type RunnerOptions } from './jobs/pg-boss-runner.js';
import { SSR_ENTRY, WEB_DIST_DIR } from './paths.js';
import { loadPageRenderer, type PageRenderer } from './modules/seo/page-renderer.js';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  mailer: Mailer;
  /** Shared by every app process (REDIS_URL): rate limits are counted there. Absent: in memory. */
  redis?: RedisConnection;
  /** Signs session cookies; see resolveAuthSecret. */
  authSecret: string;
  /** Root of the local uploads folder, served under /media/. */
  uploadsDir: string;
  /** Built web app; absent in API-only tests. */
  webDir?: string;
  /**
   * Renders the public pages on the server (the web app's server entry). By default the built one beside
   * the default web app (dist/ssr), if built; with a webDir of their own, tests pass theirs or none.
   */
  renderer?: PageRenderer | null;
  /** Where log lines go (standard output by default); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** Time source of the analytics (dedupe windows, UTC days); tests move it. */
  clock?: () => Date;
  /** Longest an accepted analytics event waits before its batch is written (default 250 ms). */
  eventFlushMs?: number;
  /** The job runner's timings (tests shorten them). */
  jobs?: RunnerOptions;
  /** The automatic transcription's retries, when TRANSCRIBE_URL is set (tests shorten them). */
  transcription?: TranscriptionOptions;
  /** Longest a request may take to arrive whole (default REQUEST_TIMEOUT_MS; tests shorten it). */
  requestTimeoutMs?: number;
  /** The stream monitors' windows and reconnection delays (tests and the benchmark shorten them). */
  monitors?: MonitorOptions;
  /** Waits before each webhook delivery retry (tests shorten them). */
  webhookRetryDelaysMs?: number[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes stored files that no ad refers to (run at start); returns their keys. */
    sweepUploads: () => Promise<string[]>;
    /** Public reads kept in memory until a change (public-cache.ts). */
    publicCache: PublicCache;
    /** The one job runner (src/server/jobs/): queues' counts, attempts' ends, jobs' states. */
    jobs: JobRunner;
    /** The ads' share cards, drawn off the event loop (share-image.ts). */
    shareImages: ShareImages;
    /** Where GET /metrics answers (METRICS_PORT), once the app is ready; undefined without one. */
    metricsUrl: () => string | undefined;
    /** The weekly report e-mail (its hourly schedule, its jobs, its unsubscribe links). */
    reports: ReportsService;
    /** Outgoing webhooks: endpoints, deliveries, and the events services emit. */
    webhooks: Webhooks;
    /** The automatic transcription; null when TRANSCRIBE_URL is not set. */
    transcription: Transcription | null;
    /** The stations' stream monitors (src/server/modules/monitors/). */
    monitors: Monitors;
    /**
     * Computes the landmarks of every ad that lacks them (run in the background at start); resolves to the
     * number of ads indexed, early when the app closes.
     */
    indexFingerprints: () => Promise<number>;
  }
}

/**
 * Longest a request may take to arrive whole: Node's own default, which Fastify turns off. A client that
 * trickles its request to hold a connection is answered 408 and let go; a 15 MB upload on a slow phone
 * line arrives well within it.
 */
const REQUEST_TIMEOUT_MS = 5 * 60_000;

/** How long the readiness check waits for `SELECT 1`. */
const HEALTH_TIMEOUT_MS = 2_000;

const withTimeout = <T>(work: Promise<T>, ms: number) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/** Builds the whole app: plugins, then each module's routes, explicitly. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const trusted = config.TRUST_PROXY;
  const limits = (name: string) => rateLimitStore(deps.redis, name, deps.authSecret);
  const webDir = deps.webDir ?? WEB_DIST_DIR;
  // The built pages (null when the web app is not built); a failed page request gets one of them.
  const page = await readPageTemplate(path.join(webDir, 'index.html'));
  const embedPage = await readPageTemplate(path.join(webDir, 'embed.html'));
  // Each once: both pages carry the same script loader.
  const scriptSources = [...new Set([...(page?.scriptSources ?? []), ...(embedPage?.scriptSources ?? [])])];
  const clientConfig = clientConfigOf(config);
  const renderer = deps.renderer !== undefined || deps.webDir ? deps.renderer : await loadPageRenderer(SSR_ENTRY);
  renderer?.configure(clientConfig);
  const errorPages = [
    embedPage && embedFailurePage(embedPage, config.PUBLIC_ORIGIN, clientConfig, renderer),
    page && pageForError(page, config),
  ].filter((p): p is ErrorPage => !!p);
  const errorPage: ErrorPage = (...failure) => {
    for (const pageFor of errorPages) {
      const html = pageFor(...failure);
      if (html !== undefined) return html;
    }
    return undefined;
  };
  const requestTimeout = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    requestTimeout,
    // Node's defaults otherwise: headers within 60 s (never more than the whole request, or Node ignores the
    // limit), looked for every 30 s (more often when the limit is shorter).
    http: {
      headersTimeout: Math.min(60_000, requestTimeout),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeout / 4)),
    },
    clientErrorHandler: answerClientError,
    // Each request is one line when it ends (request-log.ts), under the id it came with or was given.
    genReqId: requestIdOf,
    logController: new RequestLog(),
    logger: {
      level: config.LOG_LEVEL,
      stream: deps.logStream,
      // Request lines name the method and URL only: no client address is written anywhere (see /terms).
      serializers: { req: (req) => ({ method: req.method, url: req.url }) },
    },
    // Only the hops of our own proxies may name the client (rate limits, listener codes); see config.ts.
    // Fastify reads a bare number as 'trust nothing', so a hop count is given as proxy-addr's function.
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    // An address the router cannot decode ('/ad/%ff') is answered before any handler, but as every other 400.
    frameworkErrors: (err, req, reply) =>
      answerError(
        err.code === 'FST_ERR_BAD_URL' ? new BadRequestError(inputMessages.malformedAddress) : err,
        req,
        reply,
        errorPage,
      ),
  });
  await app.register(returnRequestId);
  const metrics = createMetrics();
  await app.register(httpMetrics, { metrics });
  // A request for another host name is refused before any handler runs (host-names.ts). Then the error
  // body, so that the other guards' refusals take it too; then those guards, before any route.
  const hosts = allowedHostNames(config);
  await app.register(hostGuard, { hosts });
  await app.register(errorHandler, { errorPage });
  await app.register(inputGuards);
  await app.register(sameOriginGuard, { origin: config.PUBLIC_ORIGIN, hosts });
  // The audio worker threads end with the app.
  app.addHook('onClose', closeAudioPool);
  // Routes declare params, query, body and answers as zod contracts: parsed, serialised and documented.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, openApiOptions(config.PUBLIC_ORIGIN));

  await app.register(securityHeadersPlugin, { config, scriptSources });

  // Every answer gets a weak ETag of its body (before compression, so one per content), and a conditional
  // request for an unchanged one gets 304 with no body.
  await app.register(fastifyEtag, { weak: true });

  // HTML, JSON, scripts and styles (built assets arrive precompressed). Uploads are MP3 and raster
  // images, which mime-db marks incompressible, and partial (206) answers are never compressed, so
  // audio Range requests stay byte-exact. The same encodings on every Node version (no zstd).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });

  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false, // receiveFile reports it with the spec's message
    // The per-file limits (audio 10 MB, logo 5 MB) are checked while streaming; this is the hard stop.
    limits: { fileSize: maxBytesOf('audio') + 1, files: 2, fields: 20, fieldSize: 10_000, parts: 24 },
  });

  const moderationRepo = createModerationRepository(database.db);
  const auth = createAuth({
    db: database.db,
    config,
    isSuspended: (userId) => moderationRepo.isSuspended(userId),
    mailer: deps.mailer,
    secret: deps.authSecret,
    log: (msg, err) => app.log.error({ err }, msg),
    logger: app.log,
  });
  const origin = config.PUBLIC_ORIGIN;
  await app.register(authRoutes, {
    auth,
    origin,
    throttle: createLoginThrottle(createLoginThrottleRepository(database.db), deps.clock),
    addressOf: createAddressPseudonym(deps.authSecret),
    databaseReachable: () =>
      withTimeout(database.ping(), HEALTH_TIMEOUT_MS).then(
        () => true,
        () => false,
      ),
  });
  const requireUser = createRequireUser(auth, origin);
  await app.register(profilesRoutes, {
    profiles: createProfilesRepository(database.db),
    requireUser: createRequireUser(auth, origin, authServerMessages.notLoggedInProfile),
  });

  const adsRepo = createAdsRepository(database.db, database.directoryDb);
  const publicCache = createPublicCache({ enabled: config.PUBLIC_CACHE });
  app.decorate('publicCache', publicCache);
  const changes = await openPublicChanges({
    redis: deps.redis,
    database,
    onChange: () => publicCache.clear(),
    log: (msg, err) => app.log.error({ err }, msg),
  });
  app.addHook('onClose', () => changes.close());
  const publicChanged = () => {
    publicCache.clear();
    changes.publish();
  };
  const adsService = withPublicCache(createAdsService({ repo: adsRepo }), publicCache);
  await app.register(adsRoutes, { ads: adsService, cached: config.PUBLIC_CACHE, limits });
  const plans = createPlansService(createPlansRepository(database.db));
  await app.register(plansRoutes, { plans, requireUser, trialAtCheckout: Boolean(config.STRIPE_SECRET_KEY) });
  await app.register(accountRoutes, {
    repo: createAccountRepository(database.db),
    storage: deps.storage,
    requireUser,
    publicChanged,
  });
  // Background work: one job runner, its queues declared by the modules below; it runs from start-up, and
  // on close takes no new job and gives the running ones a grace period (then hands them back).
  const jobs = createJobRunner({
    database,
    log: app.log,
    options: { graceMs: config.SHUTDOWN_GRACE_MS, ...deps.jobs },
  });
  app.decorate('jobs', jobs);
  jobs.onJob(metrics.jobEnded);
  let jobsStopped: Promise<void> | undefined;
  app.addHook('preClose', async () => void (jobsStopped = jobs.stop()));
  app.addHook('onClose', async () => jobsStopped);
  // Payments through Stripe when it is configured (decision 46); the page says so when it is not.
  const billing = createBilling({
    stripe: createStripeClient(config),
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    repo: createBillingRepository(database.db),
    db: database.db,
    origin,
    log: app.log,
    hadPlan: plans.hadPlan,
    publicChanged,
  });
  await app.register(billingRoutes, { billing, requireUser });
  // Outgoing webhooks (decision 51): services emit events in their transactions, deliveries are jobs.
  const webhooks = createWebhooks({
    repo: createWebhooksRepository(database.db),
    jobs,
    mailer: deps.mailer,
    origin,
    allowPrivate: config.ALLOW_PRIVATE_WEBHOOKS,
    log: app.log,
    clock: deps.clock,
    retryDelaysMs: deps.webhookRetryDelaysMs,
  });
  app.decorate('webhooks', webhooks);
  await app.register(myWebhooksRoutes, { webhooks, requireUser });
  // Plans that ended by their date (a trial, a canceled subscription) lose featured flags beyond the limit.
  jobs.define('billing-downgrades', { handler: async () => void (await billing.sweepDowngrades()), retries: 2 });
  // Automatic transcription, when a speech-to-text service is configured.
  const transcription = config.TRANSCRIBE_URL
    ? createTranscription({
        repo: createTranscriptionRepository(database.db),
        jobs,
        transcriber: createOpenAiCompatibleTranscriber({
          baseUrl: config.TRANSCRIBE_URL,
          apiKey: config.TRANSCRIBE_API_KEY,
          model: config.TRANSCRIBE_MODEL,
        }),
        storage: deps.storage,
        log: app.log,
        options: deps.transcription,
      })
    : null;
  app.decorate('transcription', transcription);
  const identify = createIdentifyService({
    repo: createIdentifyRepository(database.db),
    storage: deps.storage,
    log: app.log,
    onIdentify: metrics.identified,
  });
  // Closing stops the backfill before the audio workers go (onClose).
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());
  app.decorate('indexFingerprints', () => identify.backfill({ signal: closing.signal }));
  await app.register(identifyRoutes, { identify, limits });
  // Stations' streams, each watched by one process at a time (held jobs); their airings change public pages.
  const monitors = createMonitors({
    repo: createMonitorsRepository(database.db),
    jobs,
    matchWindow: identify.matchWindow,
    publicChanged,
    log: app.log,
    concurrency: config.MONITOR_CONCURRENCY,
    enabled: config.MONITORS_ENABLED,
    userAgent: `AdReplay stream monitor (+${origin})`,
    options: deps.monitors,
    events: webhooks.emit,
  });
  app.decorate('monitors', monitors);
  // After the runner stopped (it hands the monitors' jobs back at once): the ffmpeg processes end.
  app.addHook('onClose', async () => {
    await jobsStopped;
    await monitors.close();
  });
  const myAds = createMyAdsService({
    repo: adsRepo,
    plans,
    storage: deps.storage,
    publicChanged,
    transcription: transcription?.queue,
    fingerprints: identify,
    events: webhooks.emit,
  });
  transcription?.handleWith(myAds);
  const adForm = createAdForm(myAds);
  await app.register(myAdsRoutes, { myAds, adForm, requireUser, limits });
  app.decorate('sweepUploads', () => myAds.sweepFiles());
  const analyticsRepo = createAnalyticsRepository(database.db);
  await app.register(eventIngest, {
    repo: analyticsRepo,
    clock: deps.clock,
    flushMs: deps.eventFlushMs,
    onFlush: metrics.eventsFlushed,
  });
  const ingest = app.eventIngest;
  metrics.watch({ database, jobs, ingest, publicCache });
  const analytics = createAnalyticsService({ repo: analyticsRepo, ads: myAds, clock: deps.clock });
  await app.register(analyticsRoutes, {
    ingest,
    analytics,
    live: createLiveCounters({ repo: analyticsRepo }),
    requireUser,
    limits,
    plans,
  });

  // Read-only public links to one ad's figures, made and revoked by its owner.
  await app.register(statsLinksRoutes, {
    links: createStatsLinksService({
      repo: createStatsLinksRepository(database.db),
      ads: myAds,
      analytics,
      chartsFor: async (userId) => (await plans.userPlan(userId)).analyticsEnabled,
      origin,
    }),
    requireUser,
    page,
    clientConfig,
    origin,
  });

  // The weekly report: Monday 08:00 in each advertiser's zone, one job per person and week (decision 49).
  const reports = createReportsService({
    repo: createReportsRepository(database.db),
    mailer: deps.mailer,
    jobs,
    origin,
    secret: deps.authSecret,
    clock: deps.clock,
    log: app.log,
  });
  app.decorate('reports', reports);
  await app.register(reportsRoutes, { reports, requireUser, limits });

  // Trust and safety: listeners' reports, the moderators' queue and actions, the owners' notices (decision 44).
  await app.register(moderationRoutes, {
    moderation: createModerationService({
      repo: moderationRepo,
      saltFor: (day) => analyticsRepo.saltFor(day),
      mailer: deps.mailer,
      origin,
      holdThreshold: config.REPORT_HOLD_THRESHOLD,
      publicChanged,
      log: app.log,
      clock: deps.clock,
    }),
    requireUser,
    requireAdmin: createRequireAdmin(requireUser, {
      adminEmails: config.ADMIN_EMAILS,
      isAdmin: (userId) => moderationRepo.isAdmin(userId),
    }),
    limits,
  });

  // The public API: the same ad and analytics services, behind per-user API keys made in Settings.
  const stations = createStationsService({
    repo: createStationsRepository(database.db),
    storage: deps.storage,
    publicChanged,
    publicAds: (ids) => adsService.publicByIds(ids),
    clock: deps.clock,
  });
  const publicStations = withStationsCache(stations, publicCache);
  await app.register(myStationsRoutes, { stations, requireUser });
  await app.register(stationsRoutes, { stations: publicStations, cached: config.PUBLIC_CACHE });

  const apiKeys = createApiKeysService({ repo: createApiKeysRepository(database.db), clock: deps.clock });
  // Idempotency-Key of the API's POSTs; keys older than a day are forgotten every hour.
  const idempotency = createIdempotency({ repo: createIdempotencyRepository(database.db), clock: deps.clock });
  jobs.define('idempotency-expiry', { handler: async () => void (await idempotency.expire()), retries: 2 });
  await app.register(apiKeysRoutes, { apiKeys, requireUser });
  await app.register(apiV1Routes, {
    myAds,
    adForm,
    analytics,
    identify,
    stations,
    requireApiKey: createRequireApiKey(apiKeys),
    limits,
    idempotency,
    more: [
      (v1) =>
        webhookRoutes(v1, {
          webhooks,
          prefix: '/api/v1/webhooks',
          claim: (req, reply, content) => idempotency.claim(req, reply, callerOf(req).userId, content),
        }),
    ],
  });
  await app.register(mediaRoutes, { root: deps.uploadsDir });
  // Readiness: this process can serve, its database answers within a second or two (else 503).
  app.get('/api/health', async () => {
    await withTimeout(database.ping(), HEALTH_TIMEOUT_MS).catch((err: unknown) => {
      app.log.warn({ err: loggableDbError(err) }, 'health check: the database does not answer');
      throw new ServiceUnavailableError(DATABASE_UNAVAILABLE.message, DATABASE_UNAVAILABLE.retryAfter);
    });
    return { ok: true, database: database.kind };
  });
  // Liveness for load balancers: no work at all (also the ceiling the ingestion benchmark compares with).
  // Without a body there is nothing for the security headers to protect.
  app.get(
    '/api/ping',
    { config: { securityHeaders: 'none' }, compress: false, logLevel: 'warn' },
    async (_req, reply) => reply.status(204).send(),
  );

  await app.register(contactRoutes, {
    messages: createContactRepository(database.db),
    mailer: deps.mailer,
    to: config.CONTACT_TO,
    limits,
  });

  await app.register(embedRoutes, {
    embed: createEmbedService({ ads: adsService, storage: deps.storage, origin }),
    origin,
    clientConfig,
    page: embedPage,
    renderer,
  });

  // Share cards are drawn on a thread of their own, once per content; the thread ends with the app.
  const shareImages = createShareImages();
  app.decorate('shareImages', shareImages);
  app.addHook('onClose', () => shareImages.close());
  await app.register(shareImageRoutes, { ads: adsService, images: shareImages, limits });

  // The operator's metrics, on a port of their own (decision 39).
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  app.decorate('metricsUrl', () => metricsServer?.url);
  if (config.METRICS_PORT !== undefined) {
    const port = config.METRICS_PORT;
    app.addHook(
      'onReady',
      async () => void (metricsServer = await serveMetrics(metrics.registry, port, config.METRICS_HOST)),
    );
    app.addHook('onClose', async () => metricsServer?.close());
  }

  // Every queue is declared by now: the runner starts with the app (and the transcriptions under way get their jobs).
  app.addHook('onReady', async () => {
    await jobs.start();
    await jobs.schedule('billing-downgrades', '*/10 * * * *', { tz: 'UTC' });
    await reports.schedule();
    await jobs.schedule('idempotency-expiry', '17 * * * *', { tz: 'UTC' });
    await monitors.start();
    await transcription?.resume();
  });

  // Not encapsulated (fastify-plugin): it sets the whole server's not-found handler beside the web app's GET /* route.
  await app.register(seoRoutes, {
    webDir,
    page,
    config,
    ads: adsService,
    stations: publicStations,
    renderer,
    publicCache,
  });

  return app;
}
