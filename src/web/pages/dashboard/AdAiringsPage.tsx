import { ArrowLeft, Download, Radio } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { plural } from '../../lib/format';
import { LoadFailure } from '../../components/layout/LoadFailure';
import { buttonClass } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { useMyAd } from '../../features/ads/api/my-ads';
import { AiringRows, dayLabel, groupAirings } from '../../features/stations/AiringsTable';
import { useAdAirings } from '../../features/stations/api/stations';
import { usePageMeta } from '../../lib/page-meta';
import { stationPath } from '../../../shared/station-links';
import { ApiError } from '../../lib/api';

/** Where and when one of the advertiser's ads aired: per station and local day, with a CSV export. */
export default function AdAiringsPage() {
  const { id = '' } = useParams();
  const ad = useMyAd(id).data;
  const { data, isPending, error, refetch, isFetching } = useAdAirings(id);
  usePageMeta({
    title: `${ad ? `${ad.title} airings` : 'Ad airings'} | AdReplay`,
    description: 'Every airing of one ad, by station and day.',
  });
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Card className="p-8 text-center">
        <h1 className="text-xl font-semibold">Ad not found</h1>
        <Link to="/dashboard/ads" className={buttonClass({ variant: 'secondary' }, 'mt-4')}>
          Back to Manage Ads
        </Link>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <div>
        <Link to="/dashboard/ads" className="inline-flex items-center gap-1 text-sm text-slate-700 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Manage Ads
        </Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{ad ? `Airings of ${ad.title}` : 'Airings'}</h1>
          {data && data.length > 0 && (
            <a
              href={`/api/my/ads/${id}/airings.csv`}
              download
              className={buttonClass({ variant: 'secondary' })}
              data-testid="airings-csv"
            >
              <Download className="h-4 w-4" aria-hidden /> Export CSV
            </a>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-700">
          Times are in each station&apos;s own time zone. Detected airings were heard on the station&apos;s stream;
          reported ones come from its as-run log.
        </p>
      </div>
      {isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : error ? (
        <LoadFailure
          title="Airings could not be loaded"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : data.length === 0 ? (
        <Card className="p-8 text-center">
          <Radio className="mx-auto h-8 w-8 text-brand-700" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">No airings yet</h2>
          <p className="mt-1 text-sm text-slate-700">
            When a station plays this ad, or reports it in its as-run log, each airing is listed here.
          </p>
        </Card>
      ) : (
        groupAirings(data).map(({ station, days }) => {
          const total = [...days.values()].reduce((n, d) => n + d.length, 0);
          return (
            <Card key={station.stationId} className="p-4 sm:p-6" data-testid="airings-station">
              <h2 className="text-lg font-semibold">
                <Link to={stationPath(station.callSign)} className="hover:text-brand-700 hover:underline">
                  {station.callSign}
                </Link>{' '}
                <span className="font-normal text-slate-700">{station.stationName}</span>
              </h2>
              <p className="text-sm text-slate-700">
                {plural(total, 'airing')} · {station.timeZone.replace(/_/g, ' ')}
              </p>
              <div className="mt-4 space-y-4">
                {[...days].map(([day, airings]) => (
                  <section key={day}>
                    <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-700">
                      {dayLabel(day)} · {plural(airings.length, 'airing')}
                    </h3>
                    <AiringRows airings={airings} show="station" />
                  </section>
                ))}
              </div>
            </Card>
          );
        })
      )}
    </div>
  );
}
