import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { captureEntrySource, recordEvent } from './api/events';

/**
 * An ad page opened through one of our links (?src=qr|embed|share): keep the source for the visit,
 * count a QR scan, then drop the parameter with a replace navigation so a reload or a copied address
 * does not count again. The ref holds the navigation already handled, because StrictMode runs effects twice.
 */
export function useLinkArrival(adId: string) {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const handled = useRef<string | null>(null);
  const src = params.get('src');
  useEffect(() => {
    if (src === null || handled.current === key) return;
    handled.current = key;
    captureEntrySource(src);
    if (src === 'qr') recordEvent({ adId, type: 'qr_scan' });
    setParams(
      (next) => {
        next.delete('src');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [adId, src, key, setParams]);
}
