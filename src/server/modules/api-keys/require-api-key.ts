import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyMessages } from '../../../shared/api-keys.js';
import { UnauthorizedError } from '../../errors.js';
import type { ApiKeysService } from './api-keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a public API request was made with. */
    apiKey?: { keyId: string; userId: string };
  }
}

export class InvalidApiKeyError extends UnauthorizedError {
  constructor() {
    super(apiKeyMessages.invalid);
  }
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * The hook of every public API route: `Authorization: Bearer <key>` and nothing else (no cookie, so
 * no session can be ridden by another site, and no Origin check is needed: browsers never attach
 * this header by themselves). Session endpoints never read it, so a key opens only the public API.
 */
export function createRequireApiKey(apiKeys: ApiKeysService) {
  return async function requireApiKey(req: FastifyRequest, reply: FastifyReply) {
    const key = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const found = key ? await apiKeys.authenticate(key) : null;
    if (!found) {
      reply.header('WWW-Authenticate', 'Bearer realm="AdReplay API"');
      throw new InvalidApiKeyError();
    }
    req.apiKey = found;
  };
}
export type RequireApiKey = ReturnType<typeof createRequireApiKey>;
