import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { users } from './db/schema.js';
import { errorHandler } from './errors.js';
import { allowedHostNames, hostNameOf, MISDIRECTED_REQUEST } from './host-names.js';
import { CROSS_SITE_REFUSED, sameOriginGuard } from './modules/auth/same-origin.js';
import { createTestApp, type TestApp } from './test/harness.js';

const signUp = (headers: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/auth/sign-up/email',
  headers,
  payload: {
    email: `${headers.host!.replace(/[^a-z0-9]/gi, '-')}@example.com`,
    password: 'tuned-radio-42',
    name: 'Pat Doe',
    firstName: 'Pat',
    lastName: 'Doe',
    companyName: 'Doe & Co',
  },
});

describe('a deployed app (PUBLIC_ORIGIN https://adreplay.example, ALLOWED_HOSTS www.adreplay.example,10.0.0.12)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_ORIGIN: 'https://adreplay.example',
      ALLOWED_HOSTS: 'www.adreplay.example,10.0.0.12',
      TRUST_PROXY: '10.0.0.5',
    });
  });
  afterAll(() => t?.close());

  it('refuses a sign-up sent to Host evil.test from a page of evil.test with 421, before any handler runs', async () => {
    const res = await t.app.inject(signUp({ host: 'evil.test', origin: 'http://evil.test' }));
    expect(res.statusCode).toBe(421);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(MISDIRECTED_REQUEST);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, 'evil-test@example.com'))).toEqual([]);
  });

  it('refuses every other path and method under a name it is not configured for, and loopback names too', async () => {
    for (const host of [
      'evil.test',
      'evil.test:443',
      'localhost',
      '127.0.0.1:3000',
      '[::1]',
      '10.0.0.13',
      'adreplay.example.evil.test',
    ]) {
      for (const url of ['/', '/api/health', '/api/ping', '/ad/anything/og.png', '/no/such/page']) {
        const res = await t.app.inject({ url, headers: { host } });
        expect(res.statusCode, `${host} ${url}`).toBe(421);
        expect(res.body).toBe(MISDIRECTED_REQUEST);
      }
    }
  });

  it('answers its public name, in any case, with a port or a trailing dot, and the ALLOWED_HOSTS names', async () => {
    for (const host of [
      'adreplay.example',
      'AdReplay.Example:443',
      'adreplay.example.',
      'www.adreplay.example',
      '10.0.0.12:3000',
    ]) {
      const res = await t.app.inject({ url: '/api/ping', headers: { host } });
      expect(res.statusCode, host).toBe(204);
    }
    const signedUp = await t.app.inject(signUp({ host: 'adreplay.example', origin: 'https://adreplay.example' }));
    expect(signedUp.statusCode).toBe(200);
  });

  it("answers a load balancer's health check sent to an allowed name (its address, in ALLOWED_HOSTS)", async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { host: '10.0.0.12:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true });
  });

  it('judges the name a trusted proxy forwards (X-Forwarded-Host), and ignores it from anyone else', async () => {
    const viaProxy = (forwarded: string) =>
      t.app.inject({
        url: '/api/ping',
        remoteAddress: '10.0.0.5',
        headers: { host: '10.0.0.12:3000', 'x-forwarded-host': forwarded },
      });
    expect((await viaProxy('evil.test')).statusCode).toBe(421);
    expect((await viaProxy('www.adreplay.example')).statusCode).toBe(204);
    const direct = await t.app.inject({
      url: '/api/ping',
      remoteAddress: '203.0.113.7',
      headers: { host: 'adreplay.example', 'x-forwarded-host': 'evil.test' },
    });
    expect(direct.statusCode).toBe(204);
  });

  it('accepts a page of another configured name only at that same address', async () => {
    const www = await t.app.inject(signUp({ host: 'www.adreplay.example', origin: 'https://www.adreplay.example' }));
    expect(www.statusCode).toBe(403); // the request went over http (no trusted proxy said https)
    const sameAddress = await t.app.inject(
      signUp({ host: 'www.adreplay.example', origin: 'http://www.adreplay.example' }),
    );
    expect(sameAddress.statusCode).toBe(200);
    const elsewhere = await t.app.inject(signUp({ host: '10.0.0.12', origin: 'http://www.adreplay.example' }));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(CROSS_SITE_REFUSED);
  });
});

