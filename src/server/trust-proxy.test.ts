import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { analytics } from './db/schema.js';
import { insertAd } from './db/seed/factories.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { signUpUser } from './test/session.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const BALANCER = '10.0.0.5';

describe('TRUST_PROXY', () => {
  it("takes Fastify's forms: false, true (one hop), a hop count, addresses and ranges", () => {
    const of = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY;
    expect(of()).toBe(false);
    expect(of('false')).toBe(false);
    expect(of('0')).toBe(false);
    expect(of('true')).toBe(1);
    expect(of('2')).toBe(2);
    expect(of('10.0.0.0/8, fd00::/8,192.0.2.1')).toEqual(['10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
    expect(of('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
    for (const bad of ['yes', '10.0.0.0/99', '10.0.0.0/8,proxy.example.com', '-1']) {
      expect(() => of(bad)).toThrow(ConfigError);
      expect(() => of(bad)).toThrow(/TRUST_PROXY/);
    }
  });
});

describe.each([
  ['true', 'one hop'],
  ['10.0.0.0/8', "the balancers' range"],
])('behind a load balancer (TRUST_PROXY=%s, %s)', (trust) => {
  let t: TestApp;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: trust });
    ownerId = (await signUpUser(t)).id;
  });
  afterAll(() => t.close());

  /** An event as the balancer forwards it: what the client wrote, then the address the balancer saw. */
  const viaBalancer = (adId: string, spoofed: string, client: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/events',
      payload: { ad_id: adId, event_type: 'play' },
      remoteAddress: BALANCER,
      headers: { 'user-agent': CHROME, 'x-forwarded-for': `${spoofed}, ${client}` },
    });
  const counted = async (adId: string) => {
    await t.app.eventIngest.flush();
    return (await t.db.select().from(analytics).where(eq(analytics.adId, adId))).length;
  };

  it('counts one listener however the client fills X-Forwarded-For', async () => {
    const ad = await insertAd(t.db, { userId: ownerId });
    for (let i = 1; i <= 10; i++)
      expect((await viaBalancer(ad.id, `192.0.2.${i}`, '203.0.113.7')).statusCode).toBe(202);
    expect(await counted(ad.id)).toBe(1);
  });

  it('keeps the per-client limit: spoofed entries do not make new clients', async () => {
    const ads = await Promise.all(Array.from({ length: 61 }, () => insertAd(t.db, { userId: ownerId })));
    const statuses = [];
    for (const [i, ad] of ads.entries())
      statuses.push((await viaBalancer(ad.id, `198.51.100.${i}`, '203.0.113.8')).statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });

  it('ignores the header from a client that reached the app directly', async () => {
    if (trust === 'true') return; // one hop trusts whoever is in front, by definition
    const ad = await insertAd(t.db, { userId: ownerId });
    for (let i = 1; i <= 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        payload: { ad_id: ad.id, event_type: 'play' },
        remoteAddress: '198.18.0.1',
        headers: { 'user-agent': CHROME, 'x-forwarded-for': `192.0.2.${i}` },
      });
      expect(res.statusCode).toBe(202);
    }
    expect(await counted(ad.id)).toBe(1);
  });
});
