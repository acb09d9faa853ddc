import { ExternalLink, Pencil, Plus, Radio, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Station } from '../../../shared/stations';
import { stationPath } from '../../../shared/station-links';
import { LoadFailure } from '../../components/layout/LoadFailure';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { AiringRows, dayLabel, groupAirings } from '../../features/stations/AiringsTable';
import { CsvImport } from '../../features/stations/CsvImport';
import { StationForm } from '../../features/stations/StationForm';
import { StationStatus } from '../../features/stations/StationStatus';
import { useDeleteStation, useMyStations, useStationAirings } from '../../features/stations/api/stations';
import { errorText } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

function StationLogo({ station }: { station: Station }) {
  return station.logoUrl ? (
    <img src={station.logoUrl} alt="" className="h-14 w-14 shrink-0 rounded-lg object-cover ring-1 ring-black/5" />
  ) : (
    <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
      <Radio className="h-6 w-6" aria-hidden />
    </span>
  );
}

/** What the station aired lately, by local day. */
function RecentAirings({ station }: { station: Station }) {
  const { data, isPending, error } = useStationAirings(station.id);
  if (isPending) return <Skeleton className="h-16 w-full" />;
  if (error) return <p className="text-sm text-red-700">{errorText(error) ?? 'Airings could not be loaded'}</p>;
  if (!data.length)
    return <p className="text-sm text-slate-700">Nothing aired yet: import an as-run log below, or add a stream.</p>;
  const [{ days }] = groupAirings(data) as [ReturnType<typeof groupAirings>[number]];
  return (
    <div className="space-y-3">
      {[...days].slice(0, 3).map(([day, airings]) => (
        <section key={day}>
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-700">{dayLabel(day)}</h4>
          <AiringRows airings={airings} show="ad" />
        </section>
      ))}
    </div>
  );
}

function StationCard({ station }: { station: Station }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteStation();
  const where = [station.frequency, station.city, station.timeZone.replace(/_/g, ' ')].filter(Boolean).join(' · ');
  return (
    <Card className="p-4 sm:p-6" data-testid="station-card">
      <div className="flex flex-wrap items-start gap-4">
        <StationLogo station={station} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold">
            {station.callSign} <span className="font-normal text-slate-700">{station.name}</span>
          </h2>
          <p className="text-sm text-slate-700">{where}</p>
          <div className="mt-2">
            <StationStatus station={station} hasStream={Boolean(station.streamUrl)} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={stationPath(station.callSign)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            <ExternalLink className="h-4 w-4" aria-hidden /> Public page
          </Link>
          <Button variant="secondary" size="sm" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
            <Pencil className="h-4 w-4" aria-hidden /> {editing ? 'Close' : 'Edit'}
            <span className="sr-only"> {station.callSign}</span>
          </Button>
          {confirming ? (
            <Button
              variant="danger"
              size="sm"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(station.id, {
                  onSuccess: () => toast.success(`${station.callSign} deleted`),
                  onError: (err) => toast.error(errorText(err) ?? 'The station could not be deleted'),
                })
              }
            >
              Delete {station.callSign} and its airings
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete<span className="sr-only"> {station.callSign}</span>
            </Button>
          )}
        </div>
      </div>
      {editing && (
        <div className="mt-6 border-t border-slate-200 pt-6">
          <StationForm station={station} onDone={() => setEditing(false)} />
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section>
          <h3 className="mb-2 font-semibold">What it aired</h3>
          <RecentAirings station={station} />
        </section>
        <section>
          <h3 className="mb-2 font-semibold">Import an as-run log</h3>
          <CsvImport stationId={station.id} callSign={station.callSign} />
        </section>
      </div>
    </Card>
  );
}

export default function StationsPage() {
  usePageMeta({ title: 'Stations | AdReplay', description: 'Your radio stations, their streams and what they aired.' });
  const { data, isPending, error, refetch, isFetching } = useMyStations();
  const [adding, setAdding] = useState(false);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Stations</h1>
          <p className="mt-1 text-sm text-slate-700">
            Register the stations you run: their pages list every ad they aired, from the stream or your as-run logs.
          </p>
        </div>
        {!adding && (
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> Register a Station
          </Button>
        )}
      </div>
      {adding && (
        <Card className="mt-6 p-4 sm:p-6">
          <div className="mb-4 flex items-center justify-between">
            <h2 className="text-lg font-semibold">Register a station</h2>
            <Button variant="ghost" size="sm" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          </div>
          <StationForm onDone={() => setAdding(false)} />
        </Card>
      )}
      <div className="mt-6 space-y-6">
        {isPending ? (
          <>
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </>
        ) : error ? (
          <LoadFailure
            title="Stations could not be loaded"
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : data.length === 0 ? (
          !adding && (
            <Card className="p-8 text-center">
              <Radio className="mx-auto h-8 w-8 text-brand-700" aria-hidden />
              <h2 className="mt-3 text-lg font-semibold">No stations yet</h2>
              <p className="mt-1 text-sm text-slate-700">
                Register a station to give it a public page of what it aired.
              </p>
            </Card>
          )
        ) : (
          data.map((station) => <StationCard key={station.id} station={station} />)
        )}
      </div>
    </div>
  );
}
