import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnAd } from '../../../shared/ads.js';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyMessages } from '../../../shared/api-keys.js';
import { IDENTIFY_RECORDINGS_PER_MINUTE } from '../../../shared/identify.js';
import { UPLOADS_PER_HOUR } from '../../../shared/limits.js';
import { idempotencyKeys, subscriptionPlans } from '../../db/schema.js';
import { PLAN_SEED } from '../../db/seed/plans.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipart, type Part } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';
import { createIdempotencyRepository } from './idempotency.repository.js';
import { createIdempotency, requestFingerprint } from './idempotency.service.js';
import { until } from '../../test/until.js';

let t: TestApp;
let mp3: Buffer;
let otherMp3: Buffer;
/** A webhook receiver on loopback: answers 204, records the paths it was sent to. */
let receiver: http.Server;
let receiverUrl: string;
const received: string[] = [];
beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(req.url!);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://adreplay.test', ALLOW_PRIVATE_WEBHOOKS: 'true' });
  await t.db.insert(subscriptionPlans).values(PLAN_SEED);
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  otherMp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/harbor-pizza.mp3'));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const FIELDS: [string, string][] = [
  ['title', 'Weekend Brunch Spot'],
  ['business_name', 'Sunrise Bakery'],
  ['category', 'Food & Dining'],
];
const form = (fields = FIELDS): Part[] => [
  ...fields,
  ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
];

async function partner() {
  const u = await signUpUser(t);
  return { ...u, key: (await createApiKey(t, u.cookie)).key };
}
/** A create with an Idempotency-Key; each call encodes the form anew (another multipart boundary, as curl does). */
async function create(key: string, idempotencyKey: string | undefined, parts = form()) {
  const { payload, contentType } = await multipart(parts);
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, 'content-type': contentType };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  return t.app.inject({ method: 'POST', url: '/api/v1/ads', headers, payload });
}
const count = async (key: string) => (await callApi(t, key, 'GET', '/api/v1/ads')).json().count as number;

