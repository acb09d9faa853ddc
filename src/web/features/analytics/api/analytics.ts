import { queryOptions, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AnalyticsQuery, AnalyticsSummary, ListeningHours } from '../../../../shared/analytics';
import { messages } from '../../../../shared/messages';
import { api, withQuery } from '../../../lib/api';
import { FRESH, retryUnlessRefused, USER_SCOPE } from '../../../lib/query-client';

export const analyticsKeys = {
  all: [USER_SCOPE, 'analytics'] as const,
  summary: ({ period, adId }: AnalyticsQuery) => [USER_SCOPE, 'analytics', period, adId ?? null] as const,
  hours: ({ period, adId }: AnalyticsQuery) => [USER_SCOPE, 'analytics', period, adId ?? null, 'hours'] as const,
};

export const analyticsQueries = {
  /** The owner's figures over a period: all ads, or one (`adId`). */
  summary: (query: AnalyticsQuery) =>
    queryOptions({
      queryKey: analyticsKeys.summary(query),
      queryFn: () =>
        api<AnalyticsSummary>('/api/analytics', { query: { ...query } }).catch((err: Error) => {
          throw Object.assign(err, { message: messages.failedToFetchAnalytics(err.message) });
        }),
      ...FRESH.dashboard,
      retry: retryUnlessRefused(FRESH.dashboard.retry),
    }),
};

/** Plays by local hour and weekday over a period, in the account's time zone (Settings). */
export function useListeningHours(query: AnalyticsQuery, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.hours(query),
    queryFn: () =>
      api<ListeningHours>('/api/analytics/hours', { query: { ...query } }).catch((err: Error) => {
        throw Object.assign(err, { message: messages.failedToFetchAnalytics(err.message) });
      }),
    enabled,
    ...FRESH.dashboard,
    retry: retryUnlessRefused(FRESH.dashboard.retry),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === (query.adId ?? null) ? previous : undefined,
  });
}

/** The figures of a period; the previous period of the same view stays on screen while the next loads. */
export function useAnalytics(query: AnalyticsQuery) {
  const adId = query.adId ?? null;
  return useQuery({
    ...analyticsQueries.summary(query),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === adId ? previous : undefined),
  });
}

/** The daily figures of the period as a CSV download (same session cookie, so a plain link works). */
export const exportCsvUrl = (query: AnalyticsQuery) => withQuery('/api/analytics/export.csv', { ...query });

const totalOf = (data: string): number | undefined => {
  try {
    return (JSON.parse(data) as { total?: number }).total;
  } catch {
    return undefined;
  }
};

/** Spec section 9's realtime reconnect delays, used when the browser gives up on the stream. */
const RECONNECT_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * Keeps the analytics figures (the dashboard's too) live while a page is open: the server sends `update` at
 * once and whenever the owner's counted events change. The first message after (re)connecting only
 * refreshes figures loaded before the stream opened (they may have missed events); later ones refresh all.
 */
export function useAnalyticsStream(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return; // live counters come with the plans that include analytics
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let closed = false;

    const connect = () => {
      const es = new EventSource('/api/analytics/stream');
      source = es;
      // Figures loaded before this moment may have missed events; later ones may not.
      let since = Date.now();
      let first = true;
      let reopened = false;
      es.onopen = () => {
        attempts = 0;
        if (reopened) [since, first] = [Date.now(), true]; // the browser reconnected on its own
        reopened = true;
      };
      let lastTotal: number | undefined;
      es.addEventListener('update', (e) => {
        const total = totalOf(e.data);
        if (!first && total !== undefined && total === lastTotal) return; // nothing new was counted
        lastTotal = total;
        const loadedAt = since;
        const predicate: (q: Query) => boolean = first
          ? (q) => q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt < loadedAt
          : () => true;
        first = false;
        void qc.invalidateQueries({ queryKey: analyticsKeys.all, predicate });
      });
      es.onerror = () => {
        // The browser retries by itself unless the stream failed for good (e.g. a 5xx or a sign-out).
        if (es.readyState !== EventSource.CLOSED || closed) return;
        retry = setTimeout(connect, RECONNECT_MS[Math.min(attempts++, RECONNECT_MS.length - 1)]);
      };
    };

    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [qc, enabled]);
}
