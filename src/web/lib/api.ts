/** The one HTTP client of the web app: JSON in and out, server messages surfaced as Error.message. */

/** What a request that never got an answer fails with (the wording of the spec's sign-up table). */
export const NETWORK_ERROR = 'Network error. Please check your connection and try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** False when the answer said nothing of its own (a proxy's error page, an empty body). */
    readonly explained = true,
  ) {
    super(message);
  }
}

/**
 * The words for a failure, for the spec's "the message, or '{fallback}'" toasts: the server's message
 * or the network error; undefined when there are none, so the screen's own fallback text applies.
 */
export function errorText(err: unknown): string | undefined {
  if (err instanceof ApiError) return err.explained ? err.message : undefined;
  return err instanceof Error && err.message ? err.message : undefined;
}

const parseJson = (text: string): { message?: unknown } | undefined => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/** The error for a failed answer: its JSON message when it has one. */
function failure(status: number, text: string): ApiError {
  const message = parseJson(text)?.message;
  return typeof message === 'string' && message
    ? new ApiError(status, message)
    : new ApiError(status, `Request failed (${status})`, false);
}

type Query = Record<string, string | number | boolean | undefined | null>;

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
  if (!res.ok) throw failure(res.status, text);
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
