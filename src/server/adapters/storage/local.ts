import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOf, type PutResult, type Storage, type StoredObject } from './storage.js';

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
      // Written under a hidden temporary name (never served: dotfiles are denied), then linked to its
      // key whole: a crash mid-write leaves no partial file under a real name, only a temporary one
      // that the start-up sweep removes. link() fails if the key exists: an upload never overwrites another.
      const temp = path.join(path.dirname(full), `.${path.basename(full)}.${randomBytes(4).toString('hex')}.part`);
      let size = 0;
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      source.on('data', (chunk: Buffer) => (size += chunk.length));
      try {
        await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
        await link(temp, full);
      } finally {
        await rm(temp, { force: true });
      }
      return { key, size, url: MEDIA_PREFIX + key };
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
    async *list(): AsyncIterable<StoredObject> {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const modified = await stat(full).then(
          (s) => s.mtime,
          () => null,
        );
        if (modified) yield { key: path.relative(root, full).split(path.sep).join('/'), modified };
      }
    },
    keyFromUrl: (url) => (url.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : null),
  };
}
