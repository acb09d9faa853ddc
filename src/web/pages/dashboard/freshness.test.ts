import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { myAdQueries } from '../../features/ads/api/my-ads';
import { analyticsQueries } from '../../features/analytics/api/analytics';
import { planQueries } from '../../features/plans/api/plans';
import { ApiError } from '../../lib/api';
import { FRESH, queryClient } from '../../lib/query-client';

/** The dashboard's queries, each a feature's own. */
const myQueries = {
  ads: myAdQueries.ads,
  ad: myAdQueries.ad,
  figures: () => analyticsQueries.summary({ period: 'all' }),
  plan: planQueries.mine,
  usage: planQueries.usage,
};

const MIN = 60_000;

/** How often a query's function runs before it gives up, with the app's defaults (no delays). */
async function attempts(options: { queryKey: readonly unknown[] }, err = new ApiError(500, 'down')) {
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  let calls = 0;
  await client
    .fetchQuery({
      ...options,
      queryFn: () => {
        calls++;
        return Promise.reject(err);
      },
      retryDelay: 0,
    } as Parameters<QueryClient['fetchQuery']>[0])
    .catch(() => {});
  return calls;
}

describe('spec section 7 freshness and retries', () => {
  it.each([
    ["the user's ads (dashboard)", myQueries.ads(), 5 * MIN, 4],
    ['the dashboard figures', myQueries.figures(), 5 * MIN, 4],
    ['one of the user’s ads (edit page)', myQueries.ad('a1'), 5 * MIN, 4],
    ["the user's plan", myQueries.plan(), MIN, 2],
    ["this month's usage", myQueries.usage(), 30_000, 2],
  ])('%s: fresh for the spec time, tried the spec number of times', async (_name, options, staleTime, tries) => {
    expect(options.staleTime).toBe(staleTime);
    expect(await attempts(options)).toBe(tries);
  });

  it('does not retry a missing ad on the edit page', async () => {
    expect(await attempts(myQueries.ad('gone'), new ApiError(404, 'Ad not found'))).toBe(1);
  });

  it('asks again every 2 s while an ad is being transcribed, and stops once its transcription ends', () => {
    const client = new QueryClient();
    const ad = (status: string) => ({ id: 'a1', transcription: { status, error: null, updatedAt: null } });
    const intervalOf = <O extends { queryKey: readonly unknown[]; refetchInterval?: unknown }>(
      options: O,
      data: unknown,
    ) => {
      client.setQueryData(options.queryKey, data);
      const query = client.getQueryCache().find({ queryKey: options.queryKey })!;
      return (options.refetchInterval as (q: typeof query) => number | false)(query);
    };
    for (const status of ['pending', 'running']) {
      expect(intervalOf(myQueries.ad('a1'), ad(status))).toBe(2_000);
      expect(intervalOf(myQueries.ads(), { ads: [ad('done'), ad(status)] })).toBe(2_000);
    }
    for (const status of ['off', 'done', 'failed', 'kept']) {
      expect(intervalOf(myQueries.ad('a1'), ad(status))).toBe(false);
      expect(intervalOf(myQueries.ads(), { ads: [ad(status)] })).toBe(false);
    }
  });

  it('keeps the public classes at the spec values', () => {
    expect(FRESH.list).toEqual({ staleTime: 30_000, retryDelay: 1_000 });
    expect(FRESH.featured).toEqual({ staleTime: 5 * MIN, retryDelay: 1_000 });
    expect(FRESH.ad.staleTime).toBe(30_000);
    expect(FRESH.plans.staleTime).toBe(5 * MIN);
    expect(queryClient.getDefaultOptions().queries).toMatchObject({ retry: 1, refetchOnWindowFocus: false });
  });
});
