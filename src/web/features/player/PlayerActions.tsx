import { Bookmark, Code2, Heart, QrCode, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from '../../components/ui/toast';
import type { PublicAd } from '../../../shared/ads';
import { messages } from '../../../shared/messages';
import { buttonClass } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { recordEvent } from '../analytics/record-event';
import { toggle, useSavedList } from '../saved/saved-store';
import { shareAd } from './share';

const QrPanel = lazy(() => import('./QrPanel'));
const EmbedPanel = lazy(() => import('./EmbedPanel'));

/** Like, save, share, the QR panel and the embed code of one ad. */
export function PlayerActions({ ad }: { ad: PublicAd }) {
  const liked = useSavedList('liked').some((a) => a.id === ad.id);
  const saved = useSavedList('saved').some((a) => a.id === ad.id);
  const [qrOpen, setQrOpen] = useState(false);
  const [embedOpen, setEmbedOpen] = useState(false);
  const small = buttonClass({ variant: 'secondary', size: 'sm' });
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={liked}
          className={cn(small, liked && 'text-red-700')}
          onClick={() => toast.success((toggle('liked', ad) ? messages.liked : messages.unliked)(ad.title))}
        >
          <Heart className={cn('h-4 w-4', liked && 'fill-current')} aria-hidden /> {liked ? 'Liked' : 'Like'}
        </button>
        <button
          type="button"
          aria-pressed={saved}
          className={cn(small, saved && 'text-brand-700')}
          onClick={() => toast.success((toggle('saved', ad) ? messages.saved : messages.unsaved)(ad.title))}
        >
          <Bookmark className={cn('h-4 w-4', saved && 'fill-current')} aria-hidden /> {saved ? 'Saved' : 'Save'}
        </button>
        <button
          type="button"
          className={small}
          onClick={async () => (await shareAd(ad)) && recordEvent({ adId: ad.id, type: 'share' })}
        >
          <Share2 className="h-4 w-4" aria-hidden /> Share
        </button>
        <button type="button" aria-expanded={qrOpen} className={small} onClick={() => setQrOpen((o) => !o)}>
          <QrCode className="h-4 w-4" aria-hidden /> {qrOpen ? 'Hide QR' : 'Show QR'}
        </button>
        <button
          type="button"
          aria-expanded={embedOpen}
          aria-controls="embed-panel"
          className={small}
          onClick={() => setEmbedOpen((o) => !o)}
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
        <div className="mt-4 flex justify-start">
          <Suspense fallback={<Skeleton className="h-52 w-44" />}>
            <QrPanel slug={ad.slug} title={ad.title} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
