import { CheckCircle2, Copy, ExternalLink, Share2, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { adPath } from '../../../shared/ad-links';
import type { PublicAd } from '../../../shared/ads';
import { messages } from '../../../shared/messages';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { adUrl } from '../../lib/app-config';
import { copyText } from '../../lib/clipboard';
import { AdLogo } from '../../components/ad/AdLogo';
import { AudioPlayer } from './AudioPlayer';
import { shareAd } from './share';

const QrPanel = lazy(() => import('../../components/ad/QrPanel'));

/**
 * What a just-published ad gives its owner: the public link to copy, the QR code to download, the
 * share sheet and a preview. A panel above the list rather than a modal, so the list stays usable;
 * it takes the focus when it appears. Playing the preview counts nothing (no onPlayStarted).
 */
export function NewAdPanel({ ad, onClose }: { ad: PublicAd; onClose: () => void }) {
  const url = adUrl(ad.slug);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [ad.id]);
  return (
    <Card
      role="region"
      aria-labelledby="new-ad-heading"
      className="mt-6 border-brand-200 p-4"
      data-testid="new-ad-panel"
    >
      <div className="flex items-start justify-between gap-2">
        <h2
          id="new-ad-heading"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-semibold outline-none"
        >
          <CheckCircle2 className="h-5 w-5 text-green-700" aria-hidden /> Your ad is live
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose}>
          <X className="h-5 w-5" aria-hidden />
        </Button>
      </div>
      <div className="mt-2 grid gap-6 sm:grid-cols-[1fr_auto]">
        <div className="min-w-0 space-y-4">
          <div className="flex items-center gap-3">
            <AdLogo ad={ad} />
            <div className="min-w-0">
              <p className="font-semibold break-words">{ad.title}</p>
              <p className="text-sm text-slate-700">{ad.businessName}</p>
            </div>
          </div>
          <AudioPlayer ad={ad} size="sm" />
          <div>
            <label htmlFor="new-ad-link" className="text-sm font-medium">
              Public link
            </label>
            <div className="mt-1 flex gap-2">
              <input
                id="new-ad-link"
                readOnly
                value={url}
                onFocus={(e) => e.target.select()}
                className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
              />
              <Button variant="secondary" onClick={() => void copyText(url, messages.linkCopied(ad.title))}>
                <Copy className="h-4 w-4" aria-hidden /> Copy link
              </Button>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void shareAd(ad)}>
              <Share2 className="h-4 w-4" aria-hidden /> Share
            </Button>
            <ButtonLink variant="secondary" to={adPath(ad.slug)}>
              <ExternalLink className="h-4 w-4" aria-hidden /> Open ad page
            </ButtonLink>
          </div>
        </div>
        <div className="flex justify-center sm:block">
          <Suspense fallback={<Skeleton className="h-52 w-44" />}>
            <QrPanel slug={ad.slug} title={ad.title} caption="Print it on flyers: scanning opens this ad" />
          </Suspense>
        </div>
      </div>
    </Card>
  );
}
