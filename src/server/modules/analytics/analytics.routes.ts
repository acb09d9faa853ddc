import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import {
  AnalyticsQuery,
  AnalyticsSummary,
  EVENTS_PER_MINUTE,
  EventInput,
  ListeningHours,
  ListeningHoursQuery,
} from '../../../shared/analytics.js';
import { limitMessages } from '../../../shared/plans.js';
import { callerOf } from '../../caller.js';
import { clientOf } from '../../client-address.js';
import { ForbiddenError, rateLimitError } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
import type { PlansService } from '../plans/plans.service.js';
import type { EventIngest } from './analytics.ingest.js';
import type { LiveCounters } from './analytics.live.js';
import type { AnalyticsService } from './analytics.service.js';

const HEARTBEAT_MS = 25_000; // the spec's realtime heartbeat; keeps proxies from closing an idle stream

/** Speculative loads announce themselves; they are not listeners. */
function isPrefetch(req: FastifyRequest): boolean {
  const h = req.headers;
  return [h['sec-purpose'], h['purpose'], h['x-purpose'], h['x-moz']].some((v) =>
    /prefetch|preview|prerender/i.test(String(v ?? '')),
  );
}

export async function analyticsRoutes(
  app: FastifyInstance,
  deps: {
    ingest: EventIngest;
    analytics: AnalyticsService;
    live: LiveCounters;
    requireUser: RequireUser;
    limits: RateLimitStore;
    plans: PlansService;
  },
) {
  const { ingest, analytics, live, requireUser, plans } = deps;
  const analyticsEnabled = async (req: FastifyRequest) => (await plans.userPlan(callerOf(req).userId)).analyticsEnabled;
  // The plan's analytics_enabled: without it, the cards and per-ad figures only; charts, breakdowns,
  // the CSV export and live counters come with the plans that include analytics.
  const requireAnalytics = async (req: FastifyRequest) => {
    if (!(await analyticsEnabled(req))) throw new ForbiddenError(limitMessages.upgradeRequired);
  };

  // Public: listeners' pages record events here.
  await app.register(async (plain) => {
    const events = plain.withTypeProvider<ZodTypeProvider>();
    await events.register(rateLimit, {
      ...deps.limits('events'),
      max: EVENTS_PER_MINUTE,
      timeWindow: '1 minute',
      // Per address (its network); kept in memory (or Redis, for a minute), never stored.
      keyGenerator: clientOf,
      // Pages send events in the background and never read these; only the refusal says when to retry.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': true,
      },
      errorResponseBuilder: rateLimitError('Too many events from this address; try again in a minute'),
    });
    // Answers carry no body, so the security headers (about 1 KB a response) are left off; at thousands
    // of events a second, only warnings and errors are logged.
    const options = {
      bodyLimit: 4096,
      config: { securityHeaders: 'none' },
      compress: false,
      logLevel: 'warn',
    } as const;
    events.post('/api/events', { ...options, schema: { body: EventInput } }, async (req, reply) => {
      const outcome = await ingest.accept(req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
        prefetch: isPrefetch(req),
      });
      return reply.status(outcome === 'accepted' ? 202 : 204).send();
    });
  });

  // The owner's figures.
  await app.register(async (plain) => {
    const owner = plain.withTypeProvider<ZodTypeProvider>();
    owner.addHook('preHandler', requireUser);

    owner.get(
      '/api/analytics',
      { schema: { querystring: AnalyticsQuery, response: { 200: AnalyticsSummary } } },
      async (req) => {
        const summary = await analytics.summary(callerOf(req).userId, req.query);
        return (await analyticsEnabled(req)) ? summary : { ...summary, daily: [], sources: [], devices: [] };
      },
    );

    // A breakdown, like the charts: with the plans that include analytics.
    owner.get(
      '/api/analytics/hours',
      { preHandler: requireAnalytics, schema: { querystring: ListeningHoursQuery, response: { 200: ListeningHours } } },
      async (req) => analytics.hours(callerOf(req).userId, req.query),
    );

    owner.get(
      '/api/analytics/export.csv',
      { preHandler: requireAnalytics, schema: { querystring: AnalyticsQuery } },
      async (req, reply) => {
        const query = req.query;
        const csv = await analytics.csv(callerOf(req).userId, query);
        const { from, to } = analytics.rangeOf(query.period);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="adreplay-analytics-${from ?? 'all'}-to-${to}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(csv);
      },
    );

    const streams = new Set<() => void>();
    owner.addHook('preClose', async () => {
      for (const end of streams) end();
    });

    owner.get('/api/analytics/stream', { preHandler: requireAnalytics }, async (req, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      let unwatch: () => void;
      try {
        unwatch = await live.watch(callerOf(req).userId, (total) => {
          res.write(`event: update\ndata: ${JSON.stringify({ total })}\n\n`);
        });
      } catch (err) {
        req.log.error({ err }, 'live counters unavailable');
        res.end();
        return;
      }
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const end = () => {
        if (!streams.delete(end)) return;
        clearInterval(heartbeat);
        unwatch();
        res.end();
      };
      streams.add(end);
      req.raw.once('close', end);
    });
  });
}
