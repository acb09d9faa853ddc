import {
  BarChart3,
  Globe,
  Link2,
  MousePointerClick,
  PlayCircle,
  QrCode,
  Search,
  Share2,
  Sparkles,
  TrendingUp,
  Upload,
  Wand2,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { FEATURED_HERO, FEATURED_HOME } from '../../../shared/limits';
import { messages } from '../../../shared/messages';
import { SearchCombobox } from '../../features/search/SearchCombobox';
import { HeardSearch } from '../../features/search/HeardSearch';
import { ListenButton } from '../../features/listen/ListenButton';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, LogoLinesSkeleton, Skeleton } from '../../components/ui/card';
import { AdLogo } from '../../components/ad/AdLogo';
import { useAdList } from '../../features/ads/api/ads';
import { AdCardSkeleton, AdGrid } from '../../features/player/AdCard';
import { CountedPlayer } from '../../features/player/CountedPlayer';
import { usePageMeta } from '../../lib/page-meta';
import { FeatureCards } from '../../features/marketing/blocks';
import { BrowserShot, PhoneShot } from '../../features/marketing/ProductShot';
import { adPath } from '../../../shared/ad-links';

const DemoVideoDialog = lazy(() => import('../../features/marketing/DemoVideoDialog'));

const STEPS = [
  {
    icon: Upload,
    title: 'Upload Your Ad',
    text: 'Add the MP3 that aired, your logo, and how customers can reach you.',
  },
  {
    icon: Wand2,
    title: 'Customize Your Page',
    text: 'Your ad gets a permanent page with your description, website and phone.',
  },
  {
    icon: Share2,
    title: 'Share & Promote',
    text: 'Share the link anywhere and print the QR code on menus, flyers and signs.',
  },
  {
    icon: BarChart3,
    title: 'Track Engagement',
    text: 'See how often your ad is played, shared, scanned and clicked through.',
  },
];
const BENEFITS = [
  {
    icon: Globe,
    title: 'Extended Reach',
    text: 'Your ad keeps working long after it airs, for listeners who missed it.',
  },
  {
    icon: TrendingUp,
    title: 'Measurable Performance',
    text: 'Plays, clicks, shares and QR scans, counted from real listener events.',
  },
  {
    icon: QrCode,
    title: 'Offline to Online',
    text: 'A QR code turns a radio spot or a printed flyer into a tap-to-call page.',
  },
  { icon: Search, title: 'SEO Benefits', text: 'Each ad page is indexable, with rich previews when it is shared.' },
  { icon: Sparkles, title: 'Enhanced Ad Value', text: 'Get more out of the production budget you already spent.' },
  {
    icon: MousePointerClick,
    title: 'Boost Conversions',
    text: 'Call Now and Visit Website buttons sit right beside the play button.',
  },
];
const TESTIMONIALS = [
  {
    quote: 'Customers tell us they heard our spot and found it again on AdReplay. Calls went up the same week.',
    name: 'Maria Lopez',
    role: 'Owner, Sunrise Bakery',
  },
  {
    quote: 'The QR code on our service vans gets scanned every day. It is the easiest marketing we do.',
    name: 'James Carter',
    role: 'Manager, FlowRight Plumbing',
  },
  {
    quote: 'Our sponsors love having a page they can share. It makes every read on air count twice.',
    name: 'Dana Whitfield',
    role: 'Sales Director, KXRP Community Radio',
  },
];

function HeroSearch() {
  return (
    <SearchCombobox
      label="Search for ads by name, category, or location"
      placeholder="Search for ads by name, category, or location..."
      className="mt-8 flex max-w-xl gap-2"
      inputClassName="h-12 rounded-md border-0 bg-surface pr-4 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-white"
      button={
        <Button type="submit" size="lg" variant="secondary">
          Search
        </Button>
      }
    />
  );
}

function FeaturedSample() {
  const { data, isPending, error } = useAdList({ featured: true, limit: FEATURED_HERO });
  const ad = data?.ads[0];
  if (isPending) {
    return (
      <Card className="space-y-4 p-6" aria-busy="true" aria-label="Loading featured ad">
        <LogoLinesSkeleton size="hero" />
        <Skeleton className="h-12 w-full" />
      </Card>
    );
  }
  if (error) {
    return (
      <Card className="p-6 text-slate-900">
        <h2 className="text-lg font-semibold">{messages.featuredUnavailable}</h2>
        <p className="mt-1 text-sm text-slate-700">We couldn't load the featured ad right now.</p>
        <div className="mt-4 flex gap-3 text-sm">
          <Link to="/directory" className="font-medium text-brand-700 underline">
            Browse the directory
          </Link>
          <Link to="/advertisers" className="font-medium text-brand-700 underline">
            Learn about advertising
          </Link>
        </div>
      </Card>
    );
  }
  if (!ad) {
    return (
      <Card className="p-6 text-slate-900">
        <h2 className="text-lg font-semibold">{messages.readyToStart}</h2>
        <p className="mt-1 text-sm text-slate-700">No featured ad yet. Yours could be the first.</p>
        <ButtonLink to="/dashboard/ads/create" className="mt-4">
          Create your first ad
        </ButtonLink>
      </Card>
    );
  }
  return (
    <Card className="p-6 text-slate-900">
      <div className="flex gap-4">
        <AdLogo ad={ad} size="lg" />
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Featured ad</p>
          <h2 className="text-lg font-semibold leading-snug">
            <Link to={adPath(ad.slug)} className="hover:underline">
              {ad.title}
            </Link>
          </h2>
          <p className="text-sm text-slate-700">
            {ad.businessName} · {ad.category}
          </p>
        </div>
      </div>
      <div className="mt-5">
        <CountedPlayer ad={ad} />
      </div>
    </Card>
  );
}

