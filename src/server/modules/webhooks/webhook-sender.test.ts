import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookMessages } from '../../../shared/webhooks.js';
import { checkedAddress, deliverWebhook, isPublicAddress, signWebhook } from './webhook-sender.js';
import { RETRY_DELAYS_MS } from './webhooks.service.js';

describe('signatures (Standard Webhooks)', () => {
  it("matches the spec's published test vector", () => {
    // The vector of the reference libraries' "sign function works" test.
    expect(
      signWebhook(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies with the reference library, and fails when the body changes', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const timestamp = Math.floor(Date.now() / 1000);
    const body = '{"type":"ad.created","data":{"ad":{"id":"x"}}}';
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, 'msg_1', timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('x', 'y'), headers)).toThrow();
  });
});

describe('the retry schedule', () => {
  it('waits longer after each failure (never less), and gives up about 24 hours after the first attempt', () => {
    const HOUR = 3_600_000;
    expect(RETRY_DELAYS_MS[0]).toBeLessThanOrEqual(60_000);
    RETRY_DELAYS_MS.slice(1).forEach((wait, i) => expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i]!));
    expect(RETRY_DELAYS_MS.at(-1)!).toBeGreaterThan(100 * RETRY_DELAYS_MS[0]!);
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(22 * HOUR);
    expect(total).toBeLessThanOrEqual(24 * HOUR);
  });
});

describe('addresses a delivery may reach', () => {
  const refused = [
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    // IPv4-compatible (::/96): 127.0.0.1 and 10.0.0.1 written inside IPv6, in either spelling; a public one too.
    '::7f00:1',
    '::127.0.0.1',
    '::a00:1',
    '0:0:0:0:0:0:10.0.0.1',
    '::808:808',
    '::8.8.8.8',
  ];
  it.each(refused)('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])('accepts %s', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    'http://127.0.0.1/hook',
    'http://10.0.0.5/hook',
    'http://192.168.0.10:8080/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::127.0.0.1]/hook',
    'http://[::7f00:1]/hook',
    'http://[fe80::1]/hook',
    'http://[fc00::1]/hook',
    'http://localhost:4370/hook',
  ])('refuses the URL %s', async (url) => {
    await expect(checkedAddress(url, { allowPrivate: false })).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('private, loopback or link-local'),
    });
  });

  it('refuses a name that resolves to loopback, and one of whose addresses is private', async () => {
    const resolve = async (host: string) =>
      host === 'rebind.example'
        ? [{ address: '127.0.0.1', family: 4 }]
        : [
            { address: '93.184.215.14', family: 4 },
            { address: '10.0.0.1', family: 4 },
          ];
    await expect(checkedAddress('https://rebind.example/x', { allowPrivate: false, resolve })).rejects.toThrow(
      webhookMessages.urlPrivate('rebind.example'),
    );
    await expect(checkedAddress('https://mixed.example/x', { allowPrivate: false, resolve })).rejects.toThrow(
      webhookMessages.urlPrivate('mixed.example'),
    );
  });

  it('accepts a public name and pins its checked address', async () => {
    const resolve = async () => [{ address: '93.184.215.14', family: 4 }];
    await expect(checkedAddress('https://partner.example/x', { allowPrivate: false, resolve })).resolves.toMatchObject({
      address: '93.184.215.14',
      family: 4,
    });
  });

  it('refuses what is not http(s), names that do not resolve, and credentials', async () => {
    await expect(checkedAddress('ftp://8.8.8.8/x', { allowPrivate: false })).rejects.toThrow(
      webhookMessages.urlInvalid,
    );
    await expect(checkedAddress('http://u:p@8.8.8.8/x', { allowPrivate: false })).rejects.toThrow(
      webhookMessages.urlCredentials,
    );
    const resolve = async () => [];
    await expect(checkedAddress('https://nowhere.example/x', { allowPrivate: false, resolve })).rejects.toThrow(
      webhookMessages.urlUnresolved('nowhere.example'),
    );
  });

  it('lets loopback through with ALLOW_PRIVATE_WEBHOOKS', async () => {
    await expect(checkedAddress('http://127.0.0.1:1/x', { allowPrivate: true })).resolves.toMatchObject({
      address: '127.0.0.1',
    });
  });
});

describe('delivering', () => {
  let server: http.Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url!);
      if (req.url === '/moved') return res.writeHead(302, { location: '/target' }).end();
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
      res.writeHead(200).end('x'.repeat(5_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const message = { msgId: 'msg_1', timestamp: 1, body: '{}' };
  const target = (path: string) => ({ url: base + path, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });

  it('does not follow a redirect: the 3xx is a failure with its status', async () => {
    const result = await deliverWebhook(target('/moved'), message, { allowPrivate: true });
    expect(result).toMatchObject({ ok: false, statusCode: 302, error: expect.stringContaining('not followed') });
    expect(hits).toEqual(['/moved']);
  });

  it('never connects to loopback without ALLOW_PRIVATE_WEBHOOKS', async () => {
    hits.length = 0;
    const result = await deliverWebhook(target('/ok'), message, { allowPrivate: false });
    expect(result).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('private') });
    expect(hits).toEqual([]);
  });

  it('keeps a short excerpt of the answer and gives up after the timeout', async () => {
    const ok = await deliverWebhook(target('/ok'), message, { allowPrivate: true });
    expect(ok).toMatchObject({ ok: true, statusCode: 200 });
    expect(ok.responseExcerpt!.length).toBe(200);
    const slow = await deliverWebhook(target('/slow'), message, { allowPrivate: true, timeoutMs: 200 });
    expect(slow).toMatchObject({ ok: false, statusCode: null, error: 'No answer within the time limit' });
  });
});
