import { BarChart3, BadgeCheck, List, MailWarning, MousePointerClick, Play, Plus, Radio, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { Stat } from '../../components/ui/stat';
import { useMyAds } from '../../features/ads/api/my-ads';
import { MyAdsLoadError } from '../../features/ads/MyAdsLoadError';
import { useAnalytics, useAnalyticsStream } from '../../features/analytics/api/analytics';
import { useSession } from '../../features/auth/api/session';
import { ResendVerification } from '../../features/auth/ResendVerification';
import { useMyPlan } from '../../features/plans/api/plans';
import { formatCount, formatDate, plural } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';
import { adPath } from '../../../shared/ad-links';

function AdFigures({ figures }: { figures: { plays: number; clicks: number } }) {
  return (
    <p className="flex gap-4 text-sm text-slate-700 tabular-nums" data-testid="ad-figures">
      <span className="flex items-center gap-1">
        <Play className="h-4 w-4" aria-hidden /> {plural(figures.plays, 'play')}
      </span>
      <span className="flex items-center gap-1">
        <MousePointerClick className="h-4 w-4" aria-hidden /> {plural(figures.clicks, 'click')}
      </span>
    </p>
  );
}

export default function DashboardHomePage() {
  usePageMeta('/dashboard');
  const { user } = useSession();
  const ads = useMyAds();
  // The cards and the per-ad plays and clicks: the analytics summary over all time, kept live by the stream.
  const figures = useAnalytics({ period: 'all' });
  const totals = figures.data?.totals;
  useAnalyticsStream(useMyPlan().data?.analyticsEnabled === true);
  if (!user) return null;
  const name = user.email.split('@')[0];
  const list = ads.data?.ads ?? [];
  const perAd = new Map(figures.data?.ads.map((a) => [a.id, a]));
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Welcome back, {name}!</h1>
        <p className="text-slate-700">Here is how your ads are doing.</p>
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
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Total Ads" value={totals && formatCount(totals.ads)} icon={Radio} />
        <Stat label="Active Ads" value={totals && formatCount(totals.activeAds)} icon={List} />
        <Stat label="Total Plays" value={totals && formatCount(totals.plays)} icon={Play} />
        <Stat label="Total Clicks" value={totals && formatCount(totals.clicks)} icon={MousePointerClick} />
      </dl>

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
