import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsSummary, Period } from '../../../../shared/analytics';
import type { ReportSettings, ReportSettingsInput, ShareLinkState } from '../../../../shared/reports';
import { api } from '../../../lib/api';
import { USER_SCOPE } from '../../../lib/query-client';

export const reportKeys = {
  settings: [USER_SCOPE, 'report-settings'] as const,
  statsLink: (adId: string) => [USER_SCOPE, 'stats-link', adId] as const,
};

export const useReportSettings = () =>
  useQuery({ queryKey: reportKeys.settings, queryFn: () => api<ReportSettings>('/api/my/report-settings') });

export function useUpdateReportSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportSettingsInput) =>
      api<ReportSettings>('/api/my/report-settings', { method: 'PUT', body: JSON.stringify(input) }),
    onSuccess: (saved) => {
      qc.setQueryData(reportKeys.settings, saved);
      // The listening hours are read in this zone (the analytics feature's keys start so).
      void qc.invalidateQueries({ queryKey: [USER_SCOPE, 'analytics'] });
    },
  });
}

export const useSendReportNow = () =>
  useMutation({
    mutationFn: () => api<{ message: string }>('/api/my/report-settings/send-now', { method: 'POST' }),
  });

export const useStatsLink = (adId: string) =>
  useQuery({
    queryKey: reportKeys.statsLink(adId),
    queryFn: () => api<ShareLinkState>(`/api/my/ads/${adId}/stats-link`),
    enabled: Boolean(adId),
  });

export function useCreateStatsLink(adId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<ShareLinkState>(`/api/my/ads/${adId}/stats-link`, { method: 'POST' }),
    onSuccess: (state) => qc.setQueryData(reportKeys.statsLink(adId), state),
  });
}

export function useRevokeStatsLink(adId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/api/my/ads/${adId}/stats-link`, { method: 'DELETE' }),
    onSuccess: () => qc.setQueryData(reportKeys.statsLink(adId), { exists: false, createdAt: null }),
  });
}

/** A shared link's figures: read by its token, nobody signed in. */
export const useSharedStats = (token: string, period: Period) =>
  useQuery({
    queryKey: ['shared-stats', token, period],
    queryFn: () => api<AnalyticsSummary & { charts: boolean }>(`/api/stats/${token}?period=${period}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
