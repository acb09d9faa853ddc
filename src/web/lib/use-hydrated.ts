import { useEffect, useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates its HTML, true from the render after:
 * what depends on this browser (its storage, a remembered sign-in) waits for it, so the first render in
 * the browser equals the server's and hydration finds the same HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * Marks the page `<html data-hydrated>` once the app has taken it over (hydrated, or rendered a page the
 * browser renders). The scripts are asked for after the first paint (decision 55), so a page is readable
 * before its controls respond; journeys wait for this mark before they use them.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
