import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookMessages, type CreatedWebhookEndpoint, type WebhookDelivery } from '../../../shared/webhooks.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { callApi, createApiKey } from '../../test/api-key.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { readMails } from '../../test/mail.js';
import { sendForm } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';
import { until } from '../../test/until.js';

/** A partner's receiver on loopback: answers from a script (then 204), records what arrived. */
interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
let answers: number[] = [];

let t: TestApp;
// Real time (receivers refuse old timestamps), moved forward by the test of three failing days.
let now = new Date(Math.floor(Date.now() / 1000) * 1000);
let mp3: Buffer;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url!, headers: req.headers, body });
      res.writeHead(answers.shift() ?? 204).end(JSON.stringify({ got: true }));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp(
    { ALLOW_PRIVATE_WEBHOOKS: 'true' },
    { clock: () => now, webhookRetryDelaysMs: [100, 100, 100] },
  );
  mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/harbor-pizza.mp3'));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  answers = [];
});

const session = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie, origin: t.config.PUBLIC_ORIGIN } });
const keyed = (key: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });

const log = async (cookie: string, id: string) =>
  (await session(cookie, 'GET', `/api/my/webhooks/${id}/deliveries`)).json().deliveries as WebhookDelivery[];

async function addEndpoint(cookie: string, events: string[], pathname = '/hook') {
  const res = await session(cookie, 'POST', '/api/my/webhooks', { url: receiverUrl + pathname, events });
  expect(res.statusCode).toBe(201);
  return res.json() as CreatedWebhookEndpoint;
}

