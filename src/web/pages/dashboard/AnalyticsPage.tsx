import { Plus } from 'lucide-react';
import { messages } from '../../../shared/messages';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAnalytics, useAnalyticsStream } from '../../features/analytics/api/analytics';
import {
  AdsTable,
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
import { usePageMeta } from '../../lib/page-meta';

export default function AnalyticsPage() {
  usePageMeta('/dashboard/analytics');
  const [period, setPeriod] = usePeriod();
  const { data, isPending, isError, error, refetch } = useAnalytics({ period });
  // Without analytics in the plan: cards and per-ad figures; the rest shows as an upgrade.
  const analyticsEnabled = useMyPlan().data?.analyticsEnabled === true;
  useAnalyticsStream(analyticsEnabled);
  return (
    <div className="space-y-6">
      <ReportHeader
        title="Analytics"
        query={{ period }}
        onPeriodChange={setPeriod}
        csv={analyticsEnabled}
        exportable={Boolean(data && hasEvents(data.totals))}
      />
      {isPending ? (
        <ReportLoading />
      ) : isError ? (
        <ReportError error={error} onRetry={() => void refetch()} />
      ) : data.totals.ads === 0 ? (
        <Card className="p-10 text-center">
          <h2 className="text-lg font-semibold">{messages.noAnalytics}</h2>
          <p className="mt-1 text-slate-700">Publish an ad to start counting its plays, clicks, shares and scans.</p>
          <ButtonLink to="/dashboard/ads/create" className="mt-4">
            <Plus className="h-4 w-4" aria-hidden /> Create Your First Ad
          </ButtonLink>
        </Card>
      ) : (
        <>
          <SummaryCards summary={data} />
          {analyticsEnabled ? (
            <ReportCharts summary={data} />
          ) : (
            <UpgradeRequired
              what={
                'Charts, breakdowns by source and device, CSV export and live counters come with the plans that include analytics. Your totals and per-ad figures stay here on every plan.'
              }
            />
          )}
          <section aria-labelledby="per-ad-heading" className="space-y-3">
            <h2 id="per-ad-heading" className="text-lg font-semibold">
              Your ads
            </h2>
            <AdsTable ads={data.ads} period={period} />
          </section>
        </>
      )}
    </div>
  );
}
