import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the service received: the path, the headers and the multipart fields (parsed by undici). */
export interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | null;
}

export type TranscriberHandler = (
  res: ServerResponse,
  received: ReceivedRequest,
  req: IncomingMessage,
) => void | Promise<void>;

/** OpenAI's verbose_json answer for lines spoken `step` seconds apart, with the fields clients need not read. */
export function verboseAnswer(lines: string[], step = 3) {
  return {
    task: 'transcribe',
    language: 'english',
    duration: lines.length * step,
    text: lines.map((l) => ` ${l}`).join(''),
    segments: lines.map((text, id) => ({
      id,
      seek: 0,
      start: id * step,
      end: (id + 1) * step,
      text: ` ${text}`,
      tokens: [50364 + id],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.1,
      no_speech_prob: 0.01,
    })),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * A local speech-to-text service speaking POST /v1/audio/transcriptions as OpenAI documents it: it
 * records each request and answers with `handler` (set it per test; the default answers `lines`).
 */
export async function startFakeTranscriber(lines: string[] = ['Hello from the fake service.']) {
  const received: ReceivedRequest[] = [];
  const state: { handler: TranscriberHandler } = {
    handler: (res) => sendJson(res, 200, verboseAnswer(lines)),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
          return sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
        }
        const form = await new Request(`http://fake${req.url}`, {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        })
          .formData()
          .catch(() => null);
        if (!form) return sendJson(res, 400, { error: { message: 'Could not parse multipart form' } });
        const fields: Record<string, string> = {};
        let file: ReceivedRequest['file'] = null;
        for (const [name, value] of form) {
          if (typeof value === 'string') fields[name] = value;
          else file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
        }
        const r: ReceivedRequest = {
          path: req.url,
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          fields,
          file,
        };
        received.push(r);
        await state.handler(res, r, req);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** The base URL to give as TRANSCRIBE_URL. */
    url: `${origin}/v1`,
    received,
    /** Answers the next requests with `handler`. */
    answer(handler: TranscriberHandler) {
      state.handler = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeTranscriber = Awaited<ReturnType<typeof startFakeTranscriber>>;