describe('endpoints', () => {
  it('shows the secret once, at creation, and never again', async () => {
    const u = await signUpUser(t);
    const res = await session(u.cookie, 'POST', '/api/my/webhooks', {
      url: `${receiverUrl}/a`,
      events: ['ad.created', 'ad.created', 'ad.deleted'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created).toMatchObject({ events: ['ad.created', 'ad.deleted'], enabled: true, failingSince: null });
    const listed = await session(u.cookie, 'GET', '/api/my/webhooks');
    expect(listed.json().endpoints).toHaveLength(1);
    expect(listed.body).not.toContain(created.secret);
    expect((await session(u.cookie, 'GET', `/api/my/webhooks/${created.id}`)).body).not.toContain(created.secret);
  });

  it('refuses bad URLs and events with clear messages, and private addresses with 422', async () => {
    const u = await signUpUser(t);
    const bad = await session(u.cookie, 'POST', '/api/my/webhooks', {
      url: 'ftp://x.example/',
      events: ['ad.created'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(webhookMessages.urlInvalid);
    const none = await session(u.cookie, 'POST', '/api/my/webhooks', { url: receiverUrl, events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(webhookMessages.eventsRequired);
    const unknown = await session(u.cookie, 'POST', '/api/my/webhooks', { url: receiverUrl, events: ['ad.sold'] });
    expect(unknown.statusCode).toBe(400);

    // The same app without ALLOW_PRIVATE_WEBHOOKS: loopback is refused at registration.
    // (The same retries as `t`: the queue's settings are the database's.)
    const strict = await createTestApp({}, { database: t.database, webhookRetryDelaysMs: [100, 100, 100] });
    try {
      const v = await signUpUser(strict);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/my/webhooks',
        payload: { url: 'http://169.254.169.254/latest', events: ['ad.created'] },
        headers: { cookie: v.cookie, origin: strict.config.PUBLIC_ORIGIN },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(webhookMessages.urlPrivate('169.254.169.254'));
    } finally {
      await strict.close();
    }
  });

  it("answers someone else's endpoint and delivery as missing (404), through the API key too", async () => {
    const owner = await signUpUser(t);
    const other = await signUpUser(t);
    const endpoint = await addEndpoint(owner.cookie, ['ad.created']);
    const key = (await createApiKey(t, other.cookie)).key;
    for (const [method, url] of [
      ['GET', `/api/v1/webhooks/${endpoint.id}`],
      ['PATCH', `/api/v1/webhooks/${endpoint.id}`],
      ['DELETE', `/api/v1/webhooks/${endpoint.id}`],
      ['GET', `/api/v1/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/test`],
    ] as const) {
      const res = await keyed(key, method, url, method === 'PATCH' ? { enabled: false } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(webhookMessages.notFound);
    }
    expect((await session(other.cookie, 'GET', `/api/my/webhooks/${endpoint.id}`)).statusCode).toBe(404);
    expect((await session(owner.cookie, 'GET', `/api/my/webhooks/${endpoint.id}`)).json().enabled).toBe(true);
  });

  it('is managed through the API with a key: create, patch some fields, delete', async () => {
    const u = await signUpUser(t);
    const key = (await createApiKey(t, u.cookie)).key;
    const created = await keyed(key, 'POST', '/api/v1/webhooks', { url: `${receiverUrl}/k`, events: ['ad.updated'] });
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    const patched = await keyed(key, 'PATCH', `/api/v1/webhooks/${id}`, { enabled: false });
    expect(patched.json()).toMatchObject({ url: `${receiverUrl}/k`, events: ['ad.updated'], enabled: false });
    const list = await keyed(key, 'GET', '/api/v1/webhooks');
    expect(list.json().endpoints.map((e: { id: string }) => e.id)).toEqual([id]);
    // Idempotency-Key: a retried create answers as the first did and makes no second endpoint.
    const once = { authorization: `Bearer ${key}`, 'idempotency-key': 'hook-1' };
    const payload = { url: `${receiverUrl}/once`, events: ['ad.created'] };
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks', payload, headers: once });
    const retry = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks', payload, headers: once });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    const other = { ...payload, events: ['ad.deleted'] };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/webhooks', payload: other, headers: once })).statusCode,
    ).toBe(422);
    expect((await keyed(key, 'GET', '/api/v1/webhooks')).json().endpoints).toHaveLength(2);
    expect((await keyed(key, 'DELETE', `/api/v1/webhooks/${first.json().id}`)).statusCode).toBe(204);
    expect((await keyed(key, 'DELETE', `/api/v1/webhooks/${id}`)).statusCode).toBe(204);
    expect((await keyed(key, 'GET', `/api/v1/webhooks/${id}`)).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('sends a signed test event that the receiver verifies with the secret, and logs it', async () => {
    const u = await signUpUser(t);
    const endpoint = await addEndpoint(u.cookie, ['ad.created'], '/test');
    expect((await session(u.cookie, 'POST', `/api/my/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    const got = await until(() => received.find((r) => r.url === '/test'));
    const payload = new Webhook(endpoint.secret).verify(got.body, got.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    expect(got.headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    const [entry] = await until(async () =>
      (await log(u.cookie, endpoint.id)).length ? log(u.cookie, endpoint.id) : undefined,
    );
    expect(entry).toMatchObject({
      msgId: got.headers['webhook-id'],
      eventType: 'webhook.test',
      attempt: 1,
      statusCode: 204,
      ok: true,
      nextAttemptAt: null,
    });
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('retries a failing receiver with backoff until it answers 2xx, each attempt logged, then resends on demand', async () => {
    const u = await signUpUser(t);
    const endpoint = await addEndpoint(u.cookie, ['ad.created'], '/flaky');
    answers = [500, 503];
    await session(u.cookie, 'POST', `/api/my/webhooks/${endpoint.id}/test`);
    const entries = await until(async () => {
      const l = await log(u.cookie, endpoint.id);
      return l.some((d) => d.ok) ? l : undefined;
    });
    expect(entries.map((d) => [d.attempt, d.statusCode, d.ok])).toEqual([
      [3, 204, true],
      [2, 503, false],
      [1, 500, false],
    ]);
    expect(entries[2]!.nextAttemptAt).toBe(new Date(now.getTime() + 100).toISOString());
    const hits = received.filter((r) => r.url === '/flaky');
    expect(new Set(hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
    // The first failure made the endpoint failing; the success cleared it.
    expect((await session(u.cookie, 'GET', `/api/my/webhooks/${endpoint.id}`)).json().failingSince).toBeNull();

    const resend = await session(
      u.cookie,
      'POST',
      `/api/my/webhooks/${endpoint.id}/deliveries/${entries[0]!.id}/resend`,
    );
    expect(resend.statusCode).toBe(202);
    await until(() => (received.filter((r) => r.url === '/flaky').length === 4 ? true : undefined));
    const again = received.filter((r) => r.url === '/flaky')[3]!;
    expect(again.headers['webhook-id']).toBe(hits[0]!.headers['webhook-id']);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(hits[0]!.body));
  });

  it('resends a logged event to a disabled endpoint too (its owner asked), while new events stay undelivered', async () => {
    const u = await signUpUser(t);
    const endpoint = await addEndpoint(u.cookie, ['ad.created', 'ad.updated'], '/off');
    const key = (await createApiKey(t, u.cookie)).key;
    const created = await callApi(t, key, 'POST', '/api/v1/ads', [
      ['title', 'Pizza Night Spot'],
      ['business_name', 'Harbor Pizza'],
      ['category', 'Food & Dining'],
      ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
    ]);
    expect(created.statusCode).toBe(201);
    const first = await until(() => received.find((r) => r.url === '/off'));
    const [entry] = await until(async () => {
      const l = await log(u.cookie, endpoint.id);
      return l.length ? l : undefined;
    });
    const off = await session(u.cookie, 'PATCH', `/api/my/webhooks/${endpoint.id}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
    // An event while it is disabled is not delivered.
    const edited = await keyed(key, 'PATCH', `/api/v1/ads/${created.json().id}`, { description: 'Now with cheese' });
    expect(edited.statusCode).toBe(200);

    const resend = await keyed(key, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${entry!.id}/resend`);
    expect(resend.statusCode).toBe(202);
    const again = await until(() => received.filter((r) => r.url === '/off')[1]);
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(new Webhook(endpoint.secret).verify(again.body, again.headers as Record<string, string>)).toMatchObject({
      type: 'ad.created',
    });
    const logged = await until(async () => {
      const l = await log(u.cookie, endpoint.id);
      return l.length === 2 ? l : undefined;
    });
    expect(logged.map((d) => [d.eventType, d.msgId, d.ok])).toEqual([
      ['ad.created', first.headers['webhook-id'], true],
      ['ad.created', first.headers['webhook-id'], true],
    ]);
    await new Promise((r) => setTimeout(r, 500));
    expect(received.filter((r) => r.url === '/off')).toHaveLength(2);
  });

  it('pages the delivery log by cursor, newest attempt first, each attempt once', async () => {
    const u = await signUpUser(t);
    const endpoint = await addEndpoint(u.cookie, ['ad.created'], '/paged');
    for (let i = 0; i < 3; i++) await session(u.cookie, 'POST', `/api/my/webhooks/${endpoint.id}/test`);
    const all = await until(async () => {
      const l = await log(u.cookie, endpoint.id);
      return l.length === 3 ? l : undefined;
    });
    const page = async (query: string) =>
      (await session(u.cookie, 'GET', `/api/my/webhooks/${endpoint.id}/deliveries${query}`)).json() as {
        deliveries: WebhookDelivery[];
        nextCursor: string | null;
      };
    const first = await page('?limit=2');
    expect(first.deliveries.map((d) => d.id)).toEqual(all.slice(0, 2).map((d) => d.id));
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.deliveries.map((d) => d.id)).toEqual([all[2]!.id]);
    expect(second.nextCursor).toBeNull();
    const bad = await session(u.cookie, 'GET', `/api/my/webhooks/${endpoint.id}/deliveries?cursor=bm90LWEtY3Vyc29y`);
    expect(bad.statusCode).toBe(400);
  });

  it('disables an endpoint failing for three days and e-mails its owner', async () => {
    const u = await signUpUser(t);
    const endpoint = await addEndpoint(u.cookie, ['ad.created'], '/down');
    answers = [500, 500, 500, 500];
    await session(u.cookie, 'POST', `/api/my/webhooks/${endpoint.id}/test`);
    await until(async () => ((await log(u.cookie, endpoint.id)).length === 4 ? true : undefined));
    const failing = (await session(u.cookie, 'GET', `/api/my/webhooks/${endpoint.id}`)).json();
    expect(failing).toMatchObject({ enabled: true, failingSince: now.toISOString(), disabledAt: null });
    expect((await readMails(t.outboxDir)).filter((m) => m.includes(u.email) && m.includes('webhook'))).toHaveLength(0);

    const started = now;
    try {
      now = new Date(started.getTime() + 3 * 86_400_000 + 1_000);
      answers = [500];
      await session(u.cookie, 'POST', `/api/my/webhooks/${endpoint.id}/test`);
      const disabled = await until(async () => {
        const e = (await session(u.cookie, 'GET', `/api/my/webhooks/${endpoint.id}`)).json();
        return e.enabled ? undefined : e;
      });
      expect(disabled).toMatchObject({
        enabled: false,
        disabledAt: now.toISOString(),
        failingSince: started.toISOString(),
      });
      const mails = await until(async () => {
        const m = (await readMails(t.outboxDir)).filter((x) => x.includes(u.email) && x.includes('webhook'));
        return m.length ? m : undefined;
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('A webhook endpoint was disabled');
      expect(mails[0]).toContain(`${receiverUrl}/down`);
      // Enabling it again starts afresh.
      const enabled = await session(u.cookie, 'PATCH', `/api/my/webhooks/${endpoint.id}`, { enabled: true });
      expect(enabled.json()).toMatchObject({ enabled: true, failingSince: null, disabledAt: null });
    } finally {
      now = started;
    }
  });
});

describe('events', () => {
  it('emits ad.created, ad.updated, ad.unpublished, ad.published and ad.deleted once each, to subscribed endpoints only', async () => {
    const u = await signUpUser(t);
    const all = await addEndpoint(
      u.cookie,
      ['ad.created', 'ad.updated', 'ad.deleted', 'ad.published', 'ad.unpublished'],
      '/all',
    );
    await addEndpoint(u.cookie, ['transcript.ready'], '/other');
    const stranger = await signUpUser(t);
    await addEndpoint(stranger.cookie, ['ad.created'], '/stranger');

    const key = (await createApiKey(t, u.cookie)).key;
    const created = await callApi(t, key, 'POST', '/api/v1/ads', [
      ['title', 'Pizza Night Spot'],
      ['business_name', 'Harbor Pizza'],
      ['category', 'Food & Dining'],
      ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
    ]);
    expect(created.statusCode).toBe(201);
    const adId = created.json().id as string;
    await until(() => (received.some((r) => r.url === '/all') ? true : undefined));
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/ads/${adId}`,
      payload: { description: 'Now with a description' },
      headers: { authorization: `Bearer ${key}` },
    });
    expect(patch.statusCode).toBe(200);
    await until(() => (received.filter((r) => r.url === '/all').length === 2 ? true : undefined));
    const off = await session(u.cookie, 'PATCH', `/api/my/ads/${adId}/active`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    await until(() => (received.filter((r) => r.url === '/all').length === 3 ? true : undefined));
    await session(u.cookie, 'PATCH', `/api/my/ads/${adId}/active`, { isActive: true });
    await until(() => (received.filter((r) => r.url === '/all').length === 4 ? true : undefined));
    expect((await session(u.cookie, 'DELETE', `/api/my/ads/${adId}`)).statusCode).toBe(204);
    const hits = await until(() => {
      const h = received.filter((r) => r.url === '/all');
      return h.length === 5 ? h : undefined;
    });
    const payloads = hits.map(
      (h) =>
        new Webhook(all.secret).verify(h.body, h.headers as Record<string, string>) as {
          type: string;
          data: { ad: { id: string; description?: string } };
        },
    );
    expect(payloads.map((p) => p.type)).toEqual([
      'ad.created',
      'ad.updated',
      'ad.unpublished',
      'ad.published',
      'ad.deleted',
    ]);
    expect(payloads.every((p) => p.data.ad.id === adId)).toBe(true);
    expect(payloads[1]!.data.ad.description).toBe('Now with a description');
    // Give any stray delivery time to arrive: none for the other endpoint or the stranger's.
    await new Promise((r) => setTimeout(r, 500));
    expect(received.filter((r) => r.url !== '/all')).toEqual([]);
    expect(received.filter((r) => r.url === '/all')).toHaveLength(5);
  });

  it('sends ad.published or ad.unpublished beside ad.updated when an edit (PATCH, PUT, the dashboard form) flips is_active', async () => {
    const u = await signUpUser(t);
    const hook = await addEndpoint(u.cookie, ['ad.updated', 'ad.published', 'ad.unpublished'], '/flip');
    const key = (await createApiKey(t, u.cookie)).key;
    const fields: [string, string][] = [
      ['title', 'Pizza Night Spot'],
      ['business_name', 'Harbor Pizza'],
      ['category', 'Food & Dining'],
    ];
    const created = await callApi(t, key, 'POST', '/api/v1/ads', [
      ...fields,
      ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
    ]);
    expect(created.statusCode).toBe(201);
    const adId = created.json().id as string;
    let seen = 0;
    /** The events of the deliveries that arrive for one edit, `count` of them, by type. */
    const next = async (count: number) => {
      const hits = await until(() => {
        const h = received.filter((r) => r.url === '/flip');
        return h.length >= seen + count ? h.slice(seen) : undefined;
      });
      seen += hits.length;
      return hits
        .map(
          (h) =>
            (new Webhook(hook.secret).verify(h.body, h.headers as Record<string, string>) as { type: string }).type,
        )
        .sort();
    };
    const patch = (body: object) => keyed(key, 'PATCH', `/api/v1/ads/${adId}`, body);

    expect((await patch({ is_active: false })).statusCode).toBe(200);
    expect(await next(2)).toEqual(['ad.unpublished', 'ad.updated']);
    expect((await patch({ is_active: true })).statusCode).toBe(200);
    expect(await next(2)).toEqual(['ad.published', 'ad.updated']);
    // No flip, no publishing event.
    expect((await patch({ is_active: true })).statusCode).toBe(200);
    expect(await next(1)).toEqual(['ad.updated']);

    expect((await patch({ is_active: false })).statusCode).toBe(200);
    expect(await next(2)).toEqual(['ad.unpublished', 'ad.updated']);
    // PUT is a full replace: is_active left out returns to true.
    expect((await callApi(t, key, 'PUT', `/api/v1/ads/${adId}`, fields)).statusCode).toBe(200);
    expect(await next(2)).toEqual(['ad.published', 'ad.updated']);

    // The dashboard form saves the same way.
    const hidden = await sendForm(t, 'PUT', `/api/my/ads/${adId}`, u.cookie, [...fields, ['is_active', 'false']]);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await next(2)).toEqual(['ad.unpublished', 'ad.updated']);
    const shown = await sendForm(t, 'PUT', `/api/my/ads/${adId}`, u.cookie, [...fields, ['is_active', 'true']]);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await next(2)).toEqual(['ad.published', 'ad.updated']);

    // Each once: nothing more arrives.
    await new Promise((r) => setTimeout(r, 500));
    expect(received.filter((r) => r.url === '/flip')).toHaveLength(seen);
  });

  it('emits ad.created for the dashboard form too (one hook point)', async () => {
    const u = await signUpUser(t);
    await addEndpoint(u.cookie, ['ad.created'], '/dash');
    const res = await sendForm(t, 'POST', '/api/my/ads', u.cookie, [
      ['title', 'Dashboard Spot'],
      ['business_name', 'Harbor Pizza'],
      ['category', 'Food & Dining'],
      ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
    ]);
    expect(res.statusCode).toBe(201);
    const got = await until(() => received.find((r) => r.url === '/dash'));
    expect(JSON.parse(got.body)).toMatchObject({ type: 'ad.created', data: { ad: { id: res.json().id } } });
  });
});
