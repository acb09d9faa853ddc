import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/client.js';
import { JOB_STATES, type JobEvent, type JobRunner } from './jobs/jobs.js';
import type { EventIngest } from './modules/analytics/analytics.ingest.js';
import type { PublicCache } from './public-cache.js';
import { routeOf } from './request-log.js';

/**
 * The app's metrics in Prometheus' text format (decision 39). Each app has a registry of its own (tests run
 * several apps in one process); the figures that live elsewhere (jobs' counts, the cache, the pools) are read
 * when scraped, and the rest are observed as things happen.
 */

/** Seconds, from a web request's few milliseconds to a slow upload or transcription. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds, for jobs: waiting in a queue and running can both take minutes. */
const JOB_BUCKETS = [0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

/** What the scrape reads from the running app. */
export interface MetricsSources {
  database: Pick<Database, 'pools'>;
  jobs: Pick<JobRunner, 'counts'>;
  ingest: Pick<EventIngest, 'pending' | 'stats'>;
  publicCache: Pick<PublicCache, 'stats'>;
}

/** A counter whose total is kept elsewhere (a module's own stats): set to it at each scrape. */
function totalOf(registry: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpLabels = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: httpLabels,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status class',
    labelNames: httpLabels,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const flushSeconds = new Histogram({
    name: 'adreplay_events_flush_duration_seconds',
    help: 'Time to write one batch of accepted analytics events, retries included',
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const identifySeconds = new Histogram({
    name: 'adreplay_identify_duration_seconds',
    help: "Time to match one recording's landmarks against every ad (the lookup, alignment and cards)",
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const jobSeconds = new Histogram({
    name: 'adreplay_job_duration_seconds',
    help: "One attempt's running time, by queue and outcome (completed, retry, failed, released)",
    labelNames: ['queue', 'outcome'],
    buckets: JOB_BUCKETS,
    registers,
  });
  const jobWaitSeconds = new Histogram({
    name: 'adreplay_job_wait_seconds',
    help: 'Time from when a job could first run to when this attempt began, by queue',
    labelNames: ['queue'],
    buckets: JOB_BUCKETS,
    registers,
  });
  const jobFailures = new Counter({
    name: 'adreplay_job_failures_total',
    help: 'Failed job attempts, by queue and whether the job will run again (retry) or failed for good (failed)',
    labelNames: ['queue', 'outcome'],
    registers,
  });

  return {
    registry,

    /** Records one answered request. */
    request(method: string, route: string, statusCode: number, seconds: number) {
      const labels = { method, route, status_class: `${Math.floor(statusCode / 100)}xx` };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    eventsFlushed: (ms: number) => flushSeconds.observe(ms / 1000),
    identified: (ms: number) => identifySeconds.observe(ms / 1000),
    jobEnded(event: JobEvent) {
      jobSeconds.observe({ queue: event.queue, outcome: event.outcome }, event.durationMs / 1000);
      jobWaitSeconds.observe({ queue: event.queue }, event.waitMs / 1000);
      if (event.outcome === 'retry' || event.outcome === 'failed') {
        jobFailures.inc({ queue: event.queue, outcome: event.outcome });
      }
    },

    /** The figures read at each scrape; called once, when the app's parts exist. */
    watch({ database, jobs, ingest, publicCache }: MetricsSources) {
      new Gauge({
        name: 'adreplay_jobs',
        help: 'Jobs by queue and state (created, retry, active, and the ends of the last 12 hours; failed: dead letters)',
        labelNames: ['queue', 'state'],
        registers,
        async collect() {
          this.reset();
          // The database away: no figures rather than a failed scrape (the process metrics still tell).
          const counts = await jobs.counts().catch(() => ({}));
          for (const [queue, states] of Object.entries(counts)) {
            for (const state of JOB_STATES) this.set({ queue, state }, states[state] ?? 0);
          }
        },
      });
      new Gauge({
        name: 'adreplay_events_queue_depth',
        help: 'Analytics events accepted and not yet written',
        registers,
        collect() {
          this.set(ingest.pending());
        },
      });
      totalOf(registry, 'adreplay_events_accepted_total', 'Analytics events accepted', () => ingest.stats.accepted);
      totalOf(
        registry,
        'adreplay_events_written_total',
        'Analytics events written and counted',
        () => ingest.stats.counted,
      );
      totalOf(
        registry,
        'adreplay_events_rejected_total',
        'Analytics events set aside because the database refused to store them',
        () => ingest.stats.rejected,
      );
      const cache = publicCache.stats;
      new Gauge({
        name: 'adreplay_public_cache_entries',
        help: 'Public answers held in memory',
        registers,
        collect() {
          this.set(cache.entries());
        },
      });
      new Gauge({
        name: 'adreplay_public_cache_bytes',
        help: 'Approximate size of the public answers held in memory',
        registers,
        collect() {
          this.set(cache.bytes());
        },
      });
      totalOf(registry, 'adreplay_public_cache_hits_total', 'Public reads answered from memory', () => cache.hits);
      totalOf(
        registry,
        'adreplay_public_cache_loads_total',
        'Public reads that went to the database (misses)',
        () => cache.loads,
      );
      new Gauge({
        name: 'adreplay_public_cache_hit_ratio',
        help: 'Share of public reads answered from memory since start (0 before the first)',
        registers,
        collect() {
          const reads = cache.hits + cache.loads;
          this.set(reads ? cache.hits / reads : 0);
        },
      });
      const poolGauge = (name: string, help: string, read: (p: ReturnType<Database['pools']>[number]) => number) =>
        new Gauge({
          name,
          help,
          labelNames: ['pool'],
          registers,
          collect() {
            for (const p of database.pools()) this.set({ pool: p.pool }, read(p));
          },
        });
      poolGauge('adreplay_db_pool_size', 'Database connections open, by pool (PGlite: its one thread)', (p) => p.size);
      poolGauge('adreplay_db_pool_in_use', 'Database connections running a query, by pool', (p) => p.inUse);
      poolGauge('adreplay_db_pool_waiting', 'Queries waiting for a database connection, by pool', (p) => p.waiting);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Every answered request into the HTTP metrics, under its route pattern. Not encapsulated: the whole app. */
export const httpMetrics = fastifyPlugin(
  async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
    app.addHook('onResponse', async (req, reply) =>
      metrics.request(req.method, routeOf(req), reply.statusCode, reply.elapsedTime / 1000),
    );
  },
  { name: 'http-metrics' },
);

/**
 * Serves GET /metrics on a listener of its own (METRICS_PORT on METRICS_HOST), never on the public port:
 * what it tells (routes, queues, volumes) is for the operator. Resolves once listening.
 */
export async function serveMetrics(registry: Registry, port: number, host: string) {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${(err as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { address, port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${bound}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
