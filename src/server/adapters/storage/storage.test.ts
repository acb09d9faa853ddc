import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import { newFileKey, type Storage } from './storage.js';

async function text(stream: Readable) {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

const content = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');
let tmp: string;
let s3server: S3rver;
let s3Endpoint: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'adreplay-storage-'));
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'adreplay-test', configs: [] }],
  });
  const { port } = await s3server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3server.close();
  await rm(tmp, { recursive: true, force: true });
});

const adapters: [string, () => Storage][] = [
  ['local folder', () => createLocalStorage(path.join(tmp, 'local'))],
  [
    'S3-compatible server',
    () =>
      createS3Storage({
        endpoint: s3Endpoint,
        bucket: 'adreplay-test',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        publicUrl: `${s3Endpoint}/adreplay-test`,
      }),
  ],
];

describe.each(adapters)('%s storage', (_name, make) => {
  it('puts, reads whole and by range, and deletes', async () => {
    const storage = make();
    const key = newFileKey('audio-files', 'user1', 'ad.mp3');
    const put = await storage.put(key, content, 'audio/mpeg');
    expect(put).toMatchObject({ key, size: content.length });
    expect(storage.keyFromUrl(put.url)).toBe(key);

    const whole = await storage.read(key);
    expect(whole.size).toBe(content.length);
    expect(whole.contentType).toBe('audio/mpeg');
    expect(await text(whole.body)).toBe(content.toString());

    const part = await storage.read(key, { start: 10, end: 15 });
    expect(part.range).toEqual({ start: 10, end: 15 });
    expect(part.size).toBe(content.length);
    expect(await text(part.body)).toBe('abcdef');

    await storage.delete(key);
    await expect(storage.read(key)).rejects.toThrow();
  });

  it('serves files from its public URL', async () => {
    const storage = make();
    const key = newFileKey('images', 'user1', 'logo.png');
    const { url } = await storage.put(key, content, 'image/png');
    if (url.startsWith('http')) {
      const res = await fetch(url, { headers: { range: 'bytes=0-3' } });
      expect(res.status).toBe(206);
      expect(await res.text()).toBe('0123');
    } else {
      expect(url).toBe(`/media/${key}`);
    }
  });
});
