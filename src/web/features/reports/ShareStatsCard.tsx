import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CodeBlock } from '../../components/ui/code-block';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useCreateStatsLink, useRevokeStatsLink, useStatsLink } from './api/reports';

/**
 * 'Share stats' on an ad's analytics page: a read-only public link to this ad's figures for an agency or a
 * manager. Only its hash is kept, so the address shows once, when made; a new one replaces it.
 */
export function ShareStatsCard({ adId }: { adId: string }) {
  const { data, isPending, isError, error } = useStatsLink(adId);
  const create = useCreateStatsLink(adId);
  const revoke = useRevokeStatsLink(adId);
  const [confirming, setConfirming] = useState(false);
  const url = create.data?.url;

  const make = async () => {
    try {
      await create.mutateAsync();
      toast.success('Stats link created: copy it now, it is shown only once.');
    } catch (err) {
      toast.error(`Could not create the link: ${errorText(err) ?? 'please try again'}`);
    }
  };
  const remove = async () => {
    try {
      await revoke.mutateAsync();
      create.reset();
      toast.success('Stats link revoked: it no longer opens.');
    } catch (err) {
      toast.error(`Could not revoke the link: ${errorText(err) ?? 'please try again'}`);
    }
    setConfirming(false);
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Link2 className="h-5 w-5 text-brand-700" aria-hidden /> Share stats
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A read-only link to this ad's figures for an agency or a manager: no sign-in, nothing else of your account,
        hidden from search engines. Revoke it and it stops working at once.
      </p>
      {isPending ? (
        <p className="mt-3 text-sm text-slate-700">Loading...</p>
      ) : isError ? (
        <p className="mt-3 text-sm text-red-700" role="alert">
          Unable to load the share link: {error.message}
        </p>
      ) : (
        <div className="mt-4 space-y-3">
          {url ? (
            <CodeBlock label="Stats link" code={url} copiedMessage="Stats link copied" />
          ) : data.exists && data.createdAt ? (
            <p className="text-sm text-slate-800">
              A link made on {formatDate(data.createdAt)} is open. Its address was shown once; make a new one to copy it
              again (the old one stops working).
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void make()} disabled={create.isPending}>
              {create.isPending ? 'Creating...' : data.exists ? 'Make a new link' : 'Create a stats link'}
            </Button>
            {data.exists && (
              <Button variant="secondary" onClick={() => setConfirming(true)} disabled={revoke.isPending}>
                Revoke link
              </Button>
            )}
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Revoke this stats link?"
        action="Revoke"
        busy={revoke.isPending}
        onConfirm={() => void remove()}
      >
        Anyone opening it from now on gets a page not found.
      </ConfirmDialog>
    </Card>
  );
}
