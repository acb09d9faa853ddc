import {
  BarChart3,
  BadgeCheck,
  Headphones,
  List,
  MailWarning,
  MousePointerClick,
  Play,
  Plus,
  Radio,
  Settings,
} from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { ChangeBadge, Stat } from '../../components/ui/stat';
import { useMyAds } from '../../features/ads/api/my-ads';
import { MyAdsLoadError } from '../../features/ads/MyAdsLoadError';
import { useAnalytics, useAnalyticsStream } from '../../features/analytics/api/analytics';
import { useSession } from '../../features/auth/api/session';
import { ResendVerification } from '../../features/auth/ResendVerification';
import { useMyPlan } from '../../features/plans/api/plans';
import { formatCount, formatDate, plural } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';
import { adPath } from '../../../shared/ad-links';
import { changeOf, PERIOD_LABELS, periodPhrase, type EventCounts, type Period } from '../../../shared/analytics';
import { greetingName } from '../../../shared/auth';

/** The home's cards cover the last 30 days, as the analytics page does by default. */
const HOME_PERIOD: Period = '30d';

function AdFigures({ figures }: { figures: { plays: number; clicks: number } }) {
  return (
    <p
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 tabular-nums"
      data-testid="ad-figures"
    >
      <span className="flex items-center gap-1">
        <Play className="h-4 w-4" aria-hidden /> {plural(figures.plays, 'play')}
      </span>
      <span className="flex items-center gap-1">
        <MousePointerClick className="h-4 w-4" aria-hidden /> {plural(figures.clicks, 'click')}
      </span>
      <span className="text-xs">all time</span>
    </p>
  );
}

export default function DashboardHomePage() {
  usePageMeta('/dashboard');
  const { user, profile } = useSession();
  const ads = useMyAds();
  // The cards: the last 30 days against the 30 before, and all time; per ad, all time. Kept live by the stream.
  const month = useAnalytics({ period: HOME_PERIOD });
  const figures = useAnalytics({ period: 'all' });
  const totals = month.data?.totals;
  const previous = month.data?.previous;
  const allTime = figures.data?.totals;
  useAnalyticsStream(useMyPlan().data?.analyticsEnabled === true);
  if (!user) return null;
  const list = ads.data?.ads ?? [];
  const perAd = new Map(figures.data?.ads.map((a) => [a.id, a]));
  const words = periodPhrase(HOME_PERIOD);
  const against = PERIOD_LABELS[HOME_PERIOD].toLowerCase();
  const change = (pick: (c: EventCounts) => number) =>
    totals && previous ? <ChangeBadge change={changeOf(pick(totals), pick(previous))} against={against} /> : undefined;
  return (
    <div className="space-y-8">
      <div className="space-y-4">
        <div>
          <h1 className="text-2xl font-bold">Welcome back, {greetingName(user, profile)}!</h1>
          <p className="text-slate-700">Here is how your ads are doing.</p>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat
            label="Plays"
            period={words}
            value={totals && formatCount(totals.plays)}
            icon={Play}
            change={change((c) => c.plays)}
            detail={allTime && `${formatCount(allTime.plays)} all time`}
          />
          <Stat
            label="Unique listeners"
            period={words}
            value={totals && formatCount(totals.listeners)}
            icon={Headphones}
            change={change((c) => c.listeners)}
            detail={allTime && `${formatCount(allTime.listeners)} all time`}
          />
          <Stat
            label="Clicks"
            period={words}
            value={totals && formatCount(totals.clicks)}
            icon={MousePointerClick}
            change={change((c) => c.clicks)}
            detail={allTime && `${formatCount(allTime.clicks)} all time`}
          />
          <Stat
            label="Active Ads"
            period="right now"
            value={totals && formatCount(totals.activeAds)}
            icon={Radio}
            detail={totals && `of ${plural(totals.ads, 'ad')} in all`}
          />
        </dl>
      </div>
      {user.emailVerified ? (
        <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="email-status">
          <BadgeCheck className="h-4 w-4 shrink-0 text-green-700" aria-hidden />
          <span>
            E-mail address confirmed: <span className="break-all">{user.email}</span>
          </span>
        </p>
      ) : (
        <Card className="border-amber-300 bg-amber-50 p-4" data-testid="email-status">
          <h2 className="flex items-center gap-2 font-semibold">
            <MailWarning className="h-5 w-5 shrink-0 text-amber-800" aria-hidden /> E-mail address not confirmed yet
          </h2>
          <p className="mt-1 mb-3 text-sm text-slate-800">
            We sent a confirmation link to <strong className="break-all">{user.email}</strong>. Open it to confirm the
            address; it is where password resets go.
          </p>
          <ResendVerification email={user.email} />
        </Card>
      )}

      <section aria-labelledby="recent-heading">
        <div className="flex items-center justify-between">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent Ads
          </h2>
          {list.length > 0 && (
            <Link to="/dashboard/ads" className="text-sm font-medium text-brand-700 underline">
              {list.length > 3 ? `View All ${list.length} Ads` : 'View All'}
            </Link>
          )}
        </div>
        {ads.isPending ? (
          <Skeleton className="mt-4 h-24 w-full" />
        ) : ads.isError ? (
          <MyAdsLoadError error={ads.error} userId={user.id} className="mt-4" />
        ) : list.length === 0 ? (
          <Card className="mt-4 p-8 text-center">
            <h3 className="text-lg font-semibold">No ads yet</h3>
            <p className="mt-1 text-slate-700">Upload your first radio or podcast ad to get its own page.</p>
            <ButtonLink to="/dashboard/ads/create" className="mt-4">
              <Plus className="h-4 w-4" aria-hidden /> Create Your First Ad
            </ButtonLink>
          </Card>
        ) : (
          <ul className="mt-4 space-y-2">
            {list.slice(0, 3).map((ad) => (
              <li key={ad.id}>
                <Card className="flex flex-wrap items-center justify-between gap-4 p-4" data-testid="recent-ad">
                  <div className="min-w-0">
                    <Link to={adPath(ad.slug)} className="font-medium hover:underline">
                      {ad.title}
                    </Link>
                    <p className="text-sm text-slate-700">
                      {ad.category} · added {formatDate(ad.createdAt)} · {ad.isActive ? 'Active' : 'Inactive'}
                    </p>
                  </div>
                  {figures.isPending ? (
                    <Skeleton className="h-5 w-32" />
                  ) : (
                    perAd.has(ad.id) && <AdFigures figures={perAd.get(ad.id)!} />
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading" className="text-lg font-semibold">
          Quick Actions
        </h2>
        <div className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <ButtonLink to="/dashboard/ads/create">
            <Plus className="h-4 w-4" aria-hidden /> Create New Ad
          </ButtonLink>
          <ButtonLink to="/dashboard/ads" variant="secondary">
            <List className="h-4 w-4" aria-hidden /> Manage Ads
          </ButtonLink>
          <ButtonLink to="/dashboard/analytics" variant="secondary">
            <BarChart3 className="h-4 w-4" aria-hidden /> View Analytics
          </ButtonLink>
          <ButtonLink to="/dashboard/settings" variant="secondary">
            <Settings className="h-4 w-4" aria-hidden /> Settings
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
