import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { adPath } from '../../../shared/ad-links';
import { REPORT_REASON_LABELS, type QueueItem } from '../../../shared/moderation';
import { AdLogo } from '../../components/ad/AdLogo';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useModerationAction, type ModerationAction } from './api/admin';

const STATUS_LABELS: Record<QueueItem['ad']['status'], string> = {
  published: 'Public',
  draft: 'Draft',
  held: 'Held pending review',
  taken_down: 'Taken down',
  suspended: 'Hidden (advertiser suspended)',
};

/** One ad of the queue: what was reported, the ad itself, and every action (each needs a reason). */
function QueueCard({ item }: { item: QueueItem }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const act = useModerationAction();
  const { ad, owner } = item;
  const reasonId = `reason-${ad.id}`;
  const hidden = ad.status === 'held' || ad.status === 'taken_down';

  const run = (action: Omit<ModerationAction, 'reason'>, done: string) => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    act.mutate({ ...action, reason: reason.trim() } as ModerationAction, {
      onSuccess: () => {
        toast.success(done);
        setReason('');
      },
      onError: (err) => toast.error(errorText(err) ?? 'The action failed. Please try again.'),
    });
  };

  return (
    <Card className="p-4 sm:p-6" data-testid="queue-item">
      <div className="flex flex-wrap items-start gap-4">
        <AdLogo ad={ad} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold break-words">{ad.title}</h2>
          <p className="text-sm text-slate-700">
            {ad.businessName} · {owner.email}
            {owner.suspended && ' (suspended)'}
          </p>
          <p className="mt-1 text-sm">
            <span className="font-medium">{STATUS_LABELS[ad.status]}</span> ·{' '}
            {item.reportCount === 1 ? '1 open report' : `${item.reportCount} open reports`} · latest{' '}
            {formatDateTime(item.latestAt)}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Reasons">
            {item.reasons.map((r) => (
              <li key={r.reason} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-900">
                {REPORT_REASON_LABELS[r.reason]} × {r.count}
              </li>
            ))}
          </ul>
        </div>
        <a
          href={adPath(ad.slug)}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
        >
          <ExternalLink className="h-4 w-4" aria-hidden /> Ad page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      {ad.description && <p className="mt-3 text-sm text-slate-800">{ad.description}</p>}
      <audio controls preload="none" src={ad.audioUrl} className="mt-3 w-full" aria-label={`Audio of ${ad.title}`} />
      {item.review && (
        <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">The advertiser asked for a review ({formatDateTime(item.review.requestedAt)})</p>
          <p className="mt-1 whitespace-pre-wrap">{item.review.message}</p>
        </div>
      )}
      {item.reports.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium">Reports, newest first</summary>
          <ul className="mt-2 space-y-2">
            {item.reports.map((r, i) => (
              <li key={i} className="border-l-2 border-slate-200 pl-3">
                <span className="font-medium">{REPORT_REASON_LABELS[r.reason]}</span> ·{' '}
                <span className="text-slate-700">{formatDateTime(r.createdAt)}</span>
                {r.details && <p className="whitespace-pre-wrap text-slate-800">{r.details}</p>}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
        <Label htmlFor={reasonId}>Reason (required; the advertiser reads it)</Label>
        <Textarea
          id={reasonId}
          rows={2}
          value={reason}
          aria-invalid={missing && !reason.trim()}
          aria-describedby={missing && !reason.trim() ? `${reasonId}-error` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {missing && !reason.trim() && (
          <p id={`${reasonId}-error`} className="text-sm text-red-700">
            Give a reason
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={act.isPending}
            onClick={() => run({ target: 'ad', id: ad.id, action: 'dismiss' }, 'Dismissed')}
          >
            Dismiss
          </Button>
          {hidden ? (
            <Button
              variant="secondary"
              disabled={act.isPending}
              onClick={() => run({ target: 'ad', id: ad.id, action: 'restore' }, 'Ad restored')}
            >
              Restore
            </Button>
          ) : null}
          {ad.status !== 'taken_down' && (
            <Button
              variant="danger"
              disabled={act.isPending}
              onClick={() => run({ target: 'ad', id: ad.id, action: 'take-down' }, 'Ad taken down')}
            >
              Take down
            </Button>
          )}
          {owner.suspended ? (
            <Button
              variant="secondary"
              disabled={act.isPending}
              onClick={() => run({ target: 'user', id: owner.id, action: 'reinstate' }, 'Advertiser reinstated')}
            >
              Reinstate advertiser
            </Button>
          ) : (
            <Button
              variant="danger"
              disabled={act.isPending}
              onClick={() => run({ target: 'user', id: owner.id, action: 'suspend' }, 'Advertiser suspended')}
            >
              Suspend advertiser
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

export function ModerationQueue({ items }: { items: QueueItem[] }) {
  if (!items.length) return <p className="text-slate-700">No open reports. The queue is empty.</p>;
  return (
    <ul className="space-y-4">
      {items.map((item) => (
        <li key={item.ad.id}>
          <QueueCard item={item} />
        </li>
      ))}
    </ul>
  );
}
