import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdListResponse, PublicAd } from '../../../shared/ads.js';
import {
  AIRINGS_PER_BATCH,
  stationMessages,
  type Airing,
  type AiringsCsvResult,
  type AiringsPosted,
  type Station,
  type StationDay,
} from '../../../shared/stations.js';
import { airings, stations } from '../../db/schema.js';
import { insertAd } from '../../db/seed/factories.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';

/** The app's today: noon in Los Angeles on Friday 27 November 2026. */
const NOW = new Date('2026-11-27T20:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://adreplay.test' }, { clock: () => NOW });
});
afterAll(() => t.close());

let n = 0;
/** A partner: a signed-in user with an API key. */
async function partner() {
  const u = await signUpUser(t);
  return { ...u, key: (await createApiKey(t, u.cookie)).key };
}
const callSign = () => `K${String(++n).padStart(3, '0')}${process.pid % 100}`.slice(0, 8);

type Who = { cookie: string; key: string };
/** The API with the partner's key, the dashboard with their session. */
function call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const headers: Record<string, string> = url.startsWith('/api/v1/')
    ? { authorization: `Bearer ${who.key}` }
    : { cookie: who.cookie, origin: t.config.PUBLIC_ORIGIN };
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A new station of `who`'s, registered through the API (or the dashboard). */
async function newStation(who: Who, overrides: Record<string, unknown> = {}, via = '/api/v1/stations') {
  const res = await call(who, 'POST', via, {
    callSign: callSign(),
    name: 'Test Radio',
    timeZone: 'America/Los_Angeles',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Station>();
}

const airingsOf = (stationId: string) => t.db.select().from(airings).where(eq(airings.stationId, stationId));

describe('stations', () => {
  it('registers, lists, edits and deletes a station in the dashboard; the call sign is upper-cased', async () => {
    const p = await partner();
    const created = await newStation(
      p,
      {
        callSign: ' kxrp-fm ',
        frequency: '101.5 FM',
        city: 'Portland, OR',
        streamUrl: 'https://stream.example.com/live.mp3',
      },
      '/api/my/stations',
    );
    expect(created).toMatchObject({
      callSign: 'KXRP-FM',
      frequency: '101.5 FM',
      streamUrl: 'https://stream.example.com/live.mp3',
      monitorStatus: 'idle',
    });
    const list = await call(p, 'GET', '/api/my/stations');
    expect(list.json().stations.map((s: Station) => s.callSign)).toEqual(['KXRP-FM']);
    const edited = await call(p, 'PUT', `/api/my/stations/${created.id}`, {
      callSign: 'KXRP',
      name: 'KXRP Community Radio',
      timeZone: 'America/Chicago',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ callSign: 'KXRP', timeZone: 'America/Chicago', streamUrl: null, city: null });
    expect((await call(p, 'DELETE', `/api/my/stations/${created.id}`)).statusCode).toBe(204);
    expect((await call(p, 'GET', `/api/my/stations/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses bad fields with their messages, and a call sign already registered', async () => {
    const p = await partner();
    const base = { callSign: callSign(), name: 'X', timeZone: 'America/Chicago' };
    const cases: [Record<string, unknown>, string][] = [
      [{ callSign: 'k' }, stationMessages.callSignInvalid],
      [{ callSign: 'KX RP' }, stationMessages.callSignInvalid],
      [{ timeZone: 'Mars/Olympus' }, stationMessages.timeZoneInvalid],
      [{ streamUrl: 'ftp://stream.example.com/live' }, stationMessages.streamUrlInvalid],
      [{ streamUrl: 'javascript:alert(1)' }, stationMessages.streamUrlInvalid],
      [{ name: ' ' }, stationMessages.nameRequired],
    ];
    for (const [change, message] of cases) {
      const res = await call(p, 'POST', '/api/my/stations', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    await newStation(p, { callSign: 'WTKN' });
    const taken = await call(await partner(), 'POST', '/api/my/stations', { ...base, callSign: 'wtkn' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(stationMessages.callSignTaken);
    expect(await t.db.select().from(stations).where(eq(stations.callSign, 'WTKN'))).toHaveLength(1);
  });

  it("answers someone else's station as missing, in the dashboard and the API, and changes nothing", async () => {
    const [owner, other] = [await partner(), await partner()];
    const station = await newStation(owner);
    for (const base of ['/api/v1', '/api/my']) {
      const who = other;
      expect((await call(who, 'GET', `${base}/stations/${station.id}`)).statusCode).toBe(404);
      const put = await call(who, 'PUT', `${base}/stations/${station.id}`, {
        callSign: 'HIJK',
        name: 'Mine now',
        timeZone: 'UTC',
      });
      expect(put.statusCode).toBe(404);
      expect((await call(who, 'DELETE', `${base}/stations/${station.id}`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `${base}/stations/${station.id}/airings`)).statusCode).toBe(404);
    }
    expect((await call(other, 'GET', '/api/my/stations')).json().stations).toEqual([]);
    expect((await call(owner, 'GET', `/api/v1/stations/${station.id}`)).json()).toMatchObject({ name: 'Test Radio' });
  });

  it("takes a logo as an ad's logo is taken, and refuses what is not an image", async () => {
    const p = await partner();
    const station = await newStation(p);
    const png = await readFile(path.join(SEED_ASSETS_DIR, 'logos/sunrise-bakery.png'));
    const send = async (bytes: Buffer, type: string) => {
      const { payload, contentType } = await multipart([['logo', { bytes, filename: 'logo.png', type }]]);
      return t.app.inject({
        method: 'PUT',
        url: `/api/v1/stations/${station.id}/logo`,
        payload,
        headers: { authorization: `Bearer ${p.key}`, 'content-type': contentType },
      });
    };
    const ok = await send(png, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    const logoUrl = ok.json<Station>().logoUrl!;
    expect(logoUrl).toMatch(/\.png$/);
    expect((await t.app.inject({ url: logoUrl })).statusCode).toBe(200);
    const bad = await send(Buffer.from('<html>not an image</html>'), 'image/png');
    expect(bad.statusCode).toBe(415);
    expect((await call(p, 'GET', `/api/my/stations/${station.id}`)).json().logoUrl).toBe(logoUrl);
  });
});

describe('POST /api/v1/airings', () => {
  it('records an airing of its own station, and a repeat of the spot id returns the same airing', async () => {
    const p = await partner();
    const station = await newStation(p);
    const ad = await insertAd(t.db, { userId: p.id, audioDurationMs: 29_500 });
    const body = {
      station: station.callSign.toLowerCase(),
      ad: ad.slug,
      started_at: '2026-11-27T08:14:00-08:00',
      spot_id: 'AR-1',
    };
    const first = await call(p, 'POST', '/api/v1/airings', body);
    expect(first.statusCode, first.body).toBe(201);
    const posted = first.json<AiringsPosted>();
    expect(posted.created).toBe(1);
    expect(posted.airings[0]).toMatchObject({
      callSign: station.callSign,
      adId: ad.id,
      startedAt: '2026-11-27T16:14:00.000Z',
      heardMs: 29_500,
      partial: false,
      source: 'reported',
      spotId: 'AR-1',
      created: true,
    });
    const again = await call(p, 'POST', '/api/v1/airings', { ...body, started_at: '2026-11-27T09:00:00-08:00' });
    expect(again.statusCode).toBe(200);
    expect(again.json<AiringsPosted>()).toMatchObject({
      created: 0,
      airings: [{ id: posted.airings[0]!.id, startedAt: '2026-11-27T16:14:00.000Z', created: false }],
    });
    expect(await airingsOf(station.id)).toHaveLength(1);
  });

  it('takes a batch by station id and ad id, creating each spot once even when repeated inside it', async () => {
    const p = await partner();
    const station = await newStation(p);
    const ad = await insertAd(t.db, { userId: p.id });
    const item = (spot: string, minute: number) => ({
      station: station.id,
      ad: ad.id,
      started_at: `2026-11-27T10:${String(minute).padStart(2, '0')}:00Z`,
      spot_id: spot,
      heard_seconds: 12.5,
      partial: true,
    });
    const res = await call(p, 'POST', '/api/v1/airings', [item('S1', 1), item('S2', 2), item('S1', 3)]);
    expect(res.statusCode, res.body).toBe(201);
    const posted = res.json<AiringsPosted>();
    expect(posted.created).toBe(2);
    expect(posted.airings.map((a) => [a.spotId, a.created, a.heardMs, a.partial])).toEqual([
      ['S1', true, 12_500, true],
      ['S2', true, 12_500, true],
      ['S1', false, 12_500, true],
    ]);
    expect(posted.airings[2]!.id).toBe(posted.airings[0]!.id);
    expect(await airingsOf(station.id)).toHaveLength(2);
  });

  it("refuses a whole batch that names someone else's station, without writing any of it or saying whose", async () => {
    const [owner, other] = [await partner(), await partner()];
    const mine = await newStation(owner);
    const theirs = await newStation(other);
    const ad = await insertAd(t.db, { userId: owner.id });
    const good = { station: mine.callSign, ad: ad.slug, started_at: '2026-11-27T10:00:00Z', spot_id: 'G1' };
    for (const ref of [theirs.callSign, theirs.id, 'NOSUCH']) {
      const res = await call(owner, 'POST', '/api/v1/airings', [good, { ...good, station: ref, spot_id: 'G2' }]);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`airings[1]: ${stationMessages.stationUnknown}`);
    }
    expect(await airingsOf(mine.id)).toHaveLength(0);
    expect(await airingsOf(theirs.id)).toHaveLength(0);
    // A session is no key: the API refuses it.
    const withSession = await t.app.inject({
      method: 'POST',
      url: '/api/v1/airings',
      headers: { cookie: owner.cookie, origin: t.config.PUBLIC_ORIGIN },
      payload: good,
    });
    expect(withSession.statusCode).toBe(401);
  });

  it('validates every field with a clear message, and bounds a batch', async () => {
    const p = await partner();
    const station = await newStation(p);
    const ad = await insertAd(t.db, { userId: p.id });
    const hidden = await insertAd(t.db, { userId: (await partner()).id, isActive: false });
    const good = { station: station.callSign, ad: ad.slug, started_at: '2026-11-27T10:00:00Z', spot_id: 'V1' };
    const cases: [unknown, number, string][] = [
      [{ ...good, started_at: '2026-11-27 10:00' }, 400, stationMessages.startedAtInvalid],
      [{ ...good, started_at: '2026-11-27T10:00:00' }, 400, stationMessages.startedAtInvalid],
      [{ ...good, spot_id: '' }, 400, stationMessages.spotIdInvalid],
      [{ ...good, spot_id: undefined }, 400, stationMessages.spotIdInvalid],
      [{ ...good, heard_seconds: 0 }, 400, stationMessages.heardInvalid],
      [{ ...good, heard_seconds: 601 }, 400, stationMessages.heardInvalid],
      [{ ...good, ad: 'no-such-ad' }, 404, stationMessages.adUnknown],
      // Another's ad that is not public is no ad a station can report.
      [{ ...good, ad: hidden.id }, 404, stationMessages.adUnknown],
      [[], 400, stationMessages.batchEmpty],
      [
        Array.from({ length: AIRINGS_PER_BATCH + 1 }, (_, i) => ({ ...good, spot_id: `B${i}` })),
        400,
        stationMessages.batchTooLarge,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(p, 'POST', '/api/v1/airings', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect(await airingsOf(station.id)).toHaveLength(0);
  });
});

describe('CSV import', () => {
  it('previews, imports all lines at once, and skips spot ids imported before', async () => {
    const p = await partner();
    const station = await newStation(p);
    const ad = await insertAd(t.db, { userId: p.id });
    const csv = [
      'Started_At,Ad,Spot_ID,Heard_Seconds,Partial',
      `2026-11-27T08:14:00-08:00,${ad.slug},C1,30,no`,
      '',
      `"2026-11-27T09:20:00-08:00","${ad.id}",C2,,yes`,
    ].join('\r\n');
    const url = `/api/my/stations/${station.id}/airings/import`;
    const preview = await call(p, 'POST', url, { csv, dryRun: true });
    expect(preview.json<AiringsCsvResult>()).toEqual({ rows: 2, errors: [], imported: 0, duplicates: 0 });
    expect(await airingsOf(station.id)).toHaveLength(0);
    const done = await call(p, 'POST', url, { csv });
    expect(done.json<AiringsCsvResult>()).toEqual({ rows: 2, errors: [], imported: 2, duplicates: 0 });
    const rows = await airingsOf(station.id);
    expect(rows.map((r) => [r.spotId, r.startedAt.toISOString(), r.partial, r.source]).sort()).toEqual([
      ['C1', '2026-11-27T16:14:00.000Z', false, 'reported'],
      ['C2', '2026-11-27T17:20:00.000Z', true, 'reported'],
    ]);
    const again = await call(p, 'POST', url, { csv, dryRun: true });
    expect(again.json<AiringsCsvResult>()).toMatchObject({ rows: 2, duplicates: 2 });
    expect((await call(p, 'POST', url, { csv })).json<AiringsCsvResult>()).toMatchObject({
      imported: 0,
      duplicates: 2,
    });
    expect(await airingsOf(station.id)).toHaveLength(2);
  });

  it('lists the bad lines by their line number and imports nothing', async () => {
    const p = await partner();
    const station = await newStation(p);
    const ad = await insertAd(t.db, { userId: p.id });
    const csv = [
      'started_at,ad,spot_id,partial',
      `2026-11-27T08:14:00-08:00,${ad.slug},OK1,no`,
      `yesterday,${ad.slug},BAD1,no`,
      `2026-11-27T08:15:00-08:00,not-an-ad,BAD2,no`,
      `2026-11-27T08:16:00-08:00,${ad.slug},,no`,
      `2026-11-27T08:17:00-08:00,${ad.slug},BAD4,maybe`,
    ].join('\n');
    const res = await call(p, 'POST', `/api/my/stations/${station.id}/airings/import`, { csv });
    expect(res.statusCode).toBe(200);
    const result = res.json<AiringsCsvResult>();
    expect(result.imported).toBe(0);
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6]);
    expect(result.errors[0]!.message).toContain(stationMessages.startedAtInvalid);
    expect(result.errors[1]!.message).toBe(stationMessages.adUnknown);
    expect(result.errors[2]!.message).toContain(stationMessages.spotIdInvalid);
    expect(result.errors[3]!.message).toContain('partial must be true or false');
    expect(await airingsOf(station.id)).toHaveLength(0);

    const noHeader = await call(p, 'POST', `/api/my/stations/${station.id}/airings/import`, { csv: 'when,what\n1,2' });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe(stationMessages.csvHeader);
    const other = await partner();
    expect((await call(other, 'POST', `/api/my/stations/${station.id}/airings/import`, { csv })).statusCode).toBe(404);
  });
});

describe('public station page, ad page and directory', () => {
  it("lists a day's airings in the station's zone, by hour, through the cache, and changes when one is added", async () => {
    const p = await partner();
    const station = await newStation(p, { callSign: 'KDAY', timeZone: 'America/Los_Angeles' });
    const ad = await insertAd(t.db, { userId: p.id, title: 'Morning Spot' });
    const post = (started_at: string, spot_id: string) =>
      call(p, 'POST', '/api/v1/airings', { station: 'KDAY', ad: ad.slug, started_at, spot_id });
    await post('2026-11-27T07:30:00-08:00', 'D1'); // 15:30Z on the 27th
    await post('2026-11-26T23:30:00-08:00', 'D2'); // 07:30Z on the 27th, but the 26th in Los Angeles
    const day = async (query = '') => {
      const res = await t.app.inject({ url: `/api/stations/kday${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StationDay>();
    };
    const today = await day();
    expect(today).toMatchObject({ date: '2026-11-27', today: '2026-11-27', hour: null });
    expect(today.station).toMatchObject({ callSign: 'KDAY', monitorStatus: 'idle' });
    expect(today.station).not.toHaveProperty('streamUrl');
    expect(today.airings.map((a) => a.startedAt)).toEqual(['2026-11-27T15:30:00.000Z']);
    expect(today.airings[0]!.ad).toMatchObject({ slug: ad.slug, title: 'Morning Spot' });
    expect((await day('?date=2026-11-26')).airings.map((a) => a.startedAt)).toEqual(['2026-11-27T07:30:00.000Z']);
    expect((await day('?hour=7')).airings).toHaveLength(1);
    expect((await day('?hour=8')).airings).toHaveLength(0);
    expect((await day('?date=2026-11-26&hour=23')).airings).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/stations/kday?hour=24' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/stations/kday?date=27-11-2026' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/stations/NOPE' })).statusCode).toBe(404);

    // Cached, and cleared by a new airing.
    await post('2026-11-27T09:05:00-08:00', 'D3');
    expect((await day()).airings.map((a) => a.startedAt)).toEqual([
      '2026-11-27T15:30:00.000Z',
      '2026-11-27T17:05:00.000Z',
    ]);
    // An offline stream is said so.
    const since = new Date('2026-11-27T18:00:00Z');
    await t.db
      .update(stations)
      .set({ monitorStatus: 'offline', offlineSince: since })
      .where(eq(stations.id, station.id));
    await call(p, 'PUT', `/api/my/stations/${station.id}`, {
      callSign: 'KDAY',
      name: 'Test Radio',
      timeZone: 'America/Los_Angeles',
    });
    expect((await day()).station).toMatchObject({ monitorStatus: 'offline', offlineSince: since.toISOString() });
  });

  it("names an ad's latest airings on its page, newest first, with the station's zone and local time", async () => {
    const p = await partner();
    await newStation(p, { callSign: 'KAIR', timeZone: 'America/Chicago' });
    const ad = await insertAd(t.db, { userId: p.id });
    const before = await t.app.inject({ url: `/api/ads/${ad.slug}` });
    expect(before.json<PublicAd>().airedOn).toEqual([]);
    const items = Array.from({ length: 7 }, (_, i) => ({
      station: 'KAIR',
      ad: ad.slug,
      started_at: `2026-11-2${i}T14:14:00Z`,
      spot_id: `A${i}`,
    }));
    expect((await call(p, 'POST', '/api/v1/airings', items)).statusCode).toBe(201);
    const res = await t.app.inject({ url: `/api/ads/${ad.slug}` });
    const airedOn = res.json<PublicAd>().airedOn!;
    expect(airedOn).toHaveLength(5);
    expect(airedOn[0]).toEqual({
      callSign: 'KAIR',
      stationName: 'Test Radio',
      timeZone: 'America/Chicago',
      startedAt: '2026-11-26T14:14:00.000Z',
      // Written by the server, so the page's hydration makes no time-zone formatter.
      localTime: 'Thu 8:14 AM',
    });
    expect(airedOn.map((a) => a.startedAt.slice(8, 10))).toEqual(['26', '25', '24', '23', '22']);
    // The directory's cards do not carry it.
    expect((await t.app.inject({ url: '/api/ads?limit=50' })).json<AdListResponse>().ads[0]).not.toHaveProperty(
      'airedOn',
    );
  });

  it('filters the directory by station and by part of the day in the station zone', async () => {
    const p = await partner();
    // A zone where it is now between 08:00 and 09:00 (Etc/GMT signs are inverted), so 'morning' is now.
    const utcHour = new Date().getUTCHours();
    const offset = ((8 - utcHour + 36) % 24) - 12; // hours east of UTC, -12..11
    const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    await newStation(p, { callSign: 'KDIR', timeZone: zone });
    await newStation(p, { callSign: 'KOTH', timeZone: zone });
    const [morning, night, elsewhere, never] = await Promise.all(
      ['Dir Morning', 'Dir Night', 'Dir Elsewhere', 'Dir Never'].map((title) =>
        insertAd(t.db, { userId: p.id, title, location: 'Dirville' }),
      ),
    );
    const localNow = new Date(Date.now() + offset * 3_600_000);
    const at = (hour: number, minute: number) => {
      const d = new Date(
        Date.UTC(localNow.getUTCFullYear(), localNow.getUTCMonth(), localNow.getUTCDate(), hour, minute),
      );
      return new Date(d.getTime() - offset * 3_600_000).toISOString();
    };
    const res = await call(p, 'POST', '/api/v1/airings', [
      { station: 'KDIR', ad: morning!.slug, started_at: at(5, 30), spot_id: 'M1' },
      { station: 'KDIR', ad: night!.slug, started_at: at(2, 10), spot_id: 'N1' },
      { station: 'KOTH', ad: elsewhere!.slug, started_at: at(6, 0), spot_id: 'E1' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    void never;
    const titles = async (query: string) => {
      const r = await t.app.inject({ url: `/api/ads?location=Dirville&limit=50&${query}` });
      expect(r.statusCode, r.body).toBe(200);
      const body = r.json<AdListResponse>();
      expect(body.count).toBe(body.ads.length);
      return body.ads.map((a) => a.title).sort();
    };
    expect(await titles('station=kdir')).toEqual(['Dir Morning', 'Dir Night']);
    expect(await titles('aired=morning')).toEqual(['Dir Elsewhere', 'Dir Morning']);
    expect(await titles('station=KDIR&aired=morning')).toEqual(['Dir Morning']);
    expect(await titles('station=KDIR&aired=night')).toEqual(['Dir Night']);
    expect(await titles('aired=today')).toEqual(['Dir Elsewhere', 'Dir Morning', 'Dir Night']);
    expect(await titles('aired=evening')).toEqual([]);
    // With a search too (the count reads the narrow table).
    expect(await titles('search=dir&station=KDIR&aired=morning')).toEqual(['Dir Morning']);
    expect((await t.app.inject({ url: '/api/ads?aired=dawn' })).statusCode).toBe(400);
  });

  it('lists station pages in the sitemap', async () => {
    const p = await partner();
    await newStation(p, { callSign: 'KMAP' });
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.body).toContain('<loc>https://adreplay.test/station/KMAP</loc>');
  });
});

describe("an advertiser's airings", () => {
  it("lists an ad's airings on every station and exports them as CSV; someone else's ad is missing", async () => {
    const [advertiser, station1, station2] = [await partner(), await partner(), await partner()];
    const ad = await insertAd(t.db, { userId: advertiser.id });
    const a = await newStation(station1, { callSign: 'KEXA', timeZone: 'America/New_York', name: 'Radio, "A"' });
    await newStation(station2, { callSign: 'KEXB', timeZone: 'Europe/Berlin' });
    await call(station1, 'POST', '/api/v1/airings', {
      station: a.id,
      ad: ad.slug,
      started_at: '2026-11-27T13:05:00Z',
      spot_id: 'X1',
      heard_seconds: 14,
      partial: true,
    });
    await call(station2, 'POST', '/api/v1/airings', {
      station: 'KEXB',
      ad: ad.id,
      started_at: '2026-11-26T23:30:00Z',
      spot_id: 'Y1',
    });
    const list = await call(advertiser, 'GET', `/api/my/ads/${ad.id}/airings`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ airings: Airing[] }>().airings.map((x) => x.callSign)).toEqual(['KEXA', 'KEXB']);

    const csv = await call(advertiser, 'GET', `/api/my/ads/${ad.id}/airings.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="airings-${ad.id}.csv"`);
    const rows = parseCsv(csv.body, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        station: 'KEXA',
        station_name: 'Radio, "A"',
        local_date: '2026-11-27',
        local_time: '08:05',
        time_zone: 'America/New_York',
        started_at_utc: '2026-11-27T13:05:00.000Z',
        heard_seconds: '14.0',
        partial: 'yes',
        source: 'reported',
        spot_id: 'X1',
      },
      expect.objectContaining({ station: 'KEXB', local_date: '2026-11-27', local_time: '00:30', partial: 'no' }),
    ]);
    // The stations themselves may not read the advertiser's view.
    expect((await call(station1, 'GET', `/api/my/ads/${ad.id}/airings`)).statusCode).toBe(404);
    expect((await call(station1, 'GET', `/api/my/ads/${ad.id}/airings.csv`)).statusCode).toBe(404);
  });
});
