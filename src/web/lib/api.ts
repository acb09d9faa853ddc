import { referenceText } from '../../shared/messages';

/**
 * The one HTTP client of the web app: JSON in and out; a failure is an ApiError with the server's
 * message and, when the answer carries one, its machine-readable code.
 */

/** What a request that never got an answer fails with (the wording of the spec's sign-up table). */
export const NETWORK_ERROR = 'Network error. Please check your connection and try again.';

/** The stable codes of the server's error bodies that screens branch on, each with the status it comes with. */
const STATUS_OF_CODE = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PLAN_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof STATUS_OF_CODE;

export class ApiError extends Error {
  /** The body's code; absent when the answer had none (an older server, a proxy's page, no answer). */
  readonly code?: string;
  /** False when the answer said nothing of its own (a proxy's error page, an empty body). */
  readonly explained: boolean;
  /** Seconds to wait before trying again, when the server said (429, 503). */
  readonly retryAfter?: number;
  /** On a failure of the server (5xx): its request id, which the server's log line carries too. */
  readonly reference?: string;

  constructor(
    readonly status: number,
    message: string,
    {
      code,
      explained = true,
      retryAfter,
      reference,
    }: { code?: string; explained?: boolean; retryAfter?: number; reference?: string } = {},
  ) {
    super(message);
    this.code = code;
    this.explained = explained;
    this.retryAfter = retryAfter;
    this.reference = reference;
  }

  /** Whether this failure is of a kind: by its code, or by the kind's status when the answer had no code. */
  is(code: ErrorCode): boolean {
    return this.code ? this.code === code : this.status === STATUS_OF_CODE[code];
  }
}

/** Whether a thrown value is an answer of the server with this code (see ApiError.is). */
export const isApiError = (err: unknown, code: ErrorCode): err is ApiError => err instanceof ApiError && err.is(code);

/**
 * The words for a failure, for the spec's "the message, or '{fallback}'" toasts: the server's message
 * or the network error; undefined when there are none, so the screen's own fallback text applies. A failure
 * of the server's own ends with its reference, for a report to quote.
 */
export function errorText(err: unknown): string | undefined {
  if (err instanceof ApiError) {
    if (!err.explained) return undefined;
    return err.reference ? `${err.message} (${referenceText(err.reference)})` : err.message;
  }
  return err instanceof Error && err.message ? err.message : undefined;
}

const parseJson = (
  text: string,
): { message?: unknown; code?: unknown; retryAfter?: unknown; reference?: unknown } | undefined => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The error for a failed answer: its JSON message and code when it has them, and the wait from the body or,
 * failing that, from the Retry-After header (in seconds; the rate limits send only the header).
 */
function failure(status: number, text: string, retryAfterHeader?: string | null): ApiError {
  const body = parseJson(text);
  const code = typeof body?.code === 'string' && body.code ? body.code : undefined;
  const headerWait = Number(retryAfterHeader);
  const retryAfter =
    typeof body?.retryAfter === 'number' && body.retryAfter > 0
      ? body.retryAfter
      : Number.isInteger(headerWait) && headerWait > 0
        ? headerWait
        : undefined;
  const reference = status >= 500 && typeof body?.reference === 'string' && body.reference ? body.reference : undefined;
  return typeof body?.message === 'string' && body.message
    ? new ApiError(status, body.message, { code, retryAfter, reference })
    : new ApiError(status, `Request failed (${status})`, { code, explained: false, retryAfter });
}

type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * How a public query reads the API: in the browser through api(); when the server renders a page, through
 * the server itself (src/web/entry-server.tsx), so the first render holds what the API would answer.
 */
export type ApiRead = <T>(path: string) => Promise<T>;
export const browserRead: ApiRead = (path) => api(path);

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function api<T>(path: string, init: RequestInit & { query?: Query } = {}): Promise<T> {
  const { query, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(withQuery(path, query), {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(rest.body && !(rest.body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
    });
  } catch (err) {
    if (rest.signal?.aborted) throw err; // cancelled by the caller, not a failure
    throw new ApiError(0, NETWORK_ERROR);
  }
  const text = await res.text();
  if (!res.ok) throw failure(res.status, text, res.headers.get('retry-after'));
  return parseJson(text) as T;
}

/**
 * Sends a multipart form with upload progress (fetch cannot report it), answering like api().
 */
export function apiUpload<T>(
  path: string,
  method: 'POST' | 'PUT',
  body: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(parseJson(xhr.responseText) as T);
      else reject(failure(xhr.status, xhr.responseText));
    };
    xhr.send(body);
  });
}
