import type { Route } from '@playwright/test';
import { DATABASE_UNAVAILABLE, errorBody } from '../../src/server/errors';

/** The request id the outage's answers name (the server's own would be the request's). */
export const OUTAGE_REFERENCE = 'e2e-outage-0001';

/** Answers a request as the server does while its database is away: 503, Retry-After and the error body. */
export function answerUnavailable(route: Route) {
  const { message, retryAfter } = DATABASE_UNAVAILABLE;
  return route.fulfill({
    status: 503,
    headers: { 'retry-after': String(retryAfter), 'x-request-id': OUTAGE_REFERENCE },
    json: { ...errorBody(503, message, 'UNAVAILABLE', retryAfter), reference: OUTAGE_REFERENCE },
  });
}
