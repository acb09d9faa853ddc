import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/** The header a request id arrives and leaves in (a load balancer's or a client's own, else ours). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it is short and plain (a UUID, a trace id, an ALB's `Root=1-…`): it is
 * echoed in a header, written to the log and shown on error pages, so anything else is replaced.
 */
const SAFE_REQUEST_ID = /^[\w.:;=+/@-]{1,64}$/;

/** Fastify's genReqId: the incoming X-Request-Id when it is safe, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** A request's route as declared ('/api/ads/:slug'), never its raw URL; '(none)' when no route matched. */
export const routeOf = (req: FastifyRequest): string => req.routeOptions.url ?? '(none)';

/**
 * Fastify's request lines, as one line per request when it ends, under the logger's `requestId`: method,
 * route pattern, status and milliseconds (an answer cut off mid-way at error level, with why). A route's own
 * logLevel ('warn' for the load balancers' /api/ping) keeps its lines out.
 */
export class RequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: req.method,
      route: routeOf(req),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) req.log.error({ ...line, err: error }, 'request errored');
    else req.log.info(line, 'request');
  }
}

/** Every answer carries its request id. Not encapsulated (fastify-plugin): the whole app. */
export const returnRequestId = fastifyPlugin(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (req, reply) => void reply.header(REQUEST_ID_HEADER, req.id));
  },
  { name: 'request-id' },
);
