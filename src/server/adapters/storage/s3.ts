import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { PutResult, Storage, StoredObject } from './storage.js';

export interface S3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Public base URL of the bucket (CDN or the endpoint's bucket URL). */
  publicUrl: string;
}

/** Any S3-compatible object store. Files are public and immutable: keys are never reused. */
export function createS3Storage(opts: S3Options): Storage & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: Boolean(opts.endpoint),
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
  });
  const base = opts.publicUrl.replace(/\/+$/, '') + '/';
  return {
    client,
    async put(key, body, contentType): Promise<PutResult> {
      const buffer = Buffer.isBuffer(body) ? body : await streamToBuffer(body);
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          Body: buffer,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return { key, size: buffer.length, url: base + key };
    },
    async read(key, range) {
      const res = await client.send(
        new GetObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const body = res.Body as Readable;
      const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : Number(res.ContentLength);
      const match = res.ContentRange && /bytes (\d+)-(\d+)\//.exec(res.ContentRange);
      return {
        body,
        size: total,
        contentType: res.ContentType ?? 'application/octet-stream',
        ...(match ? { range: { start: Number(match[1]), end: Number(match[2]) } } : {}),
      };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
    },
    async *list(): AsyncIterable<StoredObject> {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: opts.bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, modified: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    keyFromUrl: (url) => (url.startsWith(base) ? url.slice(base.length) : null),
  };
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
