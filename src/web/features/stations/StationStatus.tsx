import type { PublicStation } from '../../../shared/stations';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/cn';

/** Whether the station's stream is heard: live, offline since when (so gaps are honest), or no stream. */
export function StationStatus({
  station,
  hasStream = true,
}: {
  station: Pick<PublicStation, 'monitorStatus' | 'offlineSince'>;
  /** Only the partner knows; the public page says 'as-run log' instead of 'no stream'. */
  hasStream?: boolean;
}) {
  const { monitorStatus, offlineSince } = station;
  const [text, tone] =
    monitorStatus === 'live'
      ? ['Live: stream monitored', 'bg-emerald-100 text-emerald-900']
      : monitorStatus === 'offline'
        ? [`Offline since ${offlineSince ? formatDateTime(offlineSince) : 'recently'}`, 'bg-amber-100 text-amber-900']
        : hasStream
          ? ['Reported airings (as-run log)', 'bg-slate-100 text-slate-800']
          : ['No stream: reported airings only', 'bg-slate-100 text-slate-800'];
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium', tone)}
      data-testid="station-status"
    >
      <span
        aria-hidden
        className={cn(
          'h-2 w-2 rounded-full',
          monitorStatus === 'live' ? 'bg-emerald-600' : monitorStatus === 'offline' ? 'bg-amber-600' : 'bg-slate-500',
        )}
      />
      {text}
    </span>
  );
}
