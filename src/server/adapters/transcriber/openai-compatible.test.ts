import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  sendJson as json,
  startFakeTranscriber,
  type FakeTranscriber,
  type TranscriberHandler,
} from '../../test/fake-transcriber.js';
import { createOpenAiCompatibleTranscriber, retryAfterMs, transcriptionsUrl } from './openai-compatible.js';
import { TranscriberError, type AudioFile } from './transcriber.js';

let fake: FakeTranscriber;
beforeAll(async () => {
  fake = await startFakeTranscriber();
  fake.answer((res, r, req) => handler(res, r, req));
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
});
/** How the service answers in the test under way. */
let handler: TranscriberHandler;

const AUDIO: AudioFile = {
  bytes: Buffer.from('ID3\x04\x00 not really an mp3, but bytes the service must receive as they are'),
  filename: 'spot.mp3',
  contentType: 'audio/mpeg',
};

/** OpenAI's verbose_json answer, with the fields a client does not need as well. */
const VERBOSE = {
  task: 'transcribe',
  language: 'english',
  duration: 7.5,
  text: ' Good morning, Portland! Your second latte is free.',
  segments: [
    {
      id: 0,
      seek: 0,
      start: 0.0,
      end: 3.2,
      text: ' Good morning, Portland!',
      tokens: [50364, 2205],
      temperature: 0.0,
      avg_logprob: -0.2,
      compression_ratio: 1.1,
      no_speech_prob: 0.01,
    },
    { id: 1, seek: 0, start: 3.2, end: 7.5, text: ' Your second latte is free.', tokens: [1], temperature: 0 },
  ],
};

const transcriber = (opts: { apiKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  createOpenAiCompatibleTranscriber({
    baseUrl: opts.baseUrl ?? fake.url,
    apiKey: opts.apiKey,
    model: 'whisper-1',
    timeoutMs: opts.timeoutMs,
  });

/** The TranscriberError a call ends with. */
async function failure(call: Promise<unknown>): Promise<TranscriberError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TranscriberError);
  return err as TranscriberError;
}

describe('the OpenAI-compatible transcriber', () => {
  it('posts the file, model and verbose_json as multipart with the bearer key, and reads the timed lines', async () => {
    handler = (res) => json(res, 200, VERBOSE);
    const result = await transcriber({ apiKey: 'sk-test-123' }).transcribe(AUDIO);

    expect(fake.received).toHaveLength(1);
    const r = fake.received[0]!;
    expect(r.path).toBe('/v1/audio/transcriptions');
    expect(r.authorization).toBe('Bearer sk-test-123');
    expect(r.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(r.fields).toEqual({ model: 'whisper-1', response_format: 'verbose_json' });
    expect(r.file).toEqual({ name: 'spot.mp3', type: 'audio/mpeg', bytes: Buffer.from(AUDIO.bytes) });

    expect(result).toEqual({
      text: 'Good morning, Portland!\nYour second latte is free.',
      segments: [
        { start: 0, end: 3.2, text: 'Good morning, Portland!' },
        { start: 3.2, end: 7.5, text: 'Your second latte is free.' },
      ],
    });
  });

  it('sends no Authorization header without a key, and takes the text alone when there are no segments', async () => {
    handler = (res) => json(res, 200, { text: ' Just words. ' });
    expect(await transcriber().transcribe(AUDIO)).toEqual({ text: 'Just words.', segments: null });
    expect(fake.received[0]!.authorization).toBeUndefined();
  });

  it('reads the nanoseconds LocalAI writes as seconds', async () => {
    handler = (res) =>
      json(res, 200, {
        text: 'One. Two.',
        segments: [
          { id: 0, start: 0, end: 1_500_000_000, text: 'One.', tokens: [] },
          { id: 1, start: 1_500_000_000, end: 3_000_000_000, text: 'Two.', tokens: [] },
        ],
      });
    expect((await transcriber().transcribe(AUDIO)).segments).toEqual([
      { start: 0, end: 1.5, text: 'One.' },
      { start: 1.5, end: 3, text: 'Two.' },
    ]);
  });

  it('posts to {base}/audio/transcriptions, a bare origin getting /v1', () => {
    expect(transcriptionsUrl('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(transcriptionsUrl('https://api.groq.com/openai/v1/')).toBe(
      'https://api.groq.com/openai/v1/audio/transcriptions',
    );
    expect(transcriptionsUrl('http://localhost:8000')).toBe('http://localhost:8000/v1/audio/transcriptions');
  });

  it('gives up on a slow service after its timeout, as a failure worth retrying', async () => {
    handler = (res) => void setTimeout(() => json(res, 200, VERBOSE), 1_000);
    const started = Date.now();
    const err = await failure(transcriber({ timeoutMs: 150 }).transcribe(AUDIO));
    expect(Date.now() - started).toBeLessThan(900);
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('no answer within 0.15 s');
  });

  it("retries a 429 after the service's Retry-After (seconds or a date)", async () => {
    handler = (res) => json(res, 429, { error: { message: 'Rate limit reached' } }, { 'retry-after': '7' });
    const err = await failure(transcriber().transcribe(AUDIO));
    expect(err).toMatchObject({ retryable: true, retryAfterMs: 7_000 });
    expect(err.message).toBe('the service answered 429: Rate limit reached');

    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  it('retries a failing service (5xx) and a 408', async () => {
    for (const status of [500, 502, 503, 408]) {
      handler = (res) => json(res, status, 'upstream trouble');
      const err = await failure(transcriber().transcribe(AUDIO));
      expect(err.retryable, String(status)).toBe(true);
      expect(err.message).toBe(`the service answered ${status}`);
    }
  });

  it("does not retry a refusal of the request itself (400, 401, 413), and says the service's reason", async () => {
    handler = (res) =>
      json(res, 400, { error: { message: 'Invalid file format.', type: 'invalid_request_error', code: null } });
    const bad = await failure(transcriber().transcribe(AUDIO));
    expect(bad.retryable).toBe(false);
    expect(bad.message).toBe('the service answered 400: Invalid file format.');
    handler = (res) => json(res, 413, { detail: 'Maximum content size limit exceeded' });
    expect(await failure(transcriber().transcribe(AUDIO))).toMatchObject({
      retryable: false,
      message: 'the service answered 413: Maximum content size limit exceeded',
    });
    // OpenAI's 401 quotes part of the key: the message the owner may see leaves it out.
    handler = (res) => json(res, 401, { error: { message: 'Incorrect API key provided: sk-te*****123.' } });
    expect(await failure(transcriber({ apiKey: 'sk-test-123' }).transcribe(AUDIO))).toMatchObject({
      retryable: false,
      message: "the service refused this server's key (401)",
    });
  });

  it('retries an answer that is not JSON, or not a transcription', async () => {
    handler = (res) => json(res, 200, '{"text": "cut off');
    expect(await failure(transcriber().transcribe(AUDIO))).toMatchObject({
      retryable: true,
      message: 'the answer is not JSON',
    });
    handler = (res) => json(res, 200, { text: 'x', segments: [{ start: '0', end: 1, text: 'x' }] });
    const shape = await failure(transcriber().transcribe(AUDIO));
    expect(shape.retryable).toBe(true);
    expect(shape.message).toMatch(/^the answer is not a transcription/);
    handler = (res) => json(res, 200, { transcript: 'wrong field' });
    expect((await failure(transcriber().transcribe(AUDIO))).retryable).toBe(true);
  });

  it('retries when the service cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(transcriber({ baseUrl: `http://127.0.0.1:${port}/v1` }).transcribe(AUDIO));
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/^the service could not be reached/);
  });
});
