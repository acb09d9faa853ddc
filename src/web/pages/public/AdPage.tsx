import { Calendar, ExternalLink, Globe, MapPin, Phone, Radio, Tag, User } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicAd } from '../../../shared/ads';
import { messages } from '../../../shared/messages';
import { stationPath } from '../../../shared/station-links';
import { LoadFailure } from '../../components/layout/LoadFailure';
import { ButtonLink, buttonClass } from '../../components/ui/button';
import { Card, LogoLinesSkeleton, Skeleton } from '../../components/ui/card';
import { AdLogo } from '../../components/ad/AdLogo';
import { useAd, useRelatedAds } from '../../features/ads/api/ads';
import { AdCard } from '../../features/player/AdCard';
import { recordEvent } from '../../features/player/api/events';
import { CountedPlayer } from '../../features/player/CountedPlayer';
import type { PlayerControl } from '../../features/player/AudioPlayer';
import { Transcript } from '../../features/player/Transcript';
import { captionsPath } from '../../../shared/transcripts';
import { PlayerActions } from '../../features/player/PlayerActions';
import { useLinkArrival } from '../../features/player/use-link-arrival';
import { ReportAd } from '../../features/moderation/ReportAd';
import { SaveButtons } from '../../features/saved/SaveButtons';
import { ApiError } from '../../lib/api';
import { isRefusal } from '../../lib/query-client';
import { formatUtcDate } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';

