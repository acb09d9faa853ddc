import { useState } from 'react';
import { Link } from 'react-router';
import { moderationMessages } from '../../../shared/moderation';
import { LoadFailure } from '../../components/layout/LoadFailure';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Segmented } from '../../components/ui/segmented';
import { ApiError } from '../../lib/api';
import { AuditLog } from './AuditLog';
import { ModerationQueue } from './ModerationQueue';
import { useIsModerator, useModerationQueue } from './api/admin';

/** Who is signed in, as the page reads it (features/auth's useSession). */
interface SessionState {
  user: unknown;
  isLoading: boolean;
  error: Error | null;
  retry: () => void;
  isRetrying: boolean;
}

/** /admin: the report queue and the audit log, for moderators only (the server refuses everyone else). */
export function ModerationScreen({ session }: { session: SessionState }) {
  const moderator = useIsModerator(session.user !== null);
  const queue = useModerationQueue(moderator.data?.moderator === true);
  const [view, setView] = useState<'queue' | 'audit'>('queue');
  // Who may moderate is asked first, so that neither a visitor nor an advertiser meets a refused request.
  const refused = session.isLoading
    ? 0
    : session.user === null && !session.error
      ? 401
      : moderator.data?.moderator === false
        ? 403
        : queue.error instanceof ApiError
          ? queue.error.status
          : 0;
  if (refused === 401 || refused === 403) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Moderation</h1>
        <p className="mt-3 text-slate-700">
          {refused === 401 ? moderationMessages.adminSignIn : moderationMessages.notAdmin}
        </p>
        {refused === 401 && (
          <Link to="/login?next=%2Fadmin" className={buttonClass({}, 'mt-6')}>
            Sign in
          </Link>
        )}
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Moderation</h1>
        <Segmented
          label="View"
          value={view}
          onChange={setView}
          options={[
            { value: 'queue', label: `Reports${queue.data ? ` (${queue.data.items.length})` : ''}` },
            { value: 'audit', label: 'Audit log' },
          ]}
        />
      </div>
      <div className="mt-6">
        {view === 'audit' ? (
          <Card className="p-4 sm:p-6">
            <AuditLog />
          </Card>
        ) : session.error || moderator.error ? (
          <LoadFailure
            title="Moderation could not be loaded"
            error={(session.error ?? moderator.error)!}
            onRetry={() => (session.error ? session.retry() : void moderator.refetch())}
            retrying={session.isRetrying || moderator.isFetching}
          />
        ) : queue.isPending ? (
          <p className="text-slate-700">Loading...</p>
        ) : queue.isError ? (
          <LoadFailure
            title="The queue could not be loaded"
            error={queue.error}
            onRetry={() => void queue.refetch()}
            retrying={queue.isFetching}
          />
        ) : (
          <ModerationQueue items={queue.data.items} />
        )}
      </div>
    </div>
  );
}
