import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../../errors.js';
import { receiveFile, type ReceivedFile } from '../media/upload.js';

/** The station's logo from a multipart request: one image in the `logo` field, checked as an ad's logo. */
export async function readLogo(req: FastifyRequest): Promise<ReceivedFile> {
  const part = await req.file();
  if (!part || part.fieldname !== 'logo') {
    if (part) part.file.resume();
    throw new BadRequestError('Send the logo as an image in the logo field');
  }
  return receiveFile(part, 'logo');
}
