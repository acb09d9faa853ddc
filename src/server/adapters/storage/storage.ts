import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** The spec's two buckets. */
export type Bucket = 'audio-files' | 'images';

export interface ReadResult {
  body: Readable;
  /** Size of the whole object. */
  size: number;
  contentType: string;
  /** Present when a range was read: inclusive byte offsets. */
  range?: { start: number; end: number };
}

export interface PutResult {
  key: string;
  size: number;
  url: string;
}

export interface StoredObject {
  key: string;
  modified: Date;
}

/** Where uploaded files live. Keys are server-generated and never reused. */
export interface Storage {
  put(key: string, body: Readable | Buffer, contentType: string): Promise<PutResult>;
  /** Reads an object, or the inclusive byte range of it. */
  read(key: string, range?: { start: number; end?: number }): Promise<ReadResult>;
  delete(key: string): Promise<void>;
  /** Every stored object with its last change (unfinished local writes included), for sweeping. */
  list(): AsyncIterable<StoredObject>;
  /** The key of a URL this storage produced, or null for a foreign URL. */
  keyFromUrl(url: string): string | null;
}

/** `{bucket}/{userId}/{timestamp}-{random}{.ext}`: unique, and never derived from user-chosen names beyond the extension. */
export function newFileKey(bucket: Bucket, userId: string, originalName: string, now = Date.now()): string {
  const ext = path
    .extname(originalName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '')
    .slice(0, 8);
  const safeUser = userId.replace(/[^A-Za-z0-9_-]/g, '');
  return `${bucket}/${safeUser}/${now}-${randomBytes(6).toString('hex')}${ext}`;
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.flac': 'audio/flac',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}
