import type { AuditEntry } from '../../../shared/moderation';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/format';
import { useAuditLog } from './api/admin';

const ACTION_LABELS: Record<string, string> = {
  dismiss: 'Dismissed reports',
  'take-down': 'Took the ad down',
  restore: 'Restored the ad',
  hold: 'Held the ad (automatic)',
  suspend: 'Suspended the advertiser',
  reinstate: 'Reinstated the advertiser',
};

const state = (value: unknown) => JSON.stringify(value);

function Entry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="py-3" data-testid="audit-entry">
      <p className="text-sm">
        <span className="font-medium">{ACTION_LABELS[entry.action] ?? entry.action}</span> ·{' '}
        <span className="text-slate-700">
          {entry.actorEmail ?? 'AdReplay (automatic)'} · {formatDateTime(entry.at)}
        </span>
      </p>
      <p className="text-sm text-slate-700">
        {entry.targetType === 'ad' ? 'Ad' : 'Account'} <code className="break-all">{entry.targetId}</code>
      </p>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-900">{entry.reason}</p>
      <p className="mt-1 font-mono text-xs break-all text-slate-700">
        {state(entry.before)} → {state(entry.after)}
      </p>
    </li>
  );
}

/** Every moderation action, newest first; read-only (the database refuses changes to it). */
export function AuditLog() {
  const log = useAuditLog(true);
  if (log.isPending) return <p className="text-slate-700">Loading...</p>;
  if (log.isError) return <p role="alert">The audit log could not be loaded. {log.error.message}</p>;
  const entries = log.data.pages.flatMap((p) => p.entries);
  if (!entries.length) return <p className="text-slate-700">No moderation actions yet.</p>;
  return (
    <div>
      <ul className="divide-y divide-slate-200">
        {entries.map((e) => (
          <Entry key={e.id} entry={e} />
        ))}
      </ul>
      {log.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Older entries'}
        </Button>
      )}
    </div>
  );
}
