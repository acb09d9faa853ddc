import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useAnalytics, useAnalyticsStream } from '../../features/analytics/analytics.api';
import {
  ReportCharts,
  ReportError,
  ReportHeader,
  ReportLoading,
  SummaryCards,
  usePeriod,
} from '../../features/analytics/AnalyticsReport';
import { usePageMeta } from '../../lib/page-meta';

/** One ad's figures: the same cards and charts as the overview, for this ad only. */
export default function AdAnalyticsPage() {
  const { adId = '' } = useParams();
  const [period, setPeriod] = usePeriod();
  const query = { period, adId };
  const { data, isPending, isError, error, refetch } = useAnalytics(query);
  useAnalyticsStream();
  const ad = data?.ads.find((a) => a.id === adId);
  usePageMeta({
    title: `${ad ? `${ad.title} analytics` : 'Ad analytics'} | AdReplay`,
    description: 'Plays, clicks, shares and QR scans of one ad.',
  });
  return (
    <div className="space-y-6">
      <ReportHeader title={ad?.title ?? 'Ad analytics'} query={query} onPeriodChange={setPeriod}>
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
              to={`/ad/${ad.slug}`}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline"
            >
              <ExternalLink className="h-4 w-4" aria-hidden /> View the public page
            </Link>
          )}
          <SummaryCards totals={data.totals} single />
          <ReportCharts summary={data} />
        </>
      )}
    </div>
  );
}
