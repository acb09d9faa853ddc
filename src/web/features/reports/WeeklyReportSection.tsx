import { Mail } from 'lucide-react';
import { useId, useMemo } from 'react';
import { reportMessages } from '../../../shared/reports';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api';
import { useReportSettings, useSendReportNow, useUpdateReportSettings } from './api/reports';

/** Every IANA zone the browser knows, with the saved one kept even when it does not list it. */
function zoneList(current: string | undefined): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(['UTC', ...known]);
  if (current) zones.add(current);
  return [...zones].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

/** Settings' weekly report: on or off, the time zone its Monday 08:00 is in, and one now on request. */
export function WeeklyReportSection() {
  const { data, isPending, isError, error, refetch } = useReportSettings();
  const update = useUpdateReportSettings();
  const sendNow = useSendReportNow();
  const zones = useMemo(() => zoneList(data?.timeZone), [data?.timeZone]);
  const switchId = useId();
  const zoneId = useId();
  const hintId = useId();

  const save = async (values: { timeZone: string; weeklyReport: boolean }) => {
    try {
      await update.mutateAsync(values);
      toast.success(reportMessages.settingsSaved);
    } catch (err) {
      toast.error(errorText(err) ?? 'Your report settings could not be saved');
    }
  };
  const send = async () => {
    try {
      toast.success((await sendNow.mutateAsync()).message);
    } catch (err) {
      toast.error(errorText(err) ?? reportMessages.reportFailed);
    }
  };

  return (
    <Card className="mt-6 p-6" aria-labelledby={`${switchId}-title`}>
      <h2 id={`${switchId}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Mail className="h-5 w-5 text-brand-700" aria-hidden /> Weekly report
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Every Monday at 08:00 in your time zone: last week's plays, unique listeners, clicks and best ad, each against
        the week before.
      </p>
      {isPending ? (
        <p className="mt-4 text-sm text-slate-700" aria-busy="true">
          Loading report settings...
        </p>
      ) : isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3" role="alert">
          <p className="text-sm text-red-700">Unable to load your report settings: {error.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mt-4 space-y-5">
          <div className="flex items-center justify-between gap-4">
            <label htmlFor={switchId} className="text-sm font-medium">
              E-mail me the weekly report
            </label>
            <Switch
              id={switchId}
              checked={data.weeklyReport}
              disabled={update.isPending}
              onCheckedChange={(weeklyReport) => void save({ ...data, weeklyReport })}
            />
          </div>
          <div>
            <label htmlFor={zoneId} className="mb-1 block text-sm font-medium">
              Time zone
            </label>
            <select
              id={zoneId}
              value={data.timeZone}
              disabled={update.isPending}
              aria-describedby={hintId}
              onChange={(e) => void save({ ...data, timeZone: e.target.value })}
              className="h-11 w-full max-w-sm rounded-md border border-slate-300 bg-surface px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
            <p id={hintId} className="mt-1 text-sm text-slate-700">
              Your report's weeks run Monday to Sunday in this zone.
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={() => void send()} disabled={sendNow.isPending}>
              {sendNow.isPending ? 'Sending...' : "Send me this week's report"}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
