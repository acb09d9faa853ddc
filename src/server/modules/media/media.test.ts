import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFileKey } from '../../adapters/storage/storage.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { computePeaks, readAudioFacts, UndecodableAudioError } from './audio-facts.js';

let t: TestApp;
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  url = (await t.storage.put(newFileKey('audio-files', 'user1', 'spot.MP3'), bytes, 'audio/mpeg')).url;
});
afterAll(() => t.close());

describe('storage keys', () => {
  it('are server-generated: user id, timestamp, random part, original extension', () => {
    const key = newFileKey('images', 'user/../x', 'my logo.PNG', 1700000000000);
    expect(key).toMatch(/^images\/userx\/1700000000000-[0-9a-f]{12}\.png$/);
    expect(newFileKey('images', 'u', 'a.png')).not.toBe(newFileKey('images', 'u', 'a.png'));
  });

  it('never overwrite an existing file', async () => {
    const key = newFileKey('images', 'u', 'a.png');
    await t.storage.put(key, Buffer.from('first'), 'image/png');
    await expect(t.storage.put(key, Buffer.from('second'), 'image/png')).rejects.toThrow(/EEXIST/);
    expect(await readFile(path.join(t.uploadsDir, key), 'utf8')).toBe('first');
  });
});

describe('GET /media/*', () => {
  it('serves the whole file with type, ETag and immutable caching', async () => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers a Range with 206 and the right Content-Range', async () => {
    const res = await t.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(tail.headers['content-range']).toBe('bytes 990-999/1000');
  });

  it('never compresses audio, so whole files and ranges stay byte-exact', async () => {
    const big = Buffer.alloc(8000, 'silence ');
    const bigUrl = (await t.storage.put(newFileKey('audio-files', 'user1', 'long.mp3'), big, 'audio/mpeg')).url;
    const headers = { 'accept-encoding': 'br, gzip' };
    const whole = await t.app.inject({ url: bigUrl, headers });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(big)).toBe(true);
    const part = await t.app.inject({ url: bigUrl, headers: { ...headers, range: 'bytes=2000-5999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(big.subarray(2000, 6000))).toBe(true);
  });

  it('answers an unsatisfiable Range with 416', async () => {
    const res = await t.app.inject({ url, headers: { range: 'bytes=5000-6000' } });
    expect(res.statusCode).toBe(416);
  });

  it('revalidates with the ETag', async () => {
    const etag = (await t.app.inject(url)).headers.etag as string;
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });

  it.each([
    '/media/../package.json',
    '/media/%2e%2e/%2e%2e/package.json',
    '/media/%2e%2e%2f%2e%2e%2fpackage.json',
    '/media/..%5c..%5cpackage.json',
    '/media//etc/passwd',
    '/media/%2Fetc%2Fpasswd',
    '/media/audio-files/../../../../etc/passwd',
  ])('never reads outside the uploads folder: %s', async (p) => {
    const res = await t.app.inject(p);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('root:');
    expect(res.body).not.toContain('"name": "adreplay"');
  });

  it('answers 404 for a missing file', async () => {
    expect((await t.app.inject('/media/audio-files/nobody/nothing.mp3')).statusCode).toBe(404);
  });
});

describe('audio facts', () => {
  it('reads duration and 40 normalised peaks from a real MP3', async () => {
    const [first] = (await import('node:fs')).readdirSync(path.join(SEED_ASSETS_DIR, 'audio'));
    const facts = await readAudioFacts(await readFile(path.join(SEED_ASSETS_DIR, 'audio', first!)));
    expect(facts.durationMs).toBeGreaterThan(5_000);
    expect(facts.durationMs).toBeLessThan(60_000);
    expect(facts.peaks).toHaveLength(40);
    expect(Math.max(...facts.peaks)).toBe(1);
    expect(facts.peaks.every((p) => p >= 0 && p <= 1)).toBe(true);
  });

  it('refuses bytes that are not audio', async () => {
    await expect(readAudioFacts(Buffer.from('this is not an mp3 at all'.repeat(100)))).rejects.toBeInstanceOf(
      UndecodableAudioError,
    );
  });

  it('computes peaks per bar', () => {
    const samples = new Float32Array(400).map((_, i) => (i < 200 ? 0.5 : -0.25));
    const peaks = computePeaks(samples);
    expect(peaks.slice(0, 20).every((p) => p === 1)).toBe(true);
    expect(peaks.slice(20).every((p) => p === 0.5)).toBe(true);
  });
});
