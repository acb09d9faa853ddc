import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: one retry, no refetch on window focus; each query sets its own freshness. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

export const FRESH = { lists: 30_000, featured: 5 * 60_000, plans: 5 * 60_000 } as const;
