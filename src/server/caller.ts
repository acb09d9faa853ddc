import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from './errors.js';

/** Who is calling: the user of a session cookie or of an API key (then with the key's id). */
export interface Caller {
  userId: string;
  keyId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook (requireUser) or the API key hook (requireApiKey). */
    auth?: Caller;
  }
}

/** The caller of a route behind either hook; services take its userId, whichever way it signed in. */
export function callerOf(req: FastifyRequest): Caller {
  if (!req.auth) throw new UnauthorizedError();
  return req.auth;
}
