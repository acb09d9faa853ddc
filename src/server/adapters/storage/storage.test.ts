import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startS3rver } from '../../test/s3.js';
import { createStorage } from './index.js';
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
let s3: Awaited<ReturnType<typeof startS3rver>>;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'adreplay-storage-'));
  s3 = await startS3rver(tmp);
});
afterAll(async () => {
  await s3.close();
  await rm(tmp, { recursive: true, force: true });
});

const adapters: [string, () => Storage][] = [
  ['local folder', () => createLocalStorage(path.join(tmp, 'local'))],
  [
    'S3-compatible server',
    () =>
      createS3Storage({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        publicUrl: `${s3.endpoint}/${s3.bucket}`,
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

describe('createStorage', () => {
  it('uses the local folder DATA_DIR/uploads when no S3 store is configured', async () => {
    const storage = createStorage(loadConfig({ DATA_DIR: tmp }));
    expect(storage).toHaveProperty('root', path.join(tmp, 'uploads'));
    expect(storage).not.toHaveProperty('client');
    const { url } = await storage.put(newFileKey('images', 'user2', 'a.png'), content, 'image/png');
    expect(url).toMatch(/^\/media\/images\/user2\//);
  });

  it('uses the S3-compatible store when S3_* is configured, and files land in its bucket', async () => {
    const storage = createStorage(loadConfig({ DATA_DIR: tmp, ...s3.env }));
    expect(storage).toHaveProperty('client');
    expect(storage).not.toHaveProperty('root');
    const key = newFileKey('images', 'user2', 'a.png');
    const { url } = await storage.put(key, content, 'image/png');
    expect(url).toBe(`${s3.env.S3_PUBLIC_URL}/${key}`);
    expect((await fetch(url)).status).toBe(200);
  });
});
