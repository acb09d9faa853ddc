import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CreatedWebhookEndpoint } from '../../../shared/webhooks.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { startFakeTranscriber, type FakeTranscriber } from '../../test/fake-transcriber.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { sendForm } from '../../test/multipart.js';
import { signUpUser } from '../../test/session.js';

/** transcript.ready: the automatic transcription (a local speech-to-text service) finishing an ad's audio. */
let t: TestApp;
let fake: FakeTranscriber;
let receiver: http.Server;
let receiverUrl: string;
const received: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url!, headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  fake = await startFakeTranscriber(['Fresh bread every morning.']);
  t = await createTestApp({
    TRANSCRIBE_URL: fake.url,
    TRANSCRIBE_API_KEY: 'test-transcribe-key',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await new Promise((resolve) => receiver.close(resolve));
});

it('emits transcript.ready once, with the transcript, when the transcription is written', async () => {
  const u = await signUpUser(t);
  const headers = { cookie: u.cookie, origin: t.config.PUBLIC_ORIGIN };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/my/webhooks',
    headers,
    payload: { url: `${receiverUrl}/t`, events: ['transcript.ready'] },
  });
  const endpoint = res.json() as CreatedWebhookEndpoint;
  const mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'));
  const created = await sendForm(t, 'POST', '/api/my/ads', u.cookie, [
    ['title', 'Morning Spot'],
    ['business_name', 'Harbor Bakery'],
    ['category', 'Food & Dining'],
    ['audio', { bytes: mp3, filename: 'spot.mp3', type: 'audio/mpeg' }],
  ]);
  expect(created.statusCode, created.body).toBe(201);
  const end = Date.now() + 20_000;
  while (received.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 500));
  expect(received).toHaveLength(1);
  const payload = new Webhook(endpoint.secret).verify(
    received[0]!.body,
    received[0]!.headers as Record<string, string>,
  ) as { type: string; data: { ad: { id: string; transcript: string } } };
  expect(payload.type).toBe('transcript.ready');
  expect(payload.data.ad).toMatchObject({ id: created.json().id, transcript: 'Fresh bread every morning.' });
});