describe('a local run (PUBLIC_ORIGIN on localhost, as npm start and the benches default to)', () => {
  it('answers the loopback names, and no other', () => {
    const hosts = allowedHostNames(loadConfig({}));
    expect([...hosts].sort()).toEqual(['127.0.0.1', '[::1]', 'localhost']);
    expect([...allowedHostNames(loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:4000' }))].sort()).toEqual([
      '127.0.0.1',
      '[::1]',
      'localhost',
    ]);
    // The laptop's network address (to try it from a phone) is its own name; loopback is listed by hand then.
    expect([...allowedHostNames(loadConfig({ PUBLIC_ORIGIN: 'http://192.168.1.20:3000' }))]).toEqual(['192.168.1.20']);
  });

  describe('over a real socket', () => {
    let t: TestApp;
    let address: string;
    beforeAll(async () => {
      t = await createTestApp({ PUBLIC_ORIGIN: 'http://localhost:3000', ALLOWED_HOSTS: '' });
      address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => t?.close());

    /** The status of GET /api/health sent to this server under the given Host. */
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${address}/api/health`, { headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject).end();
      });

    it('serves 127.0.0.1, localhost and [::1], and refuses another name', async () => {
      expect((await fetch(`${address}/api/ping`)).status).toBe(204);
      expect(await status('localhost:3000')).toBe(200);
      expect(await status('[::1]:3000')).toBe(200);
      expect(await status('evil.test:3000')).toBe(421);
    });
  });
});

describe('the same-origin check on its own', () => {
  it('does not take the Host header for the app: a page of evil.test sent to Host evil.test is refused', async () => {
    const app = Fastify();
    await app.register(errorHandler);
    await app.register(sameOriginGuard, { origin: 'https://adreplay.example', hosts: new Set(['adreplay.example']) });
    app.post('/change', async () => ({ changed: true }));
    const rebound = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { host: 'evil.test', origin: 'http://evil.test' },
    });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json().message).toBe(CROSS_SITE_REFUSED);
    const own = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { host: 'adreplay.example', origin: 'https://adreplay.example' },
    });
    expect(own.statusCode).toBe(200);
    await app.close();
  });
});

describe('ALLOWED_HOSTS', () => {
  it('takes comma-separated names and addresses, as the URL parser writes them', () => {
    expect(
      loadConfig({ ALLOWED_HOSTS: ' Ads.Example.com , 10.0.0.12,[FD00::12],lb.internal. ' }).ALLOWED_HOSTS,
    ).toEqual(['ads.example.com', '10.0.0.12', '[fd00::12]', 'lb.internal']);
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([]);
  });

  it('stops start-up on a scheme, a port, a path or an empty entry, naming them', () => {
    for (const bad of [
      'https://ads.example.com',
      'ads.example.com:443',
      '[::1]:3000',
      'ads.example.com/x',
      'a,,b',
      'fd00::12',
    ]) {
      const load = () => loadConfig({ ALLOWED_HOSTS: bad });
      expect(load, bad).toThrow(ConfigError);
      expect(load, bad).toThrow(
        /ALLOWED_HOSTS: must be comma-separated host names or addresses without scheme or port/,
      );
    }
  });

  it('reads names the way browsers send them', () => {
    expect(hostNameOf('Ads.Example.com.:8080')).toBe('ads.example.com');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
    expect(hostNameOf('evil.test@adreplay.example')).toBeNull();
    expect(hostNameOf('adreplay%2eexample')).toBeNull();
    expect(hostNameOf('')).toBeNull();
    expect(hostNameOf(undefined)).toBeNull();
  });
});
