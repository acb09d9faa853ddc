import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * The first part of every query key that holds the signed-in user's own data (each feature's keys
 * factory starts its private keys with it), so signing out drops all of it at once.
 */
export const USER_SCOPE = 'my';

/** Spec section 7: one retry, no refetch on window focus; each query spreads its freshness class below. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/** Spec section 7's freshness classes, one options object each (retry 1 unless a class says otherwise). */
export const FRESH = {
  /** Ad lists (directory, related ads): 30 s, the retry after 1 s. */
  list: { staleTime: 30_000, retryDelay: 1_000 },
  /** Featured lists: 5 min, the retry after 1 s. */
  featured: { staleTime: 5 * 60_000, retryDelay: 1_000 },
  /** A single ad: 30 s. */
  ad: { staleTime: 30_000 },
  /** The subscription plans: 5 min. */
  plans: { staleTime: 5 * 60_000 },
  /** The user's plan: 60 s. */
  userPlan: { staleTime: 60_000 },
  /** Can-create and this month's usage: 30 s. */
  usage: { staleTime: 30_000 },
  /** The dashboard's own data (the user's ads and figures): 5 min, 3 retries. */
  dashboard: { staleTime: 5 * 60_000, retry: 3 },
} as const;

/** The server refused (4xx): a missing or someone else's ad stays so, unlike a failure to answer. */
export const isRefusal = (err: Error) => err instanceof ApiError && err.status >= 400 && err.status < 500;

/** Retries up to `times`, but never a refusal. */
export const retryUnlessRefused = (times: number) => (count: number, err: Error) => count < times && !isRefusal(err);
