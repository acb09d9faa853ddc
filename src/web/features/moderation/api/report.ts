import type { ReportReason } from '../../../../shared/moderation';
import { api } from '../../../lib/api';

/** A listener's report of an ad (no sign-in); answers the confirmation text. */
export const reportAd = (slug: string, input: { reason: ReportReason; details?: string }) =>
  api<{ ok: true; message: string }>(`/api/ads/${encodeURIComponent(slug)}/reports`, {
    method: 'POST',
    body: JSON.stringify(input),
  });
