import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';
import { useMediaQuery } from '../../lib/use-media-query';

/**
 * Toasts (sonner) without sonner in the first download: most visits show none. The library loads
 * with the first toast and the Toaster mounts then; it replays toasts raised before it subscribed.
 */
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function show(kind: 'success' | 'error' | 'info', message: string, data?: ExternalToast) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  void import('sonner').then((m) => m.toast[kind](message, data));
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show('success', message, data),
  error: (message: string, data?: ExternalToast) => show('error', message, data),
  info: (message: string, data?: ExternalToast) => show('info', message, data),
};

/** Mounted once at the root; renders the Toaster from the first toast on. */
export function Toasts() {
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return needed ? <PlacedToaster /> : null;
}

/**
 * On a phone the bottom of the screen holds the actions in thumb's reach (a new ad's QR buttons), so a toast
 * sits just under the top bar instead, and goes sooner. Elsewhere: the bottom corner, never over the sticky
 * header or its search box. (The screen is read only once a toast is wanted: read while hydrating, a phone's
 * answer would differ from the server's and be rendered again at once, in the task of hydration's effects.)
 */
function PlacedToaster() {
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <Suspense fallback={null}>
      <Toaster
        position={phone ? 'top-center' : 'bottom-right'}
        mobileOffset={{ top: 72, left: 12, right: 12 }}
        duration={phone ? 3000 : 4000}
        theme="system"
        richColors
        closeButton
      />
    </Suspense>
  );
}
