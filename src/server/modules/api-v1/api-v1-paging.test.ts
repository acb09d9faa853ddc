import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DEFAULT, PAGE_MAX, pagingMessages } from '../../../shared/paging.js';
import { ads, airings, stations } from '../../db/schema.js';
import { makeAd } from '../../db/seed/factories.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpUser } from '../../test/session.js';

let t: TestApp;
let mine: { id: string; key: string };
let theirs: { id: string; key: string };
beforeAll(async () => {
  t = await createTestApp();
  const partner = async () => {
    const u = await signUpUser(t);
    return { id: u.id, key: (await createApiKey(t, u.cookie)).key };
  };
  mine = await partner();
  theirs = await partner();
});
afterAll(() => t.close());

type Page<K extends string> = Record<K, { id: string }[]> & { nextCursor: string | null; count?: number };

/** Every page of a list, following nextCursor until it is null. */
async function allPages<K extends string>(key: string, url: string, items: K, limit?: number) {
  const pages: Page<K>[] = [];
  let cursor: string | null = null;
  do {
    const q = new URLSearchParams();
    if (limit !== undefined) q.set('limit', String(limit));
    if (cursor) q.set('cursor', cursor);
    const res = await callApi(t, key, 'GET', `${url}?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page<K>;
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return { pages, ids: pages.flatMap((p) => p[items].map((i) => i.id)) };
}

const expectBadCursor = async (key: string, url: string, cursor: string) => {
  const res = await callApi(t, key, 'GET', `${url}?cursor=${encodeURIComponent(cursor)}`);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(pagingMessages.invalidCursor);
};
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('GET /api/v1/ads by cursor', () => {
  let order: string[];
  let others: string[];
  beforeAll(async () => {
    // Ties: three ads at one instant, two a microsecond apart (one millisecond for a JS Date), and others.
    const inserted = await t.db
      .insert(ads)
      .values([
        ...Array.from({ length: 8 }, (_, i) => makeAd({ userId: mine.id, title: `Mine ${i}` })),
        ...Array.from({ length: 4 }, (_, i) => makeAd({ userId: theirs.id, title: `Theirs ${i}` })),
      ])
      .returning({ id: ads.id, userId: ads.userId });
    const at = [
      '2026-03-01T10:00:00.000000Z',
      '2026-03-01T10:00:00.000000Z',
      '2026-03-01T10:00:00.000000Z',
      '2026-03-01T09:00:00.123456Z',
      '2026-03-01T09:00:00.123457Z',
      '2026-03-01T09:00:00.123458Z',
      '2026-02-01T00:00:00.000000Z',
      '2026-04-01T00:00:00.000000Z',
      // Someone else's, among mine.
      '2026-03-01T10:00:00.000000Z',
      '2026-03-01T09:00:00.123457Z',
      '2026-02-15T00:00:00.000000Z',
      '2026-05-01T00:00:00.000000Z',
    ];
    for (const [i, ad] of inserted.entries())
      await t.db.execute(sql`UPDATE ads SET created_at = ${at[i]}::timestamptz WHERE id = ${ad.id}`);
    const rows = await t.db
      .select({ id: ads.id, userId: ads.userId })
      .from(ads)
      .orderBy(desc(ads.createdAt), desc(ads.id));
    order = rows.filter((r) => r.userId === mine.id).map((r) => r.id);
    others = rows.filter((r) => r.userId === theirs.id).map((r) => r.id);
    expect(order).toHaveLength(8);
  });

  it('pages of every size cover each of my ads once, newest first, ties by id, and none of theirs', async () => {
    for (const limit of [1, 2, 3, 7, 8, 9, PAGE_MAX]) {
      const { pages, ids } = await allPages(mine.key, '/api/v1/ads', 'ads', limit);
      expect(ids, `limit ${limit}`).toEqual(order);
      expect(pages).toHaveLength(Math.max(1, Math.ceil(order.length / limit)));
      for (const page of pages) {
        expect(page.ads.length).toBeLessThanOrEqual(limit);
        expect(page.count).toBe(page.ads.length);
      }
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
    const { ids } = await allPages(theirs.key, '/api/v1/ads', 'ads', 2);
    expect(ids).toEqual(others);
  });

  it('without limit or cursor answers the first page as before, with nextCursor null when it is the only one', async () => {
    const res = await callApi(t, mine.key, 'GET', '/api/v1/ads');
    expect(res.json()).toMatchObject({ count: 8, nextCursor: null });
    expect(res.json().ads.map((a: { id: string }) => a.id)).toEqual(order);
  });

  it('keeps its place when the last ad of a page is deleted, or a newer one added, before the next page', async () => {
    const first = (await callApi(t, mine.key, 'GET', '/api/v1/ads?limit=3')).json() as Page<'ads'>;
    expect(first.ads.map((a) => a.id)).toEqual(order.slice(0, 3));
    await t.db.execute(sql`DELETE FROM ads WHERE id = ${order[2]}`);
    await t.db.insert(ads).values(makeAd({ userId: mine.id, title: 'Brand new' }));
    const next = await callApi(t, mine.key, 'GET', `/api/v1/ads?limit=3&cursor=${first.nextCursor}`);
    expect(next.json().ads.map((a: { id: string }) => a.id)).toEqual(order.slice(3, 6));
  });

  it(`holds ${PAGE_DEFAULT} ads when limit is left out`, async () => {
    const many = await signUpUser(t);
    const key = (await createApiKey(t, many.cookie)).key;
    await t.db.insert(ads).values(Array.from({ length: PAGE_DEFAULT + 1 }, () => makeAd({ userId: many.id })));
    const first = (await callApi(t, key, 'GET', '/api/v1/ads')).json() as Page<'ads'>;
    expect(first.ads).toHaveLength(PAGE_DEFAULT);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await callApi(t, key, 'GET', `/api/v1/ads?cursor=${first.nextCursor}`)).json() as Page<'ads'>;
    expect(second.ads).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a limit out of bounds with 400 and the message', async () => {
    for (const limit of ['0', '-1', String(PAGE_MAX + 1), '1.5', 'ten']) {
      const res = await callApi(t, mine.key, 'GET', `/api/v1/ads?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message).toContain(pagingMessages.limit);
    }
  });

  it('refuses a cursor it did not give with 400, never a 500', async () => {
    const url = '/api/v1/ads';
    await expectBadCursor(mine.key, url, 'not-a-cursor');
    await expectBadCursor(mine.key, url, '');
    await expectBadCursor(mine.key, url, cursorOf({ createdAt: '2026-01-01', id: order[0] }));
    await expectBadCursor(mine.key, url, cursorOf(['2026-01-01T00:00:00.000000Z', "x' OR 1=1 --"]));
    await expectBadCursor(mine.key, url, cursorOf(["2026-01-01'; DROP TABLE ads; --", order[0]]));
    await expectBadCursor(mine.key, url, cursorOf(['9999-99-99T99:99:99.999999Z', order[0]]));
    await expectBadCursor(mine.key, url, cursorOf(['2026-02-30T00:00:00.000000Z', order[0]]));
    // A stations cursor (a call sign) is not an ads cursor.
    await expectBadCursor(mine.key, url, cursorOf(['KXRP', order[0]]));
    await expectBadCursor(mine.key, url, 'x'.repeat(401));
  });

  it("someone else's cursor shows only my own ads", async () => {
    const theirPage = (await callApi(t, theirs.key, 'GET', '/api/v1/ads?limit=1')).json() as Page<'ads'>;
    const res = await callApi(t, mine.key, 'GET', `/api/v1/ads?limit=${PAGE_MAX}&cursor=${theirPage.nextCursor}`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as Page<'ads'>).ads.map((a) => a.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => others.includes(id))).toEqual([]);
  });
});

