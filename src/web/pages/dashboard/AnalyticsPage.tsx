import { Plus } from 'lucide-react';
import { messages } from '../../../shared/messages';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAnalytics, useAnalyticsStream } from '../../features/analytics/analytics.api';
import {
  AdsTable,
  ReportCharts,
  ReportError,
  ReportHeader,
  ReportLoading,
  SummaryCards,
  usePeriod,
} from '../../features/analytics/AnalyticsReport';
import { usePageMeta } from '../../lib/page-meta';

export default function AnalyticsPage() {
  usePageMeta('/dashboard/analytics');
  const [period, setPeriod] = usePeriod();
  const { data, isPending, isError, error, refetch } = useAnalytics({ period });
  useAnalyticsStream();
  return (
    <div className="space-y-6">
      <ReportHeader title="Analytics" query={{ period }} onPeriodChange={setPeriod} />
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
          <SummaryCards totals={data.totals} />
          <ReportCharts summary={data} />
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
