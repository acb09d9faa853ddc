import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useAnalytics, useAnalyticsStream } from '../../features/analytics/api/analytics';
import {
  ReportCharts,
  ReportError,
  hasEvents,
  ReportHeader,
  ReportLoading,
  SummaryCards,
  usePeriod,
} from '../../features/analytics/AnalyticsReport';
import { useMyPlan } from '../../features/plans/api/plans';
import { UpgradeRequired } from '../../features/plans/UpgradeRequired';
import { ShareStatsCard } from '../../features/reports/ShareStatsCard';
import { usePageMeta } from '../../lib/page-meta';
import { adPath } from '../../../shared/ad-links';

/** One ad's figures: the same cards and charts as the overview, for this ad only. */
export default function AdAnalyticsPage() {
  const { adId = '' } = useParams();
  const [period, setPeriod] = usePeriod();
  const query = { period, adId };
  const { data, isPending, isError, error, refetch } = useAnalytics(query);
  // Without analytics in the plan: cards and per-ad figures; the rest shows as an upgrade.
  const analyticsEnabled = useMyPlan().data?.analyticsEnabled === true;
  useAnalyticsStream(analyticsEnabled);
  const ad = data?.ads.find((a) => a.id === adId);
  usePageMeta({
    title: `${ad ? `${ad.title} analytics` : 'Ad analytics'} | AdReplay`,
    description: 'Plays, clicks, shares and QR scans of one ad.',
  });
  return (
    <div className="space-y-6">
      <ReportHeader
        title={ad?.title ?? 'Ad analytics'}
        query={query}
        onPeriodChange={setPeriod}
        csv={analyticsEnabled}
        exportable={Boolean(data && hasEvents(data.totals))}
      >
        <Link
          to={`/dashboard/analytics?period=${period}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Analytics
        </Link>
      </ReportHeader>
      {isPending ? (
        <ReportLoading />
      ) : isError ? (
        <ReportError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          {ad && (
            <Link
              to={adPath(ad.slug)}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
            >
              <ExternalLink className="h-4 w-4" aria-hidden /> View the public page
            </Link>
          )}
          <SummaryCards summary={data} single />
          {analyticsEnabled ? (
            <ReportCharts summary={data} adId={adId} />
          ) : (
            <UpgradeRequired
              what={
                'Charts, breakdowns by source and device, CSV export and live counters come with the plans that include analytics. Your totals and per-ad figures stay here on every plan.'
              }
            />
          )}
          {ad && <ShareStatsCard adId={ad.id} />}
        </>
      )}
    </div>
  );
}
