import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REQUESTS_PER_MINUTE } from '../shared/api-keys.js';
import { EVENTS_PER_MINUTE } from '../shared/analytics.js';
import { contactMessages } from '../shared/contact.js';
import { IDENTIFY_PER_MINUTE } from '../shared/identify.js';
import { openRedis } from './adapters/redis/redis.js';
import { insertAd } from './db/seed/factories.js';
import { callApi, createApiKey } from './test/api-key.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { signUpUser } from './test/session.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

// Two apps on one database and one Redis stand for two app processes behind a load balancer; the
// requests alternate between them, as a balancer spreads them.
let a: TestApp;
let b: TestApp;
const prefix = `adreplay-test:${randomUUID()}:`;
beforeAll(async () => {
  a = await createTestApp({ REDIS_URL }, { redisKeyPrefix: prefix });
  b = await createTestApp({ REDIS_URL }, { redisKeyPrefix: prefix, database: a.database });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});
const either = (i: number) => (i % 2 ? b : a);

describe('with REDIS_URL, every rate limit holds in total across app processes', () => {
  it(`events: ${EVENTS_PER_MINUTE} a minute per client`, async () => {
    const { id: userId } = await signUpUser(a);
    const ad = await insertAd(a.db, { userId });
    const statuses: number[] = [];
    for (let i = 0; i <= EVENTS_PER_MINUTE; i++) {
      const res = await either(i).app.inject({
        method: 'POST',
        url: '/api/events',
        payload: { ad_id: ad.id, event_type: 'play' },
        remoteAddress: '203.0.113.50',
        headers: { 'user-agent': CHROME },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, EVENTS_PER_MINUTE).every((s) => s === 202)).toBe(true);
    expect(statuses[EVENTS_PER_MINUTE]).toBe(429);
  });

  it(`the partner API: ${API_REQUESTS_PER_MINUTE} requests a minute per key`, async () => {
    const user = await signUpUser(a);
    const { key } = await createApiKey(a, user.cookie);
    const statuses: number[] = [];
    for (let i = 0; i <= API_REQUESTS_PER_MINUTE; i++) {
      statuses.push((await callApi(either(i), key, 'GET', '/api/v1/ads')).statusCode);
    }
    expect(statuses.slice(0, API_REQUESTS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses[API_REQUESTS_PER_MINUTE]).toBe(429);
  });

  it(`identification by sound: ${IDENTIFY_PER_MINUTE} queries a minute per client`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= IDENTIFY_PER_MINUTE; i++) {
      const res = await either(i).app.inject({
        method: 'POST',
        url: '/api/identify',
        payload: { landmarks: [[1, 1]] },
        remoteAddress: '203.0.113.51',
        headers: { 'user-agent': CHROME },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, IDENTIFY_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses[IDENTIFY_PER_MINUTE]).toBe(429);
  });

  it('the contact form: 5 messages per 10 minutes per address', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await either(i).app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Rita Radio', email: 'rita@station.example', message: `Hello ${i}` },
        remoteAddress: '203.0.113.60',
        headers: { origin: a.config.PUBLIC_ORIGIN },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(last!.json().message).toBe(contactMessages.tooMany);
  });

  it('keeps its keys under its own prefix in Redis, with no client address in them', async () => {
    const redis = await openRedis(REDIS_URL, { keyPrefix: '' });
    try {
      const keys = await redis.client.keys(`${prefix}*`);
      expect(keys.some((k) => k.startsWith(`${prefix}rate-limit:events:`))).toBe(true);
      expect(keys.some((k) => k.startsWith(`${prefix}rate-limit:api-v1:`))).toBe(true);
      expect(keys.some((k) => k.startsWith(`${prefix}rate-limit:contact:`))).toBe(true);
      for (const address of ['203.0.113.50', '203.0.113.60']) {
        expect(keys.filter((k) => k.includes(address))).toEqual([]);
      }
    } finally {
      await redis.close();
    }
  });
});

it('lets requests through, never fails them, when Redis goes away', async () => {
  const lonely = await createTestApp({ REDIS_URL }, { database: a.database });
  try {
    const { id: userId } = await signUpUser(lonely);
    const ad = await insertAd(lonely.db, { userId });
    const post = () =>
      lonely.app.inject({
        method: 'POST',
        url: '/api/events',
        payload: { ad_id: ad.id, event_type: 'play' },
        remoteAddress: '203.0.113.80',
        headers: { 'user-agent': CHROME },
      });
    expect((await post()).statusCode).toBe(202);
    lonely.redis!.client.disconnect();
    expect((await post()).statusCode).toBe(202);
  } finally {
    await lonely.close();
  }
});

describe('without REDIS_URL', () => {
  it('keeps each limit per process, in memory', async () => {
    const one = await createTestApp();
    const two = await createTestApp({}, { database: one.database });
    try {
      const { id: userId } = await signUpUser(one);
      const ad = await insertAd(one.db, { userId });
      const statuses: number[] = [];
      for (let i = 0; i <= EVENTS_PER_MINUTE; i++) {
        const res = await (i % 2 ? two : one).app.inject({
          method: 'POST',
          url: '/api/events',
          payload: { ad_id: ad.id, event_type: 'play' },
          remoteAddress: '203.0.113.70',
          headers: { 'user-agent': CHROME },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.every((s) => s === 202)).toBe(true);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
