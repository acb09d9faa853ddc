import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../../shared/analytics.js';
import { analytics } from '../../db/schema.js';
import { insertAd } from '../../db/seed/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';
import { createEventIngest } from './analytics.ingest.js';
import { createAnalyticsRepository, type AnalyticsRepository } from './analytics.repository.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let t: TestApp;
let ownerId: string;
const lines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream });
  ownerId = (await signUpUser(t)).id;
});
afterAll(() => t.close());

let client = 0;
const who = () => ({ ip: `198.51.100.${++client % 250}`, userAgent: `${CHROME} L${client}`, prefetch: false });
const play = (adId: string, referrer: string | null = null): EventInput => ({
  ad_id: adId,
  event_type: 'play',
  referrer,
  source: 'direct',
});
const newAd = () => insertAd(t.db, { userId: ownerId });
const written = async (adId: string) => (await t.db.select().from(analytics).where(eq(analytics.adId, adId))).length;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits until `n` events of the ad are in the database; returns how long that took (ms), or Infinity. */
async function writtenWithin(adId: string, n: number, limitMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if ((await written(adId)) >= n) return Date.now() - start;
    await sleep(20);
  }
  return Infinity;
}

describe('an event the database cannot store', () => {
  it('is refused at the door: NUL or an unpaired surrogate in the referrer is a 400', async () => {
    const ad = await newAd();
    for (const referrer of ['https://station.example.com/\u0000', 'https://station.example.com/\ud800']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        payload: { ad_id: ad.id, event_type: 'play', referrer },
        headers: { 'user-agent': CHROME },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    await t.app.eventIngest.flush();
    expect(await written(ad.id)).toBe(0);
  });

  it('is set aside when it reaches the writer anyway, and every other event is counted', async () => {
    const ad = await newAd();
    const ingest = t.app.eventIngest;
    const before = { ...ingest.stats };
    // Past the door: straight into the queue, between good events of the same batch.
    expect(await ingest.accept(play(ad.id, 'https://before.example.com/'), who())).toBe('accepted');
    expect(await ingest.accept(play(ad.id, 'https://station.example.com/\u0000poison'), who())).toBe('accepted');
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        payload: play(ad.id, 'https://after.example.com/'),
        remoteAddress: `203.0.113.${i + 1}`,
        headers: { 'user-agent': CHROME },
      });
      expect(res.statusCode).toBe(202);
    }
    await ingest.flush();
    expect(await written(ad.id)).toBe(6);
    expect(ingest.stats.rejected - before.rejected).toBe(1);
    expect(ingest.stats.counted - before.counted).toBe(6);

    // And the counting goes on afterwards.
    expect(await ingest.accept(play(ad.id), who())).toBe('accepted');
    await ingest.flush();
    expect(await written(ad.id)).toBe(7);

    const log = lines.join('');
    expect(log).toContain('analytics event set aside: the database cannot store it');
    expect(log).toContain('"level":50');
    expect(log).not.toContain('poison'); // what the event held is not logged
  });
});

describe('the writer never stalls', () => {
  const FLUSH_MS = 100;
  /**
   * One interval, the write, and room for a busy machine: before, such an event waited until 500 more came
   * (for ever, here), so any bound of this order tells the two apart.
   */
  const SOON_MS = 2_000;
  /** The real repository, with one write made slow or failing on demand. */
  function wrapped(before: (call: number) => Promise<void>): AnalyticsRepository {
    const repo = createAnalyticsRepository(t.db);
    let calls = 0;
    return {
      ...repo,
      async countEvents(batch) {
        await before(++calls);
        return repo.countEvents(batch);
      },
    };
  }

  it('writes events accepted after a slow write within one flush interval', async () => {
    const ad = await newAd();
    const ingest = createEventIngest({ repo: wrapped((call) => sleep(call === 1 ? 1_500 : 0)), flushMs: FLUSH_MS });
    try {
      await ingest.accept(play(ad.id), who()); // its write starts after one interval and takes 1.5 s
      await sleep(FLUSH_MS + 150);
      await ingest.accept(play(ad.id), who()); // arrives during the slow write: its timer fires during it
      expect(await writtenWithin(ad.id, 2, 3_000)).toBeLessThan(3_000);

      // After it: each event, alone or in a burst, is written about one flush interval after it came.
      await ingest.accept(play(ad.id), who());
      expect(await writtenWithin(ad.id, 3, 5_000)).toBeLessThan(SOON_MS);
      for (let i = 0; i < 50; i++) await ingest.accept(play(ad.id), who());
      expect(await writtenWithin(ad.id, 53, 5_000)).toBeLessThan(SOON_MS);
    } finally {
      await ingest.close();
    }
  });

  it('keeps writing after a failed write, and counts what waited once the database is back', async () => {
    const ad = await newAd();
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const ingest = createEventIngest({
      repo: wrapped(async (call) => {
        if (call <= 3) throw unreachable; // the first write and both of its retries
      }),
      flushMs: FLUSH_MS,
      retryDelaysMs: [200, 200],
    });
    try {
      await ingest.accept(play(ad.id), who());
      await sleep(FLUSH_MS + 100);
      await ingest.accept(play(ad.id), who()); // arrives while the write is failing
      expect(await writtenWithin(ad.id, 2, 3_000)).toBeLessThan(3_000);
      // The rows are visible from the commit; the writer adds them to its count when the commit returns.
      await expect.poll(() => ingest.stats, { timeout: 1_000 }).toMatchObject({ accepted: 2, counted: 2, rejected: 0 });

      await ingest.accept(play(ad.id), who());
      expect(await writtenWithin(ad.id, 3, 5_000)).toBeLessThan(SOON_MS);
    } finally {
      await ingest.close();
    }
  });
});
