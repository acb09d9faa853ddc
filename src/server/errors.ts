import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';

/** One error type per kind of domain failure; the handler below maps each to its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'You must be signed in') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
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

/** Parses request input with a shared contract; the first problem becomes the 400 message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.');
  const message = field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
  throw new BadRequestError(message);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    const statusCode = err instanceof AppError ? err.statusCode : (err.statusCode ?? 500);
    const expected = err instanceof AppError;
    // Every server-side failure is logged, ours too (an UploadFailedError carries the store's error as cause).
    if (statusCode >= 500) request.log.error({ err }, 'request failed');
    // Our own errors say what happened; an unexpected failure never leaks its internals.
    const message =
      statusCode >= 500 && !expected ? 'Something went wrong on our side. Please try again.' : err.message;
    void reply.status(statusCode).send({ statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message });
  });
}
