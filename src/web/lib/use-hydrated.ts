import { startTransition, useEffect, useState } from 'react';

/** Set by the start while React hydrates the server's HTML (main.tsx); cleared once hydration has committed. */
let hydrating = false;

/** The page came rendered by the server: what mounts until HydrationMark's effect is hydration's. */
export function startHydrating() {
  hydrating = true;
}

/**
 * False while the server renders and while the browser hydrates its HTML, true from a render after: what
 * depends on this browser (its storage, a remembered sign-in) waits for it, so the first render in the browser
 * equals the server's and hydration finds the same HTML. The switch is a transition, rendered in slices in
 * tasks after hydration's. (A useSyncExternalStore whose browser value differs from the server's is
 * re-rendered synchronously, in the one task that runs all of hydration's effects: a long task.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !import.meta.env.SSR && !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Marks the page `<html data-hydrated>` once the app has taken it over (hydrated, or rendered a page the
 * browser renders). The scripts are asked for after the first paint (decision 55), so a page is readable
 * before its controls respond; journeys wait for this mark before they use them.
 */
export function HydrationMark() {
  useEffect(() => {
    hydrating = false;
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
