import { Code2, QrCode, Share2 } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { PublicAd } from '../../../shared/ads';
import { buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { recordEvent } from './api/events';
import { shareAd } from './share';

const QrPanel = lazy(() => import('../../components/ad/QrPanel'));
const EmbedPanel = lazy(() => import('./EmbedPanel'));

/**
 * Share, the QR panel and the embed code of one ad, after any buttons the page puts first (like, save). One
 * panel at a time: opening the embed code closes the QR code, so no button claims a panel that is gone.
 */
export function PlayerActions({ ad, children }: { ad: PublicAd; children?: ReactNode }) {
  const [panel, setPanel] = useState<'qr' | 'embed' | null>(null);
  const qrOpen = panel === 'qr';
  const embedOpen = panel === 'embed';
  const toggle = (which: 'qr' | 'embed') => setPanel((open) => (open === which ? null : which));
  const small = buttonClass({ variant: 'secondary', size: 'chip' });
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {children}
        <button
          type="button"
          className={small}
          onClick={async () => (await shareAd(ad)) && recordEvent({ adId: ad.id, type: 'share' })}
        >
          <Share2 className="h-4 w-4" aria-hidden /> Share
        </button>
        <button
          type="button"
          aria-expanded={qrOpen}
          aria-controls="qr-panel"
          className={small}
          onClick={() => toggle('qr')}
        >
          <QrCode className="h-4 w-4" aria-hidden /> {qrOpen ? 'Hide QR' : 'Show QR'}
        </button>
        <button
          type="button"
          aria-expanded={embedOpen}
          aria-controls="embed-panel"
          className={small}
          onClick={() => toggle('embed')}
        >
          <Code2 className="h-4 w-4" aria-hidden /> Embed
        </button>
      </div>
      {embedOpen && (
        <div id="embed-panel" className="mt-4">
          <Suspense fallback={<Skeleton className="h-48 w-full max-w-2xl" />}>
            <EmbedPanel ad={ad} />
          </Suspense>
        </div>
      )}
      {qrOpen && (
        <div id="qr-panel" className="mt-4 flex justify-start">
          <Suspense fallback={<Skeleton className="h-52 w-44" />}>
            <QrPanel slug={ad.slug} title={ad.title} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
