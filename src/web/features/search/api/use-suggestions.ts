import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdSuggestResponse } from '../../../../shared/ads';
import { api } from '../../../lib/api';

/** Typing pauses this long before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;

export const suggestKeys = { q: (q: string) => ['ads', 'suggest', q] as const };

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Up to 5 ads for what is being typed. A request whose text is no longer current is cancelled (the
 * query's AbortSignal goes to fetch); blank text asks for nothing.
 */
export function useSuggestions(text: string) {
  const q = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  return useQuery({
    queryKey: suggestKeys.q(q),
    queryFn: ({ signal }) => api<AdSuggestResponse>('/api/ads/suggest', { query: { q }, signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
