import type { Route } from '@playwright/test';
import { DATABASE_UNAVAILABLE, errorBody } from '../../src/server/errors';

/** Answers a request as the server does while its database is away: 503, Retry-After and the error body. */
export function answerUnavailable(route: Route) {
  const { message, retryAfter } = DATABASE_UNAVAILABLE;
  return route.fulfill({
    status: 503,
    headers: { 'retry-after': String(retryAfter) },
    json: errorBody(503, message, 'UNAVAILABLE', retryAfter),
  });
}