function Related({ slug }: { slug: string }) {
  const { data } = useRelatedAds(slug);
  if (!data?.ads.length) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="text-2xl font-bold">
        Related Ads
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="related-ads">
        {data.ads.map((ad) => (
          <li key={ad.id} className="flex">
            <AdCard ad={ad} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the ad aired lately: 'Aired on KXRP, Tue 8:14 AM', each linking to the station's page. */
function AiredOn({ ad }: { ad: PublicAd }) {
  if (!ad.airedOn?.length) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="aired-on">
      <Radio className="h-4 w-4 text-slate-600" aria-hidden />
      <ul className="flex flex-wrap gap-x-3 gap-y-1">
        {ad.airedOn.map((a) => (
          <li key={`${a.callSign}-${a.startedAt}`}>
            <Link to={stationPath(a.callSign)} className="hover:text-brand-700 hover:underline">
              Aired on <span className="font-semibold">{a.callSign}</span>,{' '}
              <time dateTime={a.startedAt}>{a.localTime}</time>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Fact({ icon: Icon, label, children }: { icon: typeof User; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <Icon className="h-4 w-4 text-slate-600" aria-hidden />
      <dt className="text-slate-700">{label}:</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The advertiser's website in a new tab; each press counts as a click on the website button. */
function WebsiteLink({
  ad,
  href,
  className,
  children,
}: {
  ad: PublicAd;
  href: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => recordEvent({ adId: ad.id, type: 'click', referrer: 'website_button' })}
      className={className}
    >
      {children}
    </a>
  );
}

function AdDetails({ ad }: { ad: PublicAd }) {
  usePageMeta({ title: `${ad.title} | AdReplay`, description: ad.description ?? `${ad.title} by ${ad.businessName}` });
  useLinkArrival(ad.id);
  const website = ad.websiteUrl;
  const phoneHref = ad.phone ? `tel:${ad.phone.replace(/[^+\d]/g, '')}` : null;
  const callClicked = () => recordEvent({ adId: ad.id, type: 'click', referrer: 'call_button' });
  const hasContact = Boolean(ad.phone || website || ad.location);
  const player = useRef<PlayerControl>(null);
  const [time, setTime] = useState(0);
  return (
    <article className="mx-auto max-w-5xl px-4 py-4 sm:py-10">
      {/* The first screen on a phone: artwork, title, advertiser, the player and the ways to respond. */}
      <Card className="overflow-hidden">
        {/* Artwork and title side by side; on a phone the facts take the card's full width below them. */}
        <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 p-4 sm:grid-rows-[auto_1fr] sm:items-start sm:gap-x-6 sm:gap-y-4 sm:p-6">
          <div className="sm:row-span-2">
            <AdLogo ad={ad} size="xl" />
          </div>
          <h1 className="text-2xl font-bold leading-tight sm:text-4xl">{ad.title}</h1>
          <dl className="col-span-2 flex flex-wrap gap-x-5 gap-y-1 sm:col-span-1">
            <Fact icon={User} label="Advertiser">
              {ad.businessName}
            </Fact>
            <Fact icon={Tag} label="Category">
              {ad.category}
            </Fact>
            {ad.location && (
              <Fact icon={MapPin} label="Location">
                {ad.location}
              </Fact>
            )}
            <Fact icon={Calendar} label="Added">
              {formatUtcDate(ad.createdAt)}
            </Fact>
          </dl>
        </div>
        <div className="border-t border-slate-200 bg-slate-50 p-4 sm:p-6">
          <p className="mb-3 text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{ad.businessName}</span> · {ad.category}
          </p>
          <CountedPlayer
            ad={ad}
            captionsUrl={ad.transcriptSegments?.length ? captionsPath(ad.slug) : undefined}
            onTimeChange={setTime}
            controlRef={player}
          />
          <Transcript ad={ad} time={time} onPlayFrom={(s) => player.current?.playFrom(s)} />
          {(phoneHref || website) && (
            <div className="mt-4 grid grid-cols-2 gap-2 sm:flex">
              {phoneHref && (
                <a href={phoneHref} onClick={callClicked} className={buttonClass({ size: 'lg' })}>
                  <Phone className="h-4 w-4" aria-hidden /> Call<span className="sr-only"> {ad.businessName}</span>
                </a>
              )}
              {website && (
                <WebsiteLink ad={ad} href={website} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
                  <Globe className="h-4 w-4" aria-hidden />
                  <span className="sr-only">{ad.businessName} </span>Website
                </WebsiteLink>
              )}
            </div>
          )}
          <AiredOn ad={ad} />
          <div className="mt-4">
            <PlayerActions ad={ad}>
              <SaveButtons ad={ad} />
            </PlayerActions>
          </div>
          <div className="mt-2 flex justify-end">
            <ReportAd slug={ad.slug} className={buttonClass({ variant: 'ghost', size: 'chip' })} />
          </div>
        </div>
      </Card>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card className="p-6">
          <h2 className="text-lg font-semibold">About {ad.businessName}</h2>
          <p className="mt-2 text-slate-800">
            {ad.description ||
              `${ad.businessName} shared this ad on AdReplay so you can listen again any time. Get in touch to learn more about their offer.`}
          </p>
          {website && (
            <WebsiteLink ad={ad} href={website} className={buttonClass({}, 'mt-4')}>
              <Globe className="h-4 w-4" aria-hidden /> Visit Website
            </WebsiteLink>
          )}
        </Card>
        {hasContact && (
          <Card className="p-6">
            <h2 className="text-lg font-semibold">Contact Information</h2>
            <dl className="mt-3 space-y-2">
              {ad.phone && (
                <Fact icon={Phone} label="Phone">
                  {ad.phone}
                </Fact>
              )}
              {website && (
                <Fact icon={Globe} label="Website">
                  {new URL(website).host}
                </Fact>
              )}
              {ad.location && (
                <Fact icon={MapPin} label="Location">
                  {ad.location}
                </Fact>
              )}
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              {phoneHref && (
                <a href={phoneHref} onClick={callClicked} className={buttonClass()}>
                  <Phone className="h-4 w-4" aria-hidden /> Call Now
                </a>
              )}
              {website && (
                <WebsiteLink ad={ad} href={website} className={buttonClass({ variant: 'secondary' })}>
                  <ExternalLink className="h-4 w-4" aria-hidden /> Visit Site
                </WebsiteLink>
              )}
            </div>
          </Card>
        )}
      </div>

      <Related slug={ad.slug} />
    </article>
  );
}

export function AdPage() {
  const { slug = '' } = useParams();
  const { data: ad, isPending, error, refetch, isFetching } = useAd(slug);
  if (isPending) {
    // A screen tall at least, as the ad page always is: the footer stays below the fold while the ad
    // loads instead of jumping down when it arrives (a layout shift).
    return (
      <div className="mx-auto min-h-screen max-w-5xl px-4 py-10" aria-busy="true">
        <p className="text-slate-700">{messages.loadingAd}</p>
        <div className="mt-6">
          <LogoLinesSkeleton size="page" />
        </div>
        <Skeleton className="mt-8 h-40 w-full" />
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      </div>
    );
  }
  // A refusal (404, or 400 for an address that is no slug) means there is no such ad; anything else (the
  // service briefly away, the network) is a failure to load one that may well exist.
  if (error && !isRefusal(error)) {
    return (
      <LoadFailure title={messages.adUnavailable} error={error} onRetry={() => void refetch()} retrying={isFetching}>
        <ButtonLink to="/" variant="secondary">
          Return to Home
        </ButtonLink>
      </LoadFailure>
    );
  }
  // Hidden by moderation (451): the server's short notice instead of the ad.
  if (error instanceof ApiError && error.status === 451) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{messages.adRemoved}</h1>
        <p className="mt-3 text-slate-700">{error.message}</p>
        <Link to="/" className={buttonClass({}, 'mt-6')}>
          Return to Home
        </Link>
      </section>
    );
  }
  if (error || !ad) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{messages.adNotFound}</h1>
        <p className="mt-3 text-slate-700">{messages.adNotFoundText}</p>
        <Link to="/" className={buttonClass({}, 'mt-6')}>
          Return to Home
        </Link>
      </section>
    );
  }
  return <AdDetails ad={ad} />;
}
