import { useParams } from 'react-router';
import { Logo } from '../../components/layout/Header';
import { Card } from '../../components/ui/card';
import {
  ReportCharts,
  ReportError,
  ReportHeader,
  ReportLoading,
  SummaryCards,
  usePeriod,
} from '../../features/analytics/AnalyticsReport';
import { useSharedStats } from '../../features/reports/api/reports';
import { isApiError } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

/**
 * A shared ad's figures, read-only, for whoever holds the link: the analytics report's own cards and charts,
 * without the dashboard, the marketing site, or anything of the owner's beyond this ad.
 */
export default function SharedStatsPage() {
  const { token = '' } = useParams();
  const [period, setPeriod] = usePeriod();
  const { data, isPending, isError, error, refetch } = useSharedStats(token, period);
  const ad = data?.ads[0];
  usePageMeta({
    title: `${ad ? `${ad.title}: shared stats` : 'Shared ad stats'} | AdReplay`,
    description: "One ad's plays, listeners and clicks, shared by its owner.",
  });
  const gone = isError && isApiError(error, 'NOT_FOUND');
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-surface">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Logo />
          <span className="text-sm text-slate-700">Shared stats, read-only</span>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-8">
        {gone ? (
          <Card className="p-6 text-center">
            <h1 className="text-2xl font-bold">Page Not Found</h1>
            <p className="mt-2 text-slate-700">This stats link does not exist or was revoked by the ad's owner.</p>
          </Card>
        ) : (
          <>
            <ReportHeader
              title={ad?.title ?? 'Shared ad stats'}
              query={{ period }}
              onPeriodChange={setPeriod}
              csv={false}
              exportable={false}
            />
            {isPending ? (
              <ReportLoading />
            ) : isError ? (
              <ReportError error={error} onRetry={() => void refetch()} />
            ) : (
              <>
                <SummaryCards summary={data} single />
                {data.charts && <ReportCharts summary={data} hours={false} />}
              </>
            )}
          </>
        )}
      </main>
    </div>
  );
}
