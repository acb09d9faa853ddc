import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { identifyMessages } from '../../../shared/identify.js';
import { BadRequestError } from '../../errors.js';
import { isAudioFormat, type AudioFormat } from '../media/audio-facts.js';
import { receiveFile } from '../media/upload.js';

/**
 * The recording of a multipart identify request: its one `file` part, read under the audio upload's rules
 * (size checked while it streams, format by its bytes). Other fields are ignored.
 */
export async function readRecording(req: FastifyRequest): Promise<{ bytes: Buffer; format: AudioFormat }> {
  if (!req.isMultipart()) throw new BadRequestError(identifyMessages.fileRequired);
  let recording: { bytes: Buffer; format: AudioFormat } | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'field') continue;
    if (part.fieldname !== 'file' || recording) {
      part.file.resume();
      continue;
    }
    const file = await receiveFile(part, 'audio');
    const format = path.extname(file.originalName).slice(1);
    if (isAudioFormat(format)) recording = { bytes: file.bytes, format };
  }
  if (!recording) throw new BadRequestError(identifyMessages.fileRequired);
  return recording;
}
