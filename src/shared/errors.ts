import { z } from 'zod';

/**
 * The machine-readable codes of error answers. Stable: clients branch on them, never on the message
 * (except where the spec's error tables match on text).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'PLAN_LIMIT_REACHED',
  'API_KEY_LIMIT_REACHED',
  'NOT_FOUND',
  'AD_REMOVED',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'USER_EXISTS',
  'COMMON_PASSWORD',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'INTERNAL',
  'NOT_IMPLEMENTED',
  'MAIL_FAILED',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The code an answer of this status carries when nothing more precise applies. */
export function errorCodeOfStatus(statusCode: number): ErrorCode {
  switch (statusCode) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'REQUEST_TIMEOUT';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 451:
      return 'AD_REMOVED';
    case 501:
      return 'NOT_IMPLEMENTED';
    case 502:
      return 'MAIL_FAILED';
    case 503:
      return 'UNAVAILABLE';
    default:
      return statusCode < 500 ? 'VALIDATION_FAILED' : 'INTERNAL';
  }
}

/** Every error answer of the API, the auth endpoints included. */
export const ErrorBody = z
  .object({
    statusCode: z.int(),
    code: z.enum(ERROR_CODES),
    error: z.string().meta({ description: "The status's name, e.g. 'Not Found'" }),
    message: z.string().meta({ description: 'What went wrong, in words a person can read' }),
    retryAfter: z
      .int()
      .positive()
      .optional()
      .meta({ description: 'Seconds to wait before trying again (also sent as Retry-After), when there is a wait' }),
    reference: z.string().optional().meta({
      description:
        'On a failure of the server (5xx): the request id, also sent as X-Request-Id, to quote when reporting it',
    }),
  })
  .meta({ description: 'Every error answer: a stable code beside a readable message' });
export type ErrorBody = z.output<typeof ErrorBody>;

/** Whether a parsed answer is an error body (and so has a code to branch on). */
export const isErrorBody = (body: unknown): body is ErrorBody => ErrorBody.safeParse(body).success;
