import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../shared/errors.js';
import { createTestApp, type TestApp } from './test/harness.js';

let t: TestApp;
let origin: string;
const log: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough().on('data', (chunk: Buffer) => log.push(chunk.toString()));
  t = await createTestApp({ LOG_LEVEL: 'info' }, { requestTimeoutMs: 1_000, logStream });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Opens a connection, writes `first`, then `more` every 100 ms until the server closes it; resolves to what it answered. */
function talk(first: string | Buffer, more?: string) {
  const { port } = new URL(origin);
  const socket = net.connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  socket.on('error', () => {});
  socket.write(first);
  const trickle = more ? setInterval(() => socket.writable && socket.write(more), 100) : undefined;
  const started = Date.now();
  return new Promise<{ status: number; body: unknown; ms: number }>((resolve) =>
    socket.on('close', () => {
      clearInterval(trickle);
      const [head, body] = answer.split('\r\n\r\n');
      resolve({ status: Number(head!.split(' ')[1]), body: JSON.parse(body!), ms: Date.now() - started });
    }),
  );
}

describe('a client that does not speak HTTP properly', () => {
  it('is answered 408 and let go when it trickles its request past the limit, while others are served', async () => {
    const slow = talk(
      'POST /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"ad',
      ' ',
    );
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${origin}/api/ads?limit=1`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
    }
    const { status, body, ms } = await slow;
    expect(status).toBe(408);
    expect(ErrorBody.parse(body)).toEqual({
      statusCode: 408,
      code: 'REQUEST_TIMEOUT',
      error: 'Request Timeout',
      message: 'The request took too long to arrive',
    });
    expect(ms).toBeGreaterThanOrEqual(1_000);
    expect(ms).toBeLessThan(5_000);
    // The body it never finished is the client's fault, not an outage of the database (ECONNRESET).
    await new Promise((r) => setTimeout(r, 100));
    expect(log.join('')).not.toContain('request failed');
  });

  it('gets the one error body for headers too large and for bytes that are not HTTP', async () => {
    const big = await talk(`GET /api/ads HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(big.body).toMatchObject({ statusCode: 431, code: 'VALIDATION_FAILED' });
    const garbage = await talk('HELLO THERE\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(ErrorBody.parse(garbage.body)).toMatchObject({ statusCode: 400, message: 'The request is not valid HTTP' });
  });
});