describe('Idempotency-Key on POST /api/v1/ads', () => {
  it('answers a retry with the first answer, marked replayed, and creates one ad', async () => {
    const p = await partner();
    const first = await create(p.key, 'order-1001');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(p.key, 'order-1001');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await count(p.key)).toBe(1);
    // Without a key, or with another one, each request is its own.
    expect((await create(p.key, undefined)).statusCode).toBe(201);
    expect((await create(p.key, 'order-1002')).statusCode).toBe(201);
    expect(await count(p.key)).toBe(3);
  });

  it('refuses the same key with a different request (422) and writes nothing', async () => {
    const p = await partner();
    expect((await create(p.key, 'k-1')).statusCode).toBe(201);
    const other = await create(p.key, 'k-1', form([['title', 'Another Title Here'], ...FIELDS.slice(1)]));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: idempotencyMessages.reused });
    expect(await count(p.key)).toBe(1);
  });

  it('keeps keys per advertiser: the same key of another account is its own', async () => {
    const a = await partner();
    const b = await partner();
    const mine = (await create(a.key, 'shared-key')).json() as OwnAd;
    const theirs = await create(b.key, 'shared-key');
    expect(theirs.statusCode).toBe(201);
    expect((theirs.json() as OwnAd).id).not.toBe(mine.id);
  });

  it('answers 409 while the first request runs, and lets a retry run once that one is abandoned', async () => {
    const p = await partner();
    const content = {
      fields: Object.fromEntries(FIELDS),
      files: { audio: mp3 },
    };
    const requestHash = requestFingerprint('POST', '/api/v1/ads', content);
    await t.db.insert(idempotencyKeys).values({ userId: p.id, key: 'busy', requestHash, createdAt: new Date() });
    const busy = await create(p.key, 'busy');
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', message: idempotencyMessages.inFlight });
    expect(await count(p.key)).toBe(0);

    // Its process died: 15 minutes on, the key is taken over.
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(idempotencyKeys.key, 'busy'));
    expect((await create(p.key, 'busy')).statusCode).toBe(201);
    expect((await create(p.key, 'busy')).headers['idempotent-replayed']).toBe('true');
    expect(await count(p.key)).toBe(1);
  });

  it('replays a refusal too (400): the same form is refused the same way', async () => {
    const p = await partner();
    const bad = await create(p.key, 'bad-1', form([['title', 'ab'], ...FIELDS.slice(1)]));
    expect(bad.statusCode).toBe(400);
    const badAgain = await create(p.key, 'bad-1', form([['title', 'ab'], ...FIELDS.slice(1)]));
    expect(badAgain.statusCode).toBe(400);
    expect(badAgain.headers['idempotent-replayed']).toBe('true');
    expect(badAgain.json()).toEqual(bad.json());
  });

  it('replays a retry at the plan limit and past the hourly uploads: a retry is neither a new ad nor a new upload', async () => {
    const p = await partner();
    // The Free plan's last slot: two ads made, the third with a key.
    expect((await create(p.key, undefined)).statusCode).toBe(201);
    expect((await create(p.key, undefined)).statusCode).toBe(201);
    const first = await create(p.key, 'last-slot');
    expect(first.statusCode, first.body).toBe(201);
    const again = await create(p.key, 'last-slot');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    // The key with another form is refused as reused, not as over the plan.
    const other = await create(p.key, 'last-slot', form([['title', 'Another Title Here'], ...FIELDS.slice(1)]));
    expect(other.statusCode, other.body).toBe(422);
    expect(await count(p.key)).toBe(3);
    // A new request is refused at the plan limit.
    expect((await create(p.key, 'next')).statusCode).toBe(403);

    // The hour's uploads used up (each edit counts, refused or not): the retry is still answered, the same way.
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/ads/${(first.json() as OwnAd).id}`,
        headers: { authorization: `Bearer ${p.key}` },
        payload: { title: 'ab' },
      });
    }
    expect((await create(p.key, 'next')).statusCode).toBe(429);
    const late = await create(p.key, 'last-slot');
    expect([late.statusCode, late.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]]).toEqual([201, 'true']);
    expect(late.json()).toEqual(first.json());
    expect(await count(p.key)).toBe(3);
  });

  it('refuses a malformed key (400)', async () => {
    const p = await partner();
    const res = await create(p.key, 'x'.repeat(256));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(idempotencyMessages.invalidKey);
    expect(await count(p.key)).toBe(0);
  });
});

describe('Idempotency-Key on the stations and airings POSTs', () => {
  const post = (key: string, url: string, payload: object, idempotencyKey: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
    });

  it('replays a station and a batch of airings, and refuses the key with another body', async () => {
    const p = await partner();
    const station = { callSign: 'KIDM', name: 'Idempotent FM', timeZone: 'America/Chicago' };
    const first = await post(p.key, '/api/v1/stations', station, 'station-1');
    expect(first.statusCode).toBe(201);
    const again = await post(p.key, '/api/v1/stations', station, 'station-1');
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(again.json()).toEqual(first.json());
    const other = await post(p.key, '/api/v1/stations', { ...station, callSign: 'KOTH' }, 'station-1');
    expect(other.statusCode).toBe(422);
    expect((await callApi(t, p.key, 'GET', '/api/v1/stations')).json().stations).toHaveLength(1);

    const ad = (await create(p.key, undefined)).json() as OwnAd;
    const airing = { station: 'KIDM', ad: ad.id, started_at: '2026-11-26T08:14:00-06:00', spot_id: 'log-1' };
    const posted = await post(p.key, '/api/v1/airings', airing, 'airings-1');
    expect(posted.statusCode).toBe(201);
    // The first answer (201, created), not a second post's (200, already stored).
    const replayed = await post(p.key, '/api/v1/airings', airing, 'airings-1');
    expect([replayed.statusCode, replayed.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(replayed.json()).toEqual(posted.json());
  });
});

describe('Idempotency-Key on identify and on the webhooks’ test and resend', () => {
  const post = (key: string, url: string, idempotencyKey: string, parts?: Part[]) =>
    parts
      ? multipart(parts).then(({ payload, contentType }) =>
          t.app.inject({
            method: 'POST',
            url,
            payload,
            headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey, 'content-type': contentType },
          }),
        )
      : t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
        });
  const recording = (bytes: Buffer): Part[] => [['file', { bytes, filename: 'aired.mp3', type: 'audio/mpeg' }]];

  it('replays an identification (not counted again), and refuses the key with another recording', async () => {
    const p = await partner();
    expect((await create(p.key, undefined)).statusCode).toBe(201);
    const first = await post(p.key, '/api/v1/identify', 'heard-1', recording(mp3));
    expect(first.statusCode, first.body).toBe(200);
    // Other tests' ads have the same audio: which one matches is not this test's concern.
    expect(first.json().candidates.length).toBeGreaterThan(0);
    const again = await post(p.key, '/api/v1/identify', 'heard-1', recording(mp3));
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(again.json()).toEqual(first.json());
    const other = await post(p.key, '/api/v1/identify', 'heard-1', recording(otherMp3));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    // The address's recordings of the minute used up (the refused ones count too): a retry is still answered.
    for (let i = 1; i < IDENTIFY_RECORDINGS_PER_MINUTE; i++) {
      await post(p.key, '/api/v1/identify', `empty-${i}`, [['note', 'no file']]);
    }
    expect((await post(p.key, '/api/v1/identify', 'heard-2', recording(mp3))).statusCode).toBe(429);
    const late = await post(p.key, '/api/v1/identify', 'heard-1', recording(mp3));
    expect([late.statusCode, late.headers['idempotent-replayed']]).toEqual([200, 'true']);
  });

  it('sends a test event and resends a delivery once per key, and refuses the key for another endpoint or delivery', async () => {
    const p = await partner();
    const hook = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        payload: { url, events: ['ad.created'] },
        headers: { authorization: `Bearer ${p.key}` },
      });
    const endpoint = (await hook(`${receiverUrl}/once`)).json() as { id: string };
    const second = (await hook(`${receiverUrl}/twice`)).json() as { id: string };
    const hits = () => received.filter((r) => r === '/once').length;

    const test = await post(p.key, `/api/v1/webhooks/${endpoint.id}/test`, 'test-1');
    expect(test.statusCode).toBe(202);
    const testAgain = await post(p.key, `/api/v1/webhooks/${endpoint.id}/test`, 'test-1');
    expect([testAgain.statusCode, testAgain.headers['idempotent-replayed']]).toEqual([202, 'true']);
    expect((await post(p.key, `/api/v1/webhooks/${second.id}/test`, 'test-1')).statusCode).toBe(422);
    await until(() => (hits() === 1 ? true : undefined));

    // Two logged deliveries of the endpoint: the test event above, and one more.
    await post(p.key, `/api/v1/webhooks/${endpoint.id}/test`, 'test-2');
    await until(() => (hits() === 2 ? true : undefined));
    const log = (
      await t.app.inject({
        url: `/api/v1/webhooks/${endpoint.id}/deliveries`,
        headers: { authorization: `Bearer ${p.key}` },
      })
    ).json().deliveries as { id: string }[];
    expect(log).toHaveLength(2);
    const resendUrl = (deliveryId: string) => `/api/v1/webhooks/${endpoint.id}/deliveries/${deliveryId}/resend`;
    expect((await post(p.key, resendUrl(log[0]!.id), 'resend-1')).statusCode).toBe(202);
    const resendAgain = await post(p.key, resendUrl(log[0]!.id), 'resend-1');
    expect([resendAgain.statusCode, resendAgain.headers['idempotent-replayed']]).toEqual([202, 'true']);
    expect((await post(p.key, resendUrl(log[1]!.id), 'resend-1')).statusCode).toBe(422);
    await until(() => (hits() === 3 ? true : undefined));
    // Nothing more arrives: each key sent its message once.
    await new Promise((r) => setTimeout(r, 500));
    expect(hits()).toBe(3);
  });
});

describe('expiry', () => {
  it('forgets keys after 24 hours, and a forgotten key runs again', async () => {
    const p = await partner();
    expect((await create(p.key, 'old')).statusCode).toBe(201);
    expect((await create(p.key, 'new')).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, 'old'));
    const idempotency = createIdempotency({ repo: createIdempotencyRepository(t.db) });
    expect(await idempotency.expire()).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, p.id));
    expect(left.map((r) => r.key)).toEqual(['new']);
    const rerun = await create(p.key, 'old');
    expect(rerun.statusCode).toBe(201);
    expect(rerun.headers['idempotent-replayed']).toBeUndefined();
  });
});