describe('GET /api/v1/stations and a station’s airings by cursor', () => {
  let stationIds: string[];
  let airingIds: string[];
  let theirStation: string;
  beforeAll(async () => {
    const calls = ['WBBB', 'KAAA', 'KZZZ', 'WAAA-FM', 'KMMM'];
    const inserted = await t.db
      .insert(stations)
      .values(calls.map((callSign) => ({ userId: mine.id, callSign, name: callSign, timeZone: 'UTC' })))
      .returning({ id: stations.id, callSign: stations.callSign });
    stationIds = [...inserted].sort((a, b) => (a.callSign < b.callSign ? -1 : 1)).map((s) => s.id);
    const [their] = await t.db
      .insert(stations)
      .values({ userId: theirs.id, callSign: 'KBBB', name: 'Theirs', timeZone: 'UTC' })
      .returning({ id: stations.id });
    theirStation = their!.id;
    const ad = (
      await t.db
        .insert(ads)
        .values(makeAd({ userId: mine.id }))
        .returning({ id: ads.id })
    )[0]!.id;
    const starts = [
      '2026-03-01T08:00:00.000001Z',
      '2026-03-01T08:00:00.000001Z',
      '2026-03-01T08:00:00.000002Z',
      '2026-03-01T07:00:00Z',
      '2026-03-02T07:00:00Z',
    ];
    for (const [i, startedAt] of starts.entries())
      await t.db.execute(
        sql`INSERT INTO airings (station_id, ad_id, started_at, heard_ms, source, spot_id)
            VALUES (${stationIds[0]}, ${ad}, ${startedAt}::timestamptz, 30000, 'reported', ${`spot-${i}`})`,
      );
    await t.db.insert(airings).values({
      stationId: theirStation,
      adId: ad,
      startedAt: new Date('2026-03-01T08:00:00Z'),
      heardMs: 30_000,
      source: 'reported',
    });
    const sorted = await t.db
      .select({ id: airings.id })
      .from(airings)
      .where(eq(airings.stationId, stationIds[0]!))
      .orderBy(desc(airings.startedAt), desc(airings.id));
    airingIds = sorted.map((r) => r.id);
  });

  it('stations: every one of mine once, by call sign, none of theirs', async () => {
    for (const limit of [1, 2, 5, 6]) {
      const { pages, ids } = await allPages(mine.key, '/api/v1/stations', 'stations', limit);
      expect(ids).toEqual(stationIds);
      expect(pages).toHaveLength(Math.ceil(stationIds.length / limit));
    }
    const first = (await callApi(t, mine.key, 'GET', '/api/v1/stations')).json();
    expect(first.nextCursor).toBeNull();
    expect(first.stations.map((s: { id: string }) => s.id)).toEqual(stationIds);
    await expectBadCursor(mine.key, '/api/v1/stations', cursorOf(['2026-03-01T08:00:00.000001Z', stationIds[0]]));
    await expectBadCursor(mine.key, '/api/v1/stations', cursorOf(["K' OR 1=1", stationIds[0]]));
  });

  it('airings: every one once, newest first, microsecond ties by id', async () => {
    for (const limit of [1, 2, 4, 5]) {
      const { ids } = await allPages(mine.key, `/api/v1/stations/${stationIds[0]}/airings`, 'airings', limit);
      expect(ids).toEqual(airingIds);
    }
    const url = `/api/v1/stations/${stationIds[0]}/airings`;
    await expectBadCursor(mine.key, url, cursorOf(['KAAA', airingIds[0]]));
    const bad = await callApi(t, mine.key, 'GET', `${url}?limit=${PAGE_MAX + 1}`);
    expect(bad.statusCode).toBe(400);
  });

  it("someone else's station answers 404, cursor or not", async () => {
    const url = `/api/v1/stations/${theirStation}/airings`;
    expect((await callApi(t, mine.key, 'GET', url)).statusCode).toBe(404);
    const theirPage = await allPages(mine.key, `/api/v1/stations/${stationIds[0]}/airings`, 'airings', 1);
    const res = await callApi(t, mine.key, 'GET', `${url}?cursor=${theirPage.pages[0]!.nextCursor}`);
    expect(res.statusCode).toBe(404);
  });
});