function FeaturedAds() {
  const { data, isPending, error } = useAdList({ featured: true, limit: FEATURED_HOME });
  return (
    <section aria-labelledby="featured-heading" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-heading" className="text-3xl font-bold">
              Featured Ads
            </h2>
            <p className="mt-2 text-slate-700">Hand-picked spots from businesses near you.</p>
          </div>
          <div className="flex gap-2">
            <ButtonLink to="/directory" variant="secondary">
              Browse All Ads
            </ButtonLink>
            <ButtonLink to="/advertisers">Create Your Own Ad</ButtonLink>
          </div>
        </div>
        <div className="mt-8">
          {isPending ? (
            <div aria-busy="true">
              <p className="mb-4 text-slate-700">{messages.loadingFeatured}</p>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {Array.from({ length: 3 }, (_, i) => (
                  <AdCardSkeleton key={i} />
                ))}
              </div>
            </div>
          ) : error ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6">
              <h3 className="font-semibold text-red-800">{messages.featuredError}</h3>
              <p className="mt-1 text-sm text-red-800">{error.message}</p>
              <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
                Refresh Page
              </Button>
            </div>
          ) : data.ads.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
              <h3 className="text-lg font-semibold">{messages.featuredEmpty}</h3>
              <p className="mt-1 text-slate-700">Create an ad and feature it to appear here.</p>
              <ButtonLink to="/advertisers" className="mt-4">
                Create Your Own Ad
              </ButtonLink>
            </div>
          ) : (
            <AdGrid ads={data.ads} />
          )}
        </div>
      </div>
    </section>
  );
}

export function HomePage() {
  usePageMeta('/');
  const [demoOpen, setDemoOpen] = useState(false);
  return (
    <>
      <section className="bg-gradient-to-br from-hero-from to-hero-to text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-2 lg:py-24">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Make Your Ads Work Harder</h1>
            <p className="mt-4 max-w-xl text-lg text-white/90">
              Radio and podcast ads vanish once they air. AdReplay gives every ad a permanent page that listeners can
              find, replay and share.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/signup" size="lg" variant="secondary">
                Get Started Free
              </ButtonLink>
              <button
                type="button"
                onClick={() => setDemoOpen(true)}
                className="inline-flex h-12 items-center gap-2 rounded-md px-6 font-medium text-white ring-1 ring-inset ring-white/70 hover:bg-surface/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <PlayCircle className="h-5 w-5" aria-hidden /> Watch Demo
              </button>
            </div>
            <HeroSearch />
            <ListenButton variant="hero" className="mt-4" search={(onDone) => <HeardSearch onDone={onDone} />} />
          </div>
          <FeaturedSample />
        </div>
      </section>
      {demoOpen && (
        <Suspense fallback={null}>
          <DemoVideoDialog onClose={() => setDemoOpen(false)} />
        </Suspense>
      )}

      <section aria-labelledby="how-heading" className="py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="how-heading" className="text-center text-3xl font-bold">
            How It Works
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="text-center">
                <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                  <Icon className="h-7 w-7" aria-hidden />
                </div>
                <h3 className="mt-4 font-semibold">
                  {i + 1}. {title}
                </h3>
                <p className="mt-2 text-sm text-slate-700">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="product-heading" className="pb-20">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="product-heading" className="text-center text-3xl font-bold">
            See It in Action
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">
            Listeners get a page that plays on any phone, with Call and Website a tap away. You see every play, click,
            share and scan on your dashboard.
          </p>
          <div className="relative mx-auto mt-10 max-w-5xl">
            <BrowserShot name="analytics" address="/dashboard/analytics" className="lg:mr-44" />
            <PhoneShot className="mx-auto mt-8 max-w-[240px] lg:absolute lg:-bottom-10 lg:right-0 lg:mt-0 lg:max-w-[270px]" />
          </div>
        </div>
      </section>

      <FeaturedAds />

      <section aria-labelledby="benefits-heading" className="py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="benefits-heading" className="text-center text-3xl font-bold">
            Why Advertisers Choose AdReplay
          </h2>
          <FeatureCards items={BENEFITS} className="mt-10 sm:grid-cols-2 lg:grid-cols-3" />
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="testimonials-heading" className="text-center text-3xl font-bold">
            What Advertisers Say
          </h2>
          <ul className="mt-10 grid gap-6 lg:grid-cols-3">
            {TESTIMONIALS.map((t) => (
              <li key={t.name}>
                <figure className="h-full rounded-xl border border-slate-200 bg-surface p-6">
                  <blockquote className="text-slate-800">“{t.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold">{t.name}</span>
                    <span className="block text-slate-700">{t.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="bg-hero-from py-16 text-center text-white">
        <div className="mx-auto max-w-3xl px-4">
          <h2 className="text-3xl font-bold">Give your next ad a second life</h2>
          <p className="mt-3 text-white/90">Create your free account and publish your first ad page in minutes.</p>
          <ButtonLink to="/register" size="lg" variant="secondary" className="mt-8">
            <Link2 className="h-5 w-5" aria-hidden /> Create Your Free Account
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
