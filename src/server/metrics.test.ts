import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAd } from './db/seed/factories.js';
import { createJobRunner } from './jobs/pg-boss-runner.js';
import { createMetrics } from './metrics.js';
import { createTestApp, openTestDatabase, TEST_JOBS, type TestApp } from './test/harness.js';
import { signUpUser } from './test/session.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** Every family decision 39 promises (histograms by their _count, counters by their _total). */
const FAMILIES = [
  'http_requests_total',
  'http_request_duration_seconds_count',
  'adreplay_events_queue_depth',
  'adreplay_events_flush_duration_seconds_count',
  'adreplay_events_accepted_total',
  'adreplay_events_written_total',
  'adreplay_events_rejected_total',
  'adreplay_jobs',
  'adreplay_job_duration_seconds_count',
  'adreplay_job_wait_seconds_count',
  'adreplay_job_failures_total',
  'adreplay_public_cache_entries',
  'adreplay_public_cache_bytes',
  'adreplay_public_cache_hits_total',
  'adreplay_public_cache_loads_total',
  'adreplay_public_cache_hit_ratio',
  'adreplay_identify_duration_seconds_count',
  'adreplay_db_pool_size',
  'adreplay_db_pool_in_use',
  'adreplay_db_pool_waiting',
  'process_cpu_seconds_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
];

/** The families named in a scrape (its # TYPE lines). */
const familiesOf = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));

/** The value of one sample, or 0 when the scrape has none (no such labels yet). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([^\s{]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return 0;
}

let t: TestApp;
let url: string;
const scrape = async () => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  return res.text();
};
beforeAll(async () => {
  t = await createTestApp({ METRICS_PORT: '0' });
  url = t.app.metricsUrl()!;
});
afterAll(() => t.close());

describe('GET /metrics', () => {
  it('is served on its own port bound to localhost, not on the public one', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const publicAnswer = await t.app.inject({ url: '/metrics' });
    expect(publicAnswer.statusCode).toBe(404);
    expect(publicAnswer.body).not.toContain('http_requests_total');
    expect((await fetch(url.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('names every family in the text format', async () => {
    await t.app.inject('/api/ads'); // the request families have samples from the first request on
    const text = await scrape();
    const names = familiesOf(text);
    for (const family of FAMILIES) {
      expect(names.has(family.replace(/_(count|total)$/, '')) || names.has(family), family).toBe(true);
    }
  });

  it('moves its counts with requests: HTTP by route pattern and status class, the cache, events, identify', async () => {
    const { id: userId } = await signUpUser(t);
    const ad = await insertAd(t.db, { userId });
    const before = await scrape();
    await t.app.inject(`/api/ads/${ad.slug}`);
    await t.app.inject(`/api/ads/${ad.slug}`); // from the cache
    await t.app.inject('/api/ads/no-such-ad');
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { ad_id: ad.id, event_type: 'play' },
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': CHROME },
    });
    expect(event.statusCode).toBe(202);
    await t.app.eventIngest.flush();
    const identify = await t.app.inject({
      method: 'POST',
      url: '/api/identify',
      payload: { landmarks: [[123456, 0]] },
      headers: { origin: t.config.PUBLIC_ORIGIN },
    });
    expect(identify.statusCode).toBe(200);
    const after = await scrape();
    const moved = (name: string, labels?: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);

    const byAd = { method: 'GET', route: '/api/ads/:slug' };
    expect(moved('http_requests_total', { ...byAd, status_class: '2xx' })).toBe(2);
    expect(moved('http_requests_total', { ...byAd, status_class: '4xx' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { ...byAd, status_class: '2xx' })).toBe(2);
    expect(after).not.toContain(ad.slug); // route patterns only
    expect(moved('adreplay_public_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'adreplay_public_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'adreplay_public_cache_bytes')).toBeGreaterThan(0);
    expect(sample(after, 'adreplay_public_cache_hit_ratio')).toBeGreaterThan(0);
    expect(moved('adreplay_events_accepted_total')).toBe(1);
    expect(moved('adreplay_events_written_total')).toBe(1);
    expect(moved('adreplay_events_flush_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'adreplay_events_queue_depth')).toBe(0);
    expect(moved('adreplay_identify_duration_seconds_count')).toBe(1);
    expect(sample(after, 'adreplay_db_pool_size', { pool: 'main' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'process_cpu_seconds_total')).toBeGreaterThan(0);
  });
});

describe('the jobs families', () => {
  it('count jobs by queue and state from the runner, and time and count attempts and failures', async () => {
    const database = await openTestDatabase();
    const jobs = createJobRunner({
      database,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      options: TEST_JOBS,
    });
    const probe = jobs.define<{ fail: boolean }>('metrics-probe', {
      handler: async (job) => {
        if (job.data.fail) throw new Error('the probe fails');
      },
      retries: 0,
    });
    const metrics = createMetrics();
    jobs.onJob(metrics.jobEnded);
    metrics.watch({
      database,
      jobs,
      ingest: { pending: () => 0, stats: { accepted: 0, counted: 0, notCounted: 0, rejected: 0 } },
      publicCache: { stats: { hits: 0, loads: 0, entries: () => 0, bytes: () => 0 } },
    });
    try {
      await jobs.start();
      const done = await probe.send({ fail: false });
      const failed = await probe.send({ fail: true });
      await jobs.settled('metrics-probe', done!, { timeoutMs: 30_000 });
      await jobs.settled('metrics-probe', failed!, { timeoutMs: 30_000 });
      const text = await metrics.registry.metrics();
      const queue = { queue: 'metrics-probe' };
      expect(sample(text, 'adreplay_jobs', { ...queue, state: 'completed' })).toBe(1);
      expect(sample(text, 'adreplay_jobs', { ...queue, state: 'failed' })).toBe(1);
      expect(sample(text, 'adreplay_jobs', { ...queue, state: 'created' })).toBe(0);
      expect(sample(text, 'adreplay_job_duration_seconds_count', { ...queue, outcome: 'completed' })).toBe(1);
      expect(sample(text, 'adreplay_job_wait_seconds_count', queue)).toBe(2);
      expect(sample(text, 'adreplay_job_failures_total', { ...queue, outcome: 'failed' })).toBe(1);
    } finally {
      await jobs.stop({ graceMs: 0 });
      await database.close();
    }
  });
});
