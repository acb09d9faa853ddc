import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { z } from 'zod';
import { errorCodeOfStatus, type ErrorBody, type ErrorCode } from '../shared/errors.js';
import { isDatabaseUnavailable, loggableDbError } from './db/errors.js';
import { REQUEST_ID_HEADER } from './request-log.js';

/** One error type per kind of domain failure; the handler below answers each with its status and code. */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    code?: ErrorCode,
    /** Whole seconds after which trying again makes sense: sent as Retry-After and in the body. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.code = code ?? errorCodeOfStatus(statusCode);
  }
}
export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message, 'VALIDATION_FAILED');
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'You must be signed in') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string, code: ErrorCode = 'FORBIDDEN') {
    super(403, message, code);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
/** An ad that moderation hides (decision 44): 451, with the short notice its page and embed show. */
export class AdRemovedError extends AppError {
  constructor(message: string) {
    super(451, message, 'AD_REMOVED');
  }
}
/** Too many requests: 429, with Retry-After when the wait is ours to tell (sign-in throttling). */
export class RateLimitedError extends AppError {
  constructor(message: string, retryAfter?: number) {
    super(429, message, 'RATE_LIMITED', retryAfter === undefined ? undefined : Math.max(1, Math.ceil(retryAfter)));
  }
}

/** The refusal of every @fastify/rate-limit instance (which sends its own Retry-After): one shape, the limit's own words. */
export const rateLimitError = (message: string) => () => new RateLimitedError(message);

export class ServiceUnavailableError extends AppError {
  constructor(message: string, retryAfter: number) {
    super(503, message, 'UNAVAILABLE', retryAfter);
  }
}

/** What a request answers while the database cannot be reached, and how soon to ask again. */
export const DATABASE_UNAVAILABLE = {
  message: 'The service is briefly unavailable. Please try again in a moment.',
  retryAfter: 5,
} as const;

/** A failed parse as the 400 message: the first problem, named by its field. */
export function issueMessage(error: z.ZodError): string {
  const issue = innermost(error.issues[0]!);
  const field = issue.path.join('.');
  return field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
}

/**
 * A union that no option accepts says only 'Invalid input'. When all options but one refused the value's
 * very type (an object sent where one option takes an array), that one option's first problem is what went
 * wrong, with its own message.
 */
function innermost(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return issue;
  const wrongType = (issues: z.core.$ZodIssue[]) =>
    issues.length === 1 && issues[0]!.code === 'invalid_type' && issues[0]!.path.length === 0;
  const fitting = issue.errors.filter((issues) => issues.length && !wrongType(issues));
  if (fitting.length !== 1) return issue;
  const inner = innermost(fitting[0]![0]!);
  return { ...inner, path: [...issue.path, ...inner.path] };
}

/** Parses request input with a shared contract; the first problem becomes the 400 message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new BadRequestError(issueMessage(result.error));
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The one error body: `{ statusCode, code, error, message }`, and `retryAfter` (seconds) when there is a wait. */
export function errorBody(
  statusCode: number,
  message: string,
  code = errorCodeOfStatus(statusCode),
  retryAfter?: number,
): ErrorBody {
  return {
    statusCode,
    code,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message,
    ...(retryAfter !== undefined && { retryAfter }),
  };
}

/**
 * The page a browser gets for a failed request to a page of the site or the embed (HTML with the failure's
 * status; `message` is what the error body would say), or undefined for anything else; see pageForError in
 * the SEO module and embedFailurePage in the embed module.
 */
export type ErrorPage = (request: FastifyRequest, statusCode: number, message: string) => string | undefined;

/** Answers a failure with the one error body, or, for a browser asking for a page, with the app's own page. */
export function answerError(
  caught: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
  errorPage?: ErrorPage,
): void {
  // A lost database is an outage, not a bug: the client is told when to come back. (A client's own lost
  // connection, ECONNRESET while its body arrives, is a 400 Fastify has already named.)
  const clientFault = typeof caught.statusCode === 'number' && caught.statusCode < 500;
  const err =
    !clientFault && isDatabaseUnavailable(caught)
      ? new ServiceUnavailableError(DATABASE_UNAVAILABLE.message, DATABASE_UNAVAILABLE.retryAfter)
      : caught;
  const statusCode = err instanceof AppError ? err.statusCode : (err.statusCode ?? 500);
  const expected = err instanceof AppError;
  // Every server-side failure is logged, ours too (an UploadFailedError carries the store's error as cause);
  // a failed query without the values it was given, which are the users' data.
  if (statusCode >= 500) request.log.error({ err: loggableDbError(caught) }, 'request failed');
  const retryAfter = expected ? err.retryAfter : undefined;
  // Also here: a request the router refused (frameworkErrors) has run no hook.
  void reply.header(REQUEST_ID_HEADER, request.id);
  if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
  // Our own errors say what happened; an unexpected failure never leaks its internals.
  const message = statusCode >= 500 && !expected ? 'Something went wrong on our side. Please try again.' : err.message;
  const page = errorPage?.(request, statusCode, message);
  if (page !== undefined) {
    void reply.status(statusCode).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    return;
  }
  const code = expected ? err.code : errorCodeOfStatus(statusCode);
  const body = errorBody(statusCode, message, code, retryAfter);
  // A failure of ours names its request, so that a report can be matched to the log line.
  void reply.status(statusCode).send(statusCode >= 500 ? { ...body, reference: request.id } : body);
}

/**
 * Answers every failure of the whole app (answerError). Not encapsulated (fastify-plugin), so it is the
 * root's handler: registered first, it serves the guards and every route registered after it.
 */
export const errorHandler = fastifyPlugin(
  async (app: FastifyInstance, opts: { errorPage?: ErrorPage }) => {
    app.setErrorHandler((caught: FastifyError | AppError, request, reply) =>
      answerError(caught, request, reply, opts.errorPage),
    );
  },
  { name: 'error-handler' },
);

/**
 * Refusals before there is a request to answer (Node's 'clientError'): a request that took too long to
 * arrive, headers too large, bytes that are not HTTP. The one error body too, written to the socket,
 * which is then closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(statusCode, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
