import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';

/** The security headers each kind of route gets (the embeddable player's: embed.test.ts). */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: 'https://adreplay.example' });
  });
  afterAll(() => t?.close());

  it("are the site's on an answer of the API, an error and a miss, the same for every request", async () => {
    const first = await t.app.inject('/api/health');
    for (const url of ['/api/health', '/api/ads/no-such-ad', '/api/nothing']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe(first.headers['content-security-policy']);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['upgrade-insecure-requests'], url).toBeUndefined();
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    expect(first.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('are left off the answers without a body that come by the thousand (ping, events)', async () => {
    const ping = await t.app.inject('/api/ping');
    expect(ping.statusCode).toBe(204);
    const events = await t.app.inject({ method: 'POST', url: '/api/events', payload: {} });
    expect(events.statusCode).toBe(400);
    for (const res of [ping, events]) {
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });
});
