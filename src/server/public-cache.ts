import { LRUCache } from 'lru-cache';

/**
 * Public reads served from memory. What every listener sees alike (an ad by slug, a directory page with its
 * exact count, related ads, suggestions, captions) is computed once and then answered from here until a
 * change clears it. Every write that can change a public answer clears the whole cache before it returns
 * (coarse, so no write path can forget a key); the time limit, no longer than the spec's client freshness
 * (30 s for ads and lists, 5 minutes for featured), bounds what another app process's write can leave.
 * Memory is bounded in bytes, and concurrent misses on one key share one load.
 */

/**
 * Public reads may be kept by a CDN for a few seconds; browsers revalidate every time (max-age=0), which
 * the ETag makes a 304. Stale-while-revalidate is said to CDNs only (CDN-Cache-Control, RFC 9213, which
 * they read instead of Cache-Control): browsers apply it to their own cache too, and would show an owner
 * the ad as it was before an edit, with the replaced (already deleted) audio.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';
export const PUBLIC_READ_CDN_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=25';

export const PUBLIC_TTL_MS = 30_000;
export const FEATURED_TTL_MS = 5 * 60_000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

export interface PublicCache {
  /** The cached answer for `key`, or `load()`'s, kept for `ttlMs`; a load that fails is not kept. */
  get<T>(key: string, load: () => Promise<T>, ttlMs?: number): Promise<T>;
  /** Forgets every answer: called by each write that can change one. */
  clear(): void;
  readonly stats: { hits: number; loads: number; entries: () => number; bytes: () => number };
}

export function createPublicCache({
  enabled = true,
  maxBytes = DEFAULT_MAX_BYTES,
}: { enabled?: boolean; maxBytes?: number } = {}): PublicCache {
  const stats = { hits: 0, loads: 0, entries: () => cache.size, bytes: () => cache.calculatedSize };
  // Answers are boxed: the cache holds objects, and an answer may be a string (captions).
  const cache = new LRUCache<string, { value: unknown }>({
    maxSize: maxBytes,
    // The JSON length approximates what an answer holds; it is measured once, when it is stored.
    sizeCalculation: ({ value }) => Math.max(1, (JSON.stringify(value)?.length ?? 1) * 2),
    ttl: PUBLIC_TTL_MS,
  });
  // Loads under way, so that a stampede on a cold key makes one query; a clear() drops them too.
  let inFlight = new Map<string, Promise<unknown>>();

  return {
    async get<T>(key: string, load: () => Promise<T>, ttlMs = PUBLIC_TTL_MS): Promise<T> {
      if (!enabled) return load();
      const hit = cache.get(key);
      if (hit) {
        stats.hits++;
        return hit.value as T;
      }
      const pending = inFlight.get(key);
      if (pending) return pending as Promise<T>;
      const loads = inFlight;
      stats.loads++;
      const loading = load().then((value) => {
        // A change during the load cleared the cache (and replaced inFlight): the answer may be stale.
        if (loads === inFlight) cache.set(key, { value }, { ttl: ttlMs });
        return value;
      });
      loads.set(key, loading);
      void loading.finally(() => loads.delete(key)).catch(() => undefined);
      return loading;
    },
    clear() {
      cache.clear();
      inFlight = new Map();
    },
    stats,
  };
}
