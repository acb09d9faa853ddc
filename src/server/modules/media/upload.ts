import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { adMessages, fileMessages, FILE_RULES, maxBytesOf, type FileField } from '../../../shared/ads.js';
import { LOGO_MAX_MEGAPIXELS, LOGO_MAX_SIDE_PX } from '../../../shared/limits.js';
import { newFileKey, type Bucket, type Storage } from '../../adapters/storage/storage.js';
import { AppError, BadRequestError } from '../../errors.js';
import {
  audioFormatOf,
  AudioRefusedError,
  isAudioFormat,
  MIME_OF,
  type AudioFacts,
  type AudioFormat,
} from './audio-facts.js';
import { analyseAudio, audioCallerOf } from './audio-analyser.js';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

export class FileTooLargeError extends AppError {
  constructor(maxMb: number) {
    super(413, fileMessages.tooLarge(maxMb));
  }
}
export class InvalidFileTypeError extends AppError {
  constructor(kind: 'audio' | 'image') {
    super(415, fileMessages.invalidType(kind));
  }
}

/**
 * The store refused a checked file. The spec's thrown texts ('Audio upload failed: {message}') name
 * the bucket, which is what the form's failure table matches on; the store's own error stays in the log.
 */
export class UploadFailedError extends AppError {
  constructor(bucket: Bucket, cause: unknown) {
    const detail = `the file could not be stored in ${bucket}`;
    super(500, bucket === 'audio-files' ? adMessages.audioUploadFailed(detail) : adMessages.imageUploadFailed(detail));
    this.cause = cause;
  }
}

export interface ReceivedFile {
  field: FileField;
  bytes: Buffer;
  mime: string;
  originalName: string;
}

/**
 * A pixel-flood bound: the dimensions an image declares in its header, read before anything decodes
 * it (a browser showing a 20000x20000 logo would need 1.6 GB).
 */
function assertImageDimensions(bytes: Buffer) {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new InvalidFileTypeError('image');
  }
  const { width = 0, height = 0 } = size;
  if (!width || !height) throw new InvalidFileTypeError('image');
  if (width > LOGO_MAX_SIDE_PX || height > LOGO_MAX_SIDE_PX || width * height > LOGO_MAX_MEGAPIXELS * 1_000_000) {
    throw new BadRequestError(fileMessages.imageTooLarge);
  }
}

/** The accepted audio format the bytes are (whatever their name says), or null. */
export async function detectAudioFormat(bytes: Uint8Array): Promise<AudioFormat | null> {
  const ext = (await fileTypeFromBuffer(bytes))?.ext ?? '';
  return isAudioFormat(ext) ? ext : null;
}

/**
 * Reads one uploaded file part, stopping as soon as it passes its size limit (nothing more is read),
 * then checks what the bytes really are: the browser's declared type proves nothing. The part's field
 * names its rules, unless `as` says which (a field of another name taking an audio file).
 */
export async function receiveFile(part: MultipartFile, as?: FileField): Promise<ReceivedFile> {
  const field = as ?? (part.fieldname as FileField);
  const rule = FILE_RULES[field];
  if (!rule) {
    for await (const _ of part.file); // drain
    throw new BadRequestError(`Unexpected file field: ${part.fieldname}`);
  }
  const limit = maxBytesOf(field);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    // Stop reading here: the caller answers at once and closes the connection (see readAdForm).
    if (size > limit) throw new FileTooLargeError(rule.maxMb);
    chunks.push(chunk as Buffer);
  }
  // The multipart parser also stops at its own hard limit and marks the file truncated.
  if (part.file.truncated) throw new FileTooLargeError(rule.maxMb);
  const bytes = Buffer.concat(chunks);
  const detected = await fileTypeFromBuffer(bytes);
  if (rule.kind === 'audio') {
    const format = audioFormatOf(detected?.ext);
    if (!format) throw new InvalidFileTypeError('audio');
    return { field, bytes, mime: MIME_OF[format], originalName: `${field}.${format}` };
  }
  if (!detected || !IMAGE_TYPES.has(detected.mime)) throw new InvalidFileTypeError(rule.kind);
  assertImageDimensions(bytes);
  // The stored name takes the extension of what the bytes are, so a PNG named x.html stays a .png.
  return { field, bytes, mime: detected.mime, originalName: `${field}.${detected.ext}` };
}

export interface StoredAudio {
  url: string;
  key: string;
  size: number;
  mime: string;
  facts: AudioFacts;
}

/** Stores checked files and returns what the ad row needs. `cleanup` removes them again on failure. */
export function createUploader(storage: Storage) {
  const stored: string[] = [];
  async function putIn(bucket: Bucket, userId: string, file: ReceivedFile) {
    let put;
    try {
      put = await storage.put(newFileKey(bucket, userId, file.originalName), file.bytes, file.mime);
    } catch (err) {
      throw new UploadFailedError(bucket, err);
    }
    stored.push(put.key);
    return put;
  }
  return {
    async storeAudio(userId: string, file: ReceivedFile): Promise<StoredAudio> {
      const format = path.extname(file.originalName).slice(1);
      if (!isAudioFormat(format)) throw new InvalidFileTypeError('audio');
      let facts: AudioFacts;
      try {
        facts = await analyseAudio(file.bytes, format, audioCallerOf(userId), { fingerprint: true });
      } catch (err) {
        if (err instanceof AudioRefusedError) throw new BadRequestError(err.message);
        throw err;
      }
      const put = await putIn('audio-files', userId, file);
      return { url: put.url, key: put.key, size: put.size, mime: file.mime, facts };
    },
    storeImage: (userId: string, file: ReceivedFile) => putIn('images', userId, file),
    async cleanup() {
      await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
    },
  };
}
