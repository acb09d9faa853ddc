import { rm } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../shared/errors.js';
import { openDatabase, type Database } from './db/client.js';
import { createTestApp, openTestDatabase, type TestApp } from './test/harness.js';
import { createWebDir } from './test/web-dir.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let webDir: string;
let database: Database;
let t: TestApp;
const log: string[] = [];
beforeAll(async () => {
  webDir = await createWebDir();
  // Its own database, which the last tests close (an outage is the likeliest 5xx).
  database = process.env.TEST_DATABASE_URL ? await openDatabase({}) : await openTestDatabase();
  const logStream = new PassThrough().on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n')));
  t = await createTestApp({ LOG_LEVEL: 'info' }, { database, logStream, webDir });
});
afterAll(async () => {
  await t.close();
  await database.close();
  await rm(webDir, { recursive: true, force: true });
});

/** The log lines written since `from`, parsed. */
const linesSince = (from: number) =>
  log
    .slice(from)
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request ids', () => {
  it('keeps a short, plain incoming X-Request-Id and returns it', async () => {
    for (const id of ['3f2b9c1e-0a4d-4e8f-9b6a-2c1d0e9f8a7b', 'Root=1-5759e988-bd862e3fe1be46a994272793', 'abc']) {
      const res = await t.app.inject({ url: '/api/ads', headers: { 'x-request-id': id } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('gives a new id to a request without one, or with one too long or not plain', async () => {
    const given = new Set<string>();
    for (const id of [undefined, 'x'.repeat(65), '<script>alert(1)</script>', 'two words', '']) {
      const res = await t.app.inject({ url: '/api/ads', headers: id === undefined ? {} : { 'x-request-id': id } });
      const answered = res.headers['x-request-id'] as string;
      expect(answered).toMatch(UUID);
      given.add(answered);
    }
    expect(given.size).toBe(5);
  });

  it('returns the id on refusals and unknown routes too', async () => {
    for (const url of ['/api/ads?limit=0', '/api/nothing-here', '/api/my/ads', '/ad/%ff']) {
      const res = await t.app.inject({ url, headers: { 'x-request-id': 'req-refused-1' } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-request-id'], url).toBe('req-refused-1');
    }
  });
});

describe('the request log', () => {
  it('writes one JSON line per request: its id, the route pattern (not the URL), status and latency', async () => {
    const from = log.length;
    await t.app.inject({ url: '/api/ads/some-missing-ad?x=private', headers: { 'x-request-id': 'line-1' } });
    await t.app.inject({ url: '/api/ads?limit=3', headers: { 'x-request-id': 'line-2' } });
    await t.app.inject({ url: '/api/ping', headers: { 'x-request-id': 'line-3' } }); // the load balancers' probe: none
    const lines = linesSince(from);
    expect(lines.map((l) => l.requestId)).toEqual(['line-1', 'line-2']);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', route: '/api/ads/:slug', statusCode: 404 });
    expect(lines[1]).toMatchObject({ msg: 'request', method: 'GET', route: '/api/ads', statusCode: 200 });
    for (const line of lines) expect(line.ms).toEqual(expect.any(Number));
    expect(log.slice(from).join('')).not.toContain('some-missing-ad');
  });
});

describe('a failure of ours', () => {
  it('names its request in the JSON body, on the page and in the embed, as in the log', async () => {
    await database.close();
    const from = log.length;
    const api = await t.app.inject({ url: '/api/ads/some-ad', headers: { 'x-request-id': 'outage-json' } });
    expect(api.statusCode).toBe(503);
    expect(ErrorBody.parse(api.json())).toMatchObject({ code: 'UNAVAILABLE', reference: 'outage-json' });
    const embed = await t.app.inject({
      url: '/embed/some-ad',
      headers: { accept: 'text/html', 'x-request-id': 'outage-embed' },
    });
    expect(embed.statusCode).toBe(503);
    expect(embed.body).toContain('"reference":"outage-embed"');
    const lines = linesSince(from);
    expect(lines.find((l) => l.msg === 'request failed')).toMatchObject({ requestId: 'outage-json' });
    expect(lines.filter((l) => l.msg === 'request').map((l) => [l.requestId, l.statusCode])).toEqual([
      ['outage-json', 503],
      ['outage-embed', 503],
    ]);
  });

  it('keeps the reference off refusals (4xx)', async () => {
    const res = await t.app.inject('/api/ads?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).not.toHaveProperty('reference');
  });
});
