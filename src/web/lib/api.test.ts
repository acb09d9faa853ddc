import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorText, isApiError, NETWORK_ERROR } from './api';

afterEach(() => vi.unstubAllGlobals());
const answer = (status: number, body: string, type = 'application/json') =>
  vi.stubGlobal('fetch', async () => new Response(body, { status, headers: { 'content-type': type } }));
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );

describe('api() failures', () => {
  it("carry the server's message", async () => {
    answer(401, JSON.stringify({ code: 'X', message: 'Invalid login credentials' }));
    const err = await failureOf(api('/api/auth/sign-in/email'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Invalid login credentials' });
    expect(errorText(err)).toBe('Invalid login credentials');
  });

  it("end with the server's reference on a failure of its own (5xx), and only then", async () => {
    const reference = '3f2b9c1e-0a4d-4e8f-9b6a-2c1d0e9f8a7b';
    answer(
      500,
      JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.', reference }),
    );
    const err = await failureOf(api('/api/my/ads'));
    expect(err).toMatchObject({ status: 500, reference });
    expect(errorText(err)).toBe(`Something went wrong on our side. Please try again. (reference: ${reference})`);
    answer(400, JSON.stringify({ code: 'VALIDATION_FAILED', message: 'limit must be at least 1', reference }));
    const refused = await failureOf(api('/api/ads'));
    expect((refused as ApiError).reference).toBeUndefined();
    expect(errorText(refused)).toBe('limit must be at least 1');
  });

  it('carry how long to wait when the server says so', async () => {
    answer(
      429,
      JSON.stringify({ message: 'Too many requests. Please wait a moment before trying again.', retryAfter: 30 }),
    );
    expect(await failureOf(api('/api/auth/sign-in/email'))).toMatchObject({ status: 429, retryAfter: 30 });
    answer(401, JSON.stringify({ message: 'Invalid login credentials' }));
    expect(((await failureOf(api('/api/auth/sign-in/email'))) as ApiError).retryAfter).toBeUndefined();
  });

  it('take the wait from the Retry-After header when the body has none (the rate limits)', async () => {
    const limited = (retryAfter: string) =>
      vi.stubGlobal(
        'fetch',
        async () =>
          new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many requests' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
          }),
      );
    limited('42');
    expect(await failureOf(api('/api/identify'))).toMatchObject({ status: 429, retryAfter: 42 });
    limited('Wed, 21 Oct 2026 07:28:00 GMT'); // a date: no wait to show
    expect(((await failureOf(api('/api/identify'))) as ApiError).retryAfter).toBeUndefined();
  });

  it('say nothing of their own when the answer has no message, so the screen falls back to its text', async () => {
    answer(502, '<html><body>Bad gateway</body></html>', 'text/html');
    const err = await failureOf(api('/api/profile'));
    expect(err).toMatchObject({ status: 502, message: 'Request failed (502)' });
    expect(errorText(err)).toBeUndefined();
    answer(500, JSON.stringify({ message: '' }));
    expect(errorText(await failureOf(api('/api/profile')))).toBeUndefined();
  });

  it('read as the network error when no answer came', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failureOf(api('/api/auth/sign-up/email'));
    expect(err).toMatchObject({ status: 0, message: NETWORK_ERROR });
    expect(errorText(err)).toBe(NETWORK_ERROR);
  });

  it('keep other errors as they are', () => {
    expect(errorText(new Error('Something broke'))).toBe('Something broke');
    expect(errorText(new Error(''))).toBeUndefined();
    expect(errorText('a string')).toBeUndefined();
  });
});

describe('api() success', () => {
  it('returns the JSON body, and undefined for an empty one', async () => {
    answer(200, JSON.stringify({ ok: true }));
    expect(await api('/api/health')).toEqual({ ok: true });
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    expect(await api('/api/ping')).toBeUndefined();
  });
});

describe('api() failure codes', () => {
  it("carry the body's code beside its message", async () => {
    answer(403, JSON.stringify({ statusCode: 403, code: 'PLAN_LIMIT_REACHED', error: 'Forbidden', message: 'x' }));
    const err = await failureOf(api('/api/my/ads/a1/featured'));
    expect(err).toMatchObject({ status: 403, code: 'PLAN_LIMIT_REACHED', message: 'x' });
    expect(isApiError(err, 'PLAN_LIMIT_REACHED')).toBe(true);
    expect(isApiError(err, 'FORBIDDEN')).toBe(false);
  });

  it('keep a code even when the body has no message', async () => {
    answer(429, JSON.stringify({ code: 'RATE_LIMITED' }));
    const err = await failureOf(api('/api/events'));
    expect(err).toMatchObject({ status: 429, code: 'RATE_LIMITED', explained: false });
    expect(errorText(err)).toBeUndefined();
  });

  it('fall back to the status when the answer has no code, never to the message', async () => {
    answer(403, JSON.stringify({ message: 'Featured Ad Limit Reached' }));
    const err = await failureOf(api('/api/my/ads/a1/featured'));
    expect((err as ApiError).code).toBeUndefined();
    expect(isApiError(err, 'PLAN_LIMIT_REACHED')).toBe(true);
    expect(isApiError(err, 'NOT_FOUND')).toBe(false);
    expect(isApiError(new ApiError(404, 'Featured Ad Limit Reached'), 'PLAN_LIMIT_REACHED')).toBe(false);
    expect(isApiError(new Error('Featured Ad Limit Reached'), 'PLAN_LIMIT_REACHED')).toBe(false);
  });

  it('has no code when no answer came', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failureOf(api('/api/profile'));
    expect((err as ApiError).code).toBeUndefined();
    expect(isApiError(err, 'INTERNAL')).toBe(false);
  });
});
