import { Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicAd } from '../../../shared/ads';
import { Card, Skeleton } from '../../components/ui/card';
import { formatDuration } from '../../lib/format';
import { recordEvent } from '../analytics/record-event';
import { AudioPlayer } from '../player/AudioPlayer';
import { AdLogo } from './AdLogo';

// Kept here too: pages import the logo with the card.
export { AdLogo };

export function AdCard({ ad }: { ad: PublicAd }) {
  return (
    <Card className="flex w-full flex-col gap-4 p-4" data-testid="ad-card">
      <div className="flex gap-3">
        <AdLogo ad={ad} />
        <div className="min-w-0">
          <h3 className="font-semibold leading-snug">
            <Link to={`/ad/${ad.slug}`} className="hover:text-brand-700 hover:underline">
              {ad.title}
            </Link>
          </h3>
          <p className="truncate text-sm text-slate-700">{ad.businessName}</p>
        </div>
      </div>
      <AudioPlayer ad={ad} size="sm" onPlayStarted={() => recordEvent({ adId: ad.id, type: 'play' })} />
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium">{ad.category}</span>
        <span className="flex items-center gap-1">
          <MapPin className="h-3.5 w-3.5" aria-hidden /> {ad.location ?? 'Online'}
        </span>
        <span className="flex items-center gap-1">
          <Clock className="h-3.5 w-3.5" aria-hidden />
          <span aria-label="Duration">{formatDuration(ad.audioDurationMs)}</span>
        </span>
      </div>
    </Card>
  );
}

export function AdCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-4">
      <div className="flex gap-3">
        <Skeleton className="h-12 w-12" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-3 w-2/3" />
    </Card>
  );
}

export function AdGrid({ ads }: { ads: PublicAd[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {ads.map((ad) => (
        <li key={ad.id} className="flex">
          <AdCard ad={ad} />
        </li>
      ))}
    </ul>
  );
}
