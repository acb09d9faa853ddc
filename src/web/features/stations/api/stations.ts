import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AiringList,
  AiringsCsvResult,
  Station,
  StationDay,
  StationInput,
  StationList,
} from '../../../../shared/stations';
import { api, browserRead, withQuery } from '../../../lib/api';
import { takePageData } from '../../../lib/page-data';
import { FRESH, retryUnlessRefused, USER_SCOPE } from '../../../lib/query-client';

/** Query keys: the public station pages under 'stations', the partner's own under the user scope. */
export const stationKeys = {
  day: (callSign: string, date?: string, hour?: number) =>
    ['stations', 'day', callSign, date ?? '', hour ?? ''] as const,
  mine: [USER_SCOPE, 'stations'] as const,
  airings: (id: string) => [USER_SCOPE, 'stations', id, 'airings'] as const,
  adAirings: (adId: string) => [USER_SCOPE, 'ad-airings', adId] as const,
};

/** A station page's address is its state: ?date=YYYY-MM-DD (the station's today when absent), ?hour=0-23. */
export function stationDayParams(params: URLSearchParams): { date?: string; hour?: number } {
  const date = params.get('date') ?? '';
  const hour = params.get('hour');
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
    hour: hour !== null && /^\d{1,2}$/.test(hour) && Number(hour) < 24 ? Number(hour) : undefined,
  };
}

/** What a station aired on a day (the route's loader asks the same on the server). */
export const stationDayQuery = (callSign: string, date?: string, hour?: number, read = browserRead) => ({
  queryKey: stationKeys.day(callSign.toUpperCase(), date, hour),
  queryFn: () => read<StationDay>(withQuery(`/api/stations/${encodeURIComponent(callSign)}`, { date, hour })),
  ...FRESH.list,
});

/**
 * The day the server put in the page for a browser-rendered first visit (no server renderer built), if it
 * is this station's today: shown without a request.
 */
function servedDay(callSign: string, date?: string, hour?: number) {
  if (date || hour !== undefined || typeof document === 'undefined') return undefined;
  const data = takePageData() as StationDay | undefined;
  return data?.station?.callSign === callSign.toUpperCase() && data.hour === null ? data : undefined;
}

export function useStationDay(callSign: string, date?: string, hour?: number) {
  return useQuery({
    ...stationDayQuery(callSign, date, hour),
    initialData: () => servedDay(callSign, date, hour),
    initialDataUpdatedAt: () => performance.timeOrigin,
    retry: retryUnlessRefused(1),
  });
}

export function useMyStations() {
  return useQuery({
    queryKey: stationKeys.mine,
    queryFn: async () => (await api<StationList>('/api/my/stations')).stations,
    ...FRESH.dashboard,
  });
}

export function useStationAirings(id: string) {
  return useQuery({
    queryKey: stationKeys.airings(id),
    queryFn: async () => (await api<AiringList>(`/api/my/stations/${id}/airings`)).airings,
    ...FRESH.dashboard,
  });
}

export function useAdAirings(adId: string) {
  return useQuery({
    queryKey: stationKeys.adAirings(adId),
    queryFn: async () => (await api<AiringList>(`/api/my/ads/${adId}/airings`)).airings,
    ...FRESH.dashboard,
    retry: retryUnlessRefused(3),
  });
}

/** After a change the partner's stations and every public station page refresh. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: stationKeys.mine });
    void qc.invalidateQueries({ queryKey: ['stations'] });
    void qc.invalidateQueries({ queryKey: ['ads'] });
  };
}

/** Saves a station (new, or `id`), then its logo when one was picked. */
export function useSaveStation(id?: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ input, logo }: { input: StationInput; logo?: File | null }) => {
      const saved = await api<Station>(id ? `/api/my/stations/${id}` : '/api/my/stations', {
        method: id ? 'PUT' : 'POST',
        body: JSON.stringify(input),
      });
      if (!logo) return saved;
      const form = new FormData();
      form.append('logo', logo);
      return api<Station>(`/api/my/stations/${saved.id}/logo`, { method: 'PUT', body: form });
    },
    onSettled: refresh,
  });
}

export function useDeleteStation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/my/stations/${id}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

/** Checks (dryRun) or imports a CSV as-run log for one station. */
export function useImportCsv(id: string) {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      api<AiringsCsvResult>(`/api/my/stations/${id}/airings/import`, {
        method: 'POST',
        body: JSON.stringify({ csv, dryRun }),
      }),
    onSuccess: (result, { dryRun }) => {
      if (dryRun || !result.imported) return;
      void qc.invalidateQueries({ queryKey: stationKeys.airings(id) });
      refresh();
    },
  });
}
