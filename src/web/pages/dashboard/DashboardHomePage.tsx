import { BarChart3, List, MousePointerClick, Play, Plus, Radio, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { Stat } from '../../components/ui/stat';
import { useSession } from '../../features/auth/session';
import { MyAdsLoadError } from '../../features/ads/MyAdsLoadError';
import { useMyAds, useMyStats } from '../../features/ads/my-ads.api';
import { useAnalytics, useAnalyticsStream } from '../../features/analytics/analytics.api';
import { formatDate, plural } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';

function AdFigures({ figures }: { figures: { plays: number; clicks: number } }) {
  return (
    <p className="flex gap-4 text-sm text-slate-700 tabular-nums">
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
  const stats = useMyStats();
  // Per-ad plays and clicks over all time; the stream keeps them and the cards live.
  const figures = useAnalytics({ period: 'all' });
  useAnalyticsStream();
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
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Total Ads" value={stats.data?.totalAds} icon={Radio} />
        <Stat label="Active Ads" value={stats.data?.activeAds} icon={List} />
        <Stat label="Total Plays" value={stats.data?.totalPlays} icon={Play} />
        <Stat label="Total Clicks" value={stats.data?.totalClicks} icon={MousePointerClick} />
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
                    <Link to={`/ad/${ad.slug}`} className="font-medium hover:underline">
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
