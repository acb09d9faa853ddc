import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.js';
import { DATABASE_UNAVAILABLE } from './errors.js';
import { createTestApp, openTestDatabase, type TestApp } from './test/harness.js';
import { createScratchDatabase } from './test/scratch-database.js';
import { signUpUser } from './test/session.js';
import { createWebDir } from './test/web-dir.js';

const ORIGIN = 'http://localhost:3000';

let webDir: string;
beforeAll(async () => {
  webDir = await createWebDir();
});
afterAll(() => rm(webDir, { recursive: true, force: true }));

/** What every request that needs the database answers while it is gone; what needs none still works. */
async function expectOutageAnswers(t: TestApp, cookie: string) {
  const requests = [
    { url: '/api/ads' },
    { url: '/api/ads/some-ad' },
    { url: '/api/my/ads', headers: { cookie } },
    { url: '/api/profile', headers: { cookie } },
    // better-auth answers this one itself (500 'Failed to get session'); it is an outage all the same.
    { url: '/api/auth/get-session', headers: { cookie } },
    {
      method: 'POST' as const,
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: 'someone@example.com', password: 'tuned-radio-42' },
    },
    {
      method: 'POST' as const,
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: {
        email: 'new-in-outage@example.com',
        password: 'tuned-radio-42',
        name: 'N',
        firstName: 'N',
        lastName: 'N',
        companyName: 'N',
      },
    },
  ];
  for (const request of requests) {
    const res = await t.app.inject(request);
    expect(res.statusCode, `${request.url}: ${res.body}`).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_UNAVAILABLE.retryAfter));
    expect(res.json()).toMatchObject({
      message: DATABASE_UNAVAILABLE.message,
      retryAfter: DATABASE_UNAVAILABLE.retryAfter,
    });
  }
  // A browser asking for a page gets the app, which shows its own error view, with the same status and wait.
  const page = await t.app.inject({ url: '/ad/some-ad', headers: { accept: 'text/html' } });
  expect(page.statusCode).toBe(503);
  expect(page.headers['retry-after']).toBe(String(DATABASE_UNAVAILABLE.retryAfter));
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(page.body).toContain('<div id="root"></div>');
  // A partner's page shows the player saying so in its frame (still framable), not an error body.
  const embed = await t.app.inject({ url: '/embed/some-ad?theme=dark', headers: { accept: 'text/html' } });
  expect(embed.statusCode).toBe(503);
  expect(embed.headers['retry-after']).toBe(String(DATABASE_UNAVAILABLE.retryAfter));
  expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
  expect(embed.body).toContain('src="/assets/embed.js"');
  expect(embed.body).toContain('<title>Unable to load this ad | AdReplay</title>');
  expect(embed.body).toContain('<html class="dark" lang="en">');
  expect(embed.body).toContain(
    JSON.stringify({ ad: null, unavailable: DATABASE_UNAVAILABLE.message, reference: embed.headers['x-request-id'] }),
  );
  // Readiness says so; liveness stays trivial.
  const health = await t.app.inject({ url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.headers['retry-after']).toBe(String(DATABASE_UNAVAILABLE.retryAfter));
  expect((await t.app.inject({ url: '/api/ping' })).statusCode).toBe(204);
}

describe('a database outage', () => {
  it('answers 503 with Retry-After when the embedded database is gone, and health says not ready', async () => {
    const database = process.env.TEST_DATABASE_URL ? await openDatabase({}) : await openTestDatabase();
    const log: string[] = [];
    const logStream = new PassThrough().on('data', (chunk: Buffer) => log.push(chunk.toString()));
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { database, logStream, webDir });
    try {
      const { cookie, email } = await signUpUser(t);
      const ready = await t.app.inject({ url: '/api/health' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true, database: 'pglite' });
      await database.close();
      await expectOutageAnswers(t, cookie);
      // The failures are logged, without the values of the queries: no session token, no e-mail address.
      const written = log.join('');
      expect(written).toContain('request failed');
      expect(written).toContain('PGlite is closed');
      expect(written).not.toContain(decodeURIComponent(cookie.split('=')[1]!).split('.')[0]);
      expect(written).not.toContain(email);
      expect(written).not.toContain('someone@example.com');
    } finally {
      await t.close();
    }
  }, 120_000);

  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    "answers 503 while the embedded database's thread is down, and answers again once it runs on the same files",
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-outage-'));
      const database = await openDatabase({ dataDir: dir, restartDelaysMs: [4_000] });
      const t = await createTestApp({}, { database, webDir });
      try {
        const { cookie, email } = await signUpUser(t);
        await database.thread!()!.terminate(); // as a WebAssembly abort ends it
        await expectOutageAnswers(t, cookie);
        await expect
          .poll(async () => (await t.app.inject({ url: '/api/health' })).statusCode, { timeout: 60_000 })
          .toBe(200);
        // Nothing written before is lost: the session and the account are still there.
        const profile = await t.app.inject({ url: '/api/profile', headers: { cookie } });
        expect(profile.statusCode).toBe(200);
        expect(profile.json()).toMatchObject({ email });
      } finally {
        await t.close();
        await database.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers 503 with Retry-After when the PostgreSQL server goes away, and recovers when it is back',
    async () => {
      // The app reaches the server through a relay the test can cut, as a restart or a network failure would.
      const server = new URL(process.env.TEST_DATABASE_URL!);
      const sockets = new Set<net.Socket>();
      let up = true;
      const relay = net.createServer((client) => {
        if (!up) return client.destroy();
        const upstream = net.connect(Number(server.port || 5432), server.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
      const scratch = await createScratchDatabase(server.toString(), 'adreplay_outage');
      const viaRelay = new URL(scratch.url);
      viaRelay.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
      let database: Database | undefined;
      let t: TestApp | undefined;
      try {
        database = await openDatabase({ databaseUrl: viaRelay.toString(), poolSize: 2 });
        t = await createTestApp({}, { database, webDir });
        const { cookie } = await signUpUser(t);
        expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ ok: true, database: 'postgres' });

        up = false;
        for (const s of sockets) s.destroy();
        await expectOutageAnswers(t, cookie);

        up = true;
        await expect.poll(async () => (await t!.app.inject({ url: '/api/health' })).statusCode).toBe(200);
        expect((await t.app.inject({ url: '/api/ads' })).statusCode).toBe(200);
      } finally {
        await t?.close();
        await database?.close();
        relay.close();
        await scratch.drop();
      }
    },
    120_000,
  );
});
