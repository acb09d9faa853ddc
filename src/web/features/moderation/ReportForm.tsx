import { useState } from 'react';
import {
  MAX_REPORT_DETAILS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../../shared/moderation';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { errorText } from '../../lib/api';
import { reportAd } from './api/report';

/**
 * The report itself: optional details first, then one button per reason, which sends it (the second press
 * after 'Report this ad'). The confirmation replaces the form.
 */
export default function ReportForm({ slug, onDone }: { slug: string; onDone: () => void }) {
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState<ReportReason | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function send(reason: ReportReason) {
    setSending(reason);
    setFailure(null);
    try {
      setSent((await reportAd(slug, { reason, details: details.trim() || undefined })).message);
    } catch (err) {
      setFailure(errorText(err) ?? 'The report could not be sent. Please try again.');
    } finally {
      setSending(null);
    }
  }

  if (sent) {
    return (
      <div className="space-y-4 p-5">
        <p role="status" className="text-slate-900">
          {sent}
        </p>
        <Button onClick={onDone}>Close</Button>
      </div>
    );
  }
  return (
    <div className="space-y-4 p-5">
      <div className="space-y-1">
        <Label htmlFor="report-details">Details (optional)</Label>
        <Textarea
          id="report-details"
          rows={3}
          maxLength={MAX_REPORT_DETAILS}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
        />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-900">Why are you reporting this ad?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {REPORT_REASONS.map((reason) => (
            <Button key={reason} variant="secondary" disabled={sending !== null} onClick={() => void send(reason)}>
              {sending === reason ? 'Sending...' : REPORT_REASON_LABELS[reason]}
            </Button>
          ))}
        </div>
      </fieldset>
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <p className="text-xs text-slate-700">
        Reports are anonymous: we keep a one-day listener code, never your address.
      </p>
    </div>
  );
}
