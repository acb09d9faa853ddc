import { Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicAd } from '../../../shared/ads';
import { AdLogo } from '../../components/ad/AdLogo';
import { Card, LogoLinesSkeleton, Skeleton } from '../../components/ui/card';
import { formatDuration } from '../../lib/format';
import { Highlighted } from '../../components/ui/highlighted';
import { CountedPlayer } from './CountedPlayer';
import { adPath } from '../../../shared/ad-links';

/** What a search matched, when not the title: a passage of what the ad says or shows, or its phone number. */
const SNIPPET_LABEL = {
  transcript: 'Heard in the ad: ',
  description: 'From the description: ',
  phone: 'Phone: ',
} as const satisfies Record<NonNullable<NonNullable<PublicAd['match']>['snippetFrom']>, string>;

/**
 * An ad in a list: logo, title and business, its player, category, place and length. A card off screen is
 * not styled, laid out or painted until it comes near (content-visibility): on a phone that is all but the
 * first of a page's cards, whose first layout otherwise landed after the first paint. Until then it holds
 * the height of its content without a search snippet (168 px, within padding and border: 202 px in all);
 * `auto` keeps the height it had once shown.
 */
export function AdCard({ ad }: { ad: PublicAd }) {
  return (
    <Card
      className="group relative flex w-full flex-col gap-4 p-4 transition-shadow [contain-intrinsic-block-size:auto_168px] [content-visibility:auto] hover:shadow-md"
      data-testid="ad-card"
    >
      <div className="flex gap-3">
        <AdLogo ad={ad} size="lg" />
        <div className="min-w-0">
          {/* Two lines at most and always two lines tall: the players of a row of cards line up. */}
          <h3 className="line-clamp-2 h-[2.75rem] text-base font-semibold leading-[1.375rem]">
            <Link to={adPath(ad.slug)} className="hover:text-brand-700 hover:underline">
              {ad.match?.title ? <Highlighted parts={ad.match.title} /> : ad.title}
            </Link>
          </h3>
          <p className="mt-1 truncate text-sm text-slate-700">{ad.businessName}</p>
        </div>
      </div>
      {ad.match?.snippet && (
        <p className="text-sm text-slate-700" data-testid="match-snippet">
          <span className="font-medium text-slate-900">{SNIPPET_LABEL[ad.match.snippetFrom ?? 'description']}</span>
          {ad.match.snippetFrom === 'phone' ? (
            <Highlighted parts={ad.match.snippet} />
          ) : (
            <>
              ...
              <Highlighted parts={ad.match.snippet} />
              ...
            </>
          )}
        </p>
      )}
      <CountedPlayer ad={ad} size="sm" showTime={false} />
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800">{ad.category}</span>
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
      <LogoLinesSkeleton size="card" />
      <Skeleton className="h-8 w-full" />
      <Skeleton className="h-3 w-2/3" />
    </Card>
  );
}

/** `numbered`: each card's item gets the id `{numbered}-{n}` (from 1), a place a link can land on. */
export function AdGrid({ ads, numbered }: { ads: PublicAd[]; numbered?: string }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {ads.map((ad, i) => (
        <li key={ad.id} id={numbered && `${numbered}-${i + 1}`} className="flex scroll-mt-20">
          <AdCard ad={ad} />
        </li>
      ))}
    </ul>
  );
}
