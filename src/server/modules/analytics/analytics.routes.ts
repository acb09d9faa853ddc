import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AnalyticsQuery, EVENTS_PER_MINUTE, EventInput } from '../../../shared/analytics.js';
import { parseInput } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
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
  deps: { ingest: EventIngest; analytics: AnalyticsService; live: LiveCounters; requireUser: RequireUser },
) {
  const { ingest, analytics, live, requireUser } = deps;

  // Public: listeners' pages record events here.
  await app.register(async (events) => {
    await events.register(rateLimit, {
      max: EVENTS_PER_MINUTE,
      timeWindow: '1 minute',
      // Per client (network and browser); kept in memory only, never stored.
      keyGenerator: (req) => `${req.ip}\n${req.headers['user-agent'] ?? ''}`,
      // Pages send events in the background and never read these; only the refusal says when to retry.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
        'retry-after': true,
      },
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: ctx.statusCode,
        error: 'Too Many Requests',
        message: 'Too many events from this client; try again in a minute',
      }),
    });
    // Answers carry no body, so the security headers (about 1 KB a response) are left off; at thousands
    // of events a second, only warnings and errors are logged.
    const options = { bodyLimit: 4096, helmet: false, compress: false, logLevel: 'warn' } as const;
    events.post('/api/events', options, async (req, reply) => {
      const outcome = await ingest.accept(parseInput(EventInput, req.body), {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
        prefetch: isPrefetch(req),
      });
      return reply.status(outcome === 'accepted' ? 202 : 204).send();
    });
  });

  // The owner's figures.
  await app.register(async (owner) => {
    owner.addHook('preHandler', requireUser);

    owner.get('/api/analytics', async (req) => analytics.summary(req.user!.id, parseInput(AnalyticsQuery, req.query)));

    owner.get('/api/analytics/export.csv', async (req, reply) => {
      const query = parseInput(AnalyticsQuery, req.query);
      const csv = await analytics.csv(req.user!.id, query);
      const { from, to } = analytics.rangeOf(query.period);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="adreplay-analytics-${from ?? 'all'}-to-${to}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    });

    const streams = new Set<() => void>();
    owner.addHook('preClose', async () => {
      for (const end of streams) end();
    });

    owner.get('/api/analytics/stream', async (req, reply) => {
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
        unwatch = await live.watch(req.user!.id, (total) => {
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

  // Accepted events reach the database before the process exits.
  app.addHook('onClose', async () => {
    await ingest.close();
    app.log.info({ events: ingest.stats }, 'analytics events written');
  });
}
