import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyMessages } from '../../../shared/api-keys.js';
import type {} from '../../caller.js';
import { UnauthorizedError } from '../../errors.js';
import { PRIVATE_NO_STORE } from '../../security-headers.js';
import type { ApiKeysService } from './api-keys.service.js';

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
    void reply.header('cache-control', PRIVATE_NO_STORE);
    const key = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const found = key ? await apiKeys.authenticate(key) : null;
    if (!found) {
      reply.header('WWW-Authenticate', 'Bearer realm="AdReplay API"');
      throw new InvalidApiKeyError();
    }
    req.auth = found;
  };
}
export type RequireApiKey = ReturnType<typeof createRequireApiKey>;
