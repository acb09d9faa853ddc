import { useSyncExternalStore } from 'react';
import type { PublicAd } from '../../../shared/ads';

/**
 * Likes and saves stay in this browser only (localStorage), never on the server.
 * Saved ads keep a small snapshot so /saved can list them without a request per ad.
 */
export type SavedAd = Pick<PublicAd, 'id' | 'slug' | 'title' | 'businessName' | 'category' | 'location' | 'logoUrl'>;

type Kind = 'liked' | 'saved';
const KEYS: Record<Kind, string> = { liked: 'adreplay:liked', saved: 'adreplay:saved' };
const listeners = new Set<() => void>();
const cache: Partial<Record<Kind, SavedAd[]>> = {};

/**
 * What the server renders (it knows no browser's lists), and what a browser with an empty list reads: the
 * same array, so hydrating a first visit's page finds the snapshot unchanged and renders nothing again (a
 * different empty array would make React re-render every button synchronously, in one long task).
 */
const NONE: SavedAd[] = [];

function read(kind: Kind): SavedAd[] {
  if (!cache[kind]) {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(KEYS[kind]) ?? '[]');
      cache[kind] = Array.isArray(parsed) && parsed.length > 0 ? (parsed as SavedAd[]) : NONE;
    } catch {
      cache[kind] = NONE;
    }
  }
  return cache[kind]!;
}

function write(kind: Kind, list: SavedAd[]) {
  cache[kind] = list;
  try {
    localStorage.setItem(KEYS[kind], JSON.stringify(list));
  } catch {
    // Storage full or disabled: the toggle still works for this page view.
  }
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEYS.liked || e.key === KEYS.saved) {
      delete cache.liked;
      delete cache.saved;
      l();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
};

export function useSavedList(kind: Kind): SavedAd[] {
  return useSyncExternalStore(
    subscribe,
    () => read(kind),
    () => NONE,
  );
}

/** Toggles an ad in a list; returns whether it is now in it. */
export function toggle(kind: Kind, ad: SavedAd): boolean {
  const list = read(kind);
  const has = list.some((a) => a.id === ad.id);
  const snapshot: SavedAd = {
    id: ad.id,
    slug: ad.slug,
    title: ad.title,
    businessName: ad.businessName,
    category: ad.category,
    location: ad.location,
    logoUrl: ad.logoUrl,
  };
  write(kind, has ? list.filter((a) => a.id !== ad.id) : [snapshot, ...list]);
  return !has;
}
