import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_PER_MINUTE, LISTENERS_PER_ADDRESS } from '../shared/analytics.js';
import { contactMessages } from '../shared/contact.js';
import { IDENTIFY_PER_MINUTE, IDENTIFY_RECORDINGS_PER_MINUTE, identifyMessages } from '../shared/identify.js';
import { SEARCHES_PER_MINUTE, SUGGESTIONS_PER_MINUTE, searchLimitMessages } from '../shared/limits.js';
import { analytics, analyticsDaily } from './db/schema.js';
import { insertAd } from './db/seed/factories.js';
import { createApiKey } from './test/api-key.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { multipart } from './test/multipart.js';
import { signUpUser } from './test/session.js';

/** A different browser on every request: the client writes its User-Agent, so it names no client. */
let browser = 0;
const anotherBrowser = () =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${++browser} Safari/537.36`;

let t: TestApp;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await signUpUser(t)).id;
});
afterAll(() => t.close());

/** Sends `n` requests from the addresses given in turn, each from another browser; the statuses. */
async function statusesOf(n: number, addresses: string[], request: (i: number) => InjectOptions) {
  const statuses: number[] = [];
  const last: { message?: string } = {};
  for (let i = 0; i < n; i++) {
    const options = request(i);
    const res = await t.app.inject({
      ...options,
      remoteAddress: addresses[i % addresses.length],
      headers: { ...options.headers, 'user-agent': anotherBrowser() },
    });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) last.message = res.json().message;
  }
  return { statuses, message: last.message };
}
const times = (n: number, status: number) => Array<number>(n).fill(status);

describe('the listener cap', () => {
  const plays = async (adId: string) => {
    await t.app.eventIngest.flush();
    const events = await t.db.select().from(analytics).where(eq(analytics.adId, adId));
    const [daily] = await t.db.select().from(analyticsDaily).where(eq(analyticsDaily.adId, adId));
    return { counted: events.length, listeners: daily?.listeners ?? 0 };
  };

  it(`counts ${LISTENERS_PER_ADDRESS} listeners of an ad a day from one address, whatever user agents it sends`, async () => {
    const ad = await insertAd(t.db, { userId: ownerId });
    const { statuses } = await statusesOf(300, ['203.0.113.20'], () => ({
      method: 'POST',
      url: '/api/events',
      payload: { ad_id: ad.id, event_type: 'play' },
    }));
    // The address's limit stops most of them; of those received, only the cap counts.
    expect(statuses).toEqual([...times(EVENTS_PER_MINUTE, 202), ...times(300 - EVENTS_PER_MINUTE, 429)]);
    expect(await plays(ad.id)).toEqual({ counted: LISTENERS_PER_ADDRESS, listeners: LISTENERS_PER_ADDRESS });
  });

  it('holds past the rate limit too: 300 browsers on one address are received and ten are counted', async () => {
    const ad = await insertAd(t.db, { userId: ownerId });
    const ingest = t.app.eventIngest;
    const play = { ad_id: ad.id, event_type: 'play', referrer: null, source: 'direct' } as const;
    const agents = Array.from({ length: 300 }, anotherBrowser);
    for (const userAgent of agents)
      expect(await ingest.accept(play, { ip: '2001:db8:5:6::1', userAgent, prefetch: false })).toBe('accepted');
    expect(await plays(ad.id)).toEqual({ counted: LISTENERS_PER_ADDRESS, listeners: LISTENERS_PER_ADDRESS });
    // Another address in the same /64 is the same address; a listener already counted goes on counting.
    await ingest.accept(play, { ip: '2001:db8:5:6:ffff::9', userAgent: anotherBrowser(), prefetch: false });
    const click = { ...play, event_type: 'click', referrer: 'website' } as const;
    await ingest.accept(click, { ip: '2001:db8:5:6::1', userAgent: agents[0]!, prefetch: false });
    expect((await plays(ad.id)).counted).toBe(LISTENERS_PER_ADDRESS + 1);
    // Listeners at other addresses are counted as before.
    for (const ip of ['2001:db8:5:7::1', '198.51.100.77'])
      await ingest.accept(play, { ip, userAgent: agents[0]!, prefetch: false });
    expect(await plays(ad.id)).toEqual({ counted: LISTENERS_PER_ADDRESS + 3, listeners: LISTENERS_PER_ADDRESS + 2 });
  });
});

describe('every limit counts per address, not per user agent', () => {
  it(`identification by sound: ${IDENTIFY_PER_MINUTE} queries a minute`, async () => {
    const { statuses, message } = await statusesOf(IDENTIFY_PER_MINUTE + 1, ['203.0.113.21'], () => ({
      method: 'POST',
      url: '/api/identify',
      payload: { landmarks: [[1, 1]] },
    }));
    expect(statuses).toEqual([...times(IDENTIFY_PER_MINUTE, 200), 429]);
    expect(message).toBe(identifyMessages.tooManyRequests);
  });

  it('the contact form: 5 messages per 10 minutes', async () => {
    const { statuses, message } = await statusesOf(6, ['203.0.113.22'], (i) => ({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Rita Radio', email: 'rita@station.example', message: `Hello ${i}` },
      headers: { origin: t.config.PUBLIC_ORIGIN },
    }));
    expect(statuses).toEqual([...times(5, 202), 429]);
    expect(message).toBe(contactMessages.tooMany);
  });

  it(`searches: ${SEARCHES_PER_MINUTE} a minute; browsing the directory is not a search`, async () => {
    const address = '203.0.113.23';
    const searches = await statusesOf(SEARCHES_PER_MINUTE + 1, [address], (i) => ({
      url: `/api/ads?search=${encodeURIComponent(`coffee ${i}`)}`,
    }));
    expect(searches.statuses).toEqual([...times(SEARCHES_PER_MINUTE, 200), 429]);
    expect(searches.message).toBe(searchLimitMessages.searches);
    const browsing = await statusesOf(3, [address], (i) => ({ url: `/api/ads?page=${i}&search=%20` }));
    expect(browsing.statuses).toEqual(times(3, 200));
  });

  it(`suggestions: ${SUGGESTIONS_PER_MINUTE} a minute`, async () => {
    const { statuses, message } = await statusesOf(SUGGESTIONS_PER_MINUTE + 1, ['203.0.113.24'], (i) => ({
      url: `/api/ads/suggest?q=bak${i}`,
    }));
    expect(statuses).toEqual([...times(SUGGESTIONS_PER_MINUTE, 200), 429]);
    expect(message).toBe(searchLimitMessages.suggestions);
  });

  it(`the partner API's identify: ${IDENTIFY_RECORDINGS_PER_MINUTE} recordings a minute per address, whatever the key`, async () => {
    const keys = await Promise.all([0, 1].map(async () => (await createApiKey(t, (await signUpUser(t)).cookie)).key));
    const { payload, contentType } = await multipart([
      ['file', { bytes: Buffer.from('not audio at all'), filename: 'x.mp3', type: 'audio/mpeg' }],
    ]);
    const { statuses, message } = await statusesOf(IDENTIFY_RECORDINGS_PER_MINUTE + 1, ['203.0.113.25'], (i) => ({
      method: 'POST',
      url: '/api/v1/identify',
      payload,
      headers: { authorization: `Bearer ${keys[i % 2]}`, 'content-type': contentType },
    }));
    // Each key is far under its own limit; the address is not.
    expect(statuses.slice(0, -1).every((s) => s !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(message).toBe(identifyMessages.tooManyRecordingsFromAddress);
  });
});

describe('an IPv6 address', () => {
  it('shares its limit with every address of its /64, and no other', async () => {
    const sameNetwork = ['2001:db8:aa:bb::1', '2001:db8:aa:bb:1234:5678:9abc:def0', '2001:db8:aa:bb::ffff'];
    const { statuses } = await statusesOf(SEARCHES_PER_MINUTE + 1, sameNetwork, (i) => ({
      url: `/api/ads?search=tire${i}`,
    }));
    expect(statuses).toEqual([...times(SEARCHES_PER_MINUTE, 200), 429]);
    const next = await statusesOf(1, ['2001:db8:aa:bc::1'], () => ({ url: '/api/ads?search=tire' }));
    expect(next.statuses).toEqual([200]);
  });
});
