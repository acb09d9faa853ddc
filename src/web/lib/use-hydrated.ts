import { useSyncExternalStore } from 'react';

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
