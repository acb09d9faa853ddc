import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf, type PutResult, type Storage } from './storage.js';

export const MEDIA_PREFIX = '/media/';

/** Files in a local folder, served by the media module under /media/. */
export function createLocalStorage(root: string): Storage & { root: string } {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    root,
    async put(key, body): Promise<PutResult> {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // 'wx' fails if the file exists: an upload never overwrites another.
      const out = createWriteStream(full, { flags: 'wx' });
      let size = 0;
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      source.on('data', (chunk: Buffer) => (size += chunk.length));
      try {
        await pipeline(source, out);
      } catch (err) {
        // Remove a partial write, but never a file that was there before.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await rm(full, { force: true });
        throw err;
      }
      return { key, size, url: this.publicUrl(key) };
    },
    async read(key, range) {
      const full = resolve(key);
      const { size } = await stat(full);
      const end = range ? Math.min(range.end ?? size - 1, size - 1) : size - 1;
      const start = range?.start ?? 0;
      return {
        body: createReadStream(full, { start, end }),
        size,
        contentType: contentTypeOf(key),
        ...(range ? { range: { start, end } } : {}),
      };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    publicUrl: (key) => MEDIA_PREFIX + key,
    keyFromUrl: (url) => (url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : null),
  };
}
