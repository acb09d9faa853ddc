import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../components/ui/toast';
import { ApiKeyInput, apiKeyMessages, MAX_API_KEYS, type ApiKey, type CreatedApiKey } from '../../../shared/api-keys';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CodeBlock } from '../../components/ui/code-block';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { useAppForm } from '../../components/ui/use-app-form';
import { errorText } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api/api-keys';
import { TableHead } from '../../components/ui/table-head';

/** The key just made: shown once, with a Copy button; it is gone once dismissed. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <div role="status" className="mt-4 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-950">
        Copy your new key “{created.name}” now. For your security it will not be shown again.
      </p>
      <CodeBlock label="New API key" code={created.key} copiedMessage={apiKeyMessages.copied} />
      <Button variant="secondary" size="sm" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

/** Settings' API keys: create (named, shown once), list with last use, revoke. */
export function ApiKeysCard() {
  const { data, isPending, error } = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const form = useAppForm(ApiKeyInput, { defaultValues: { name: '' } });
  const keys = data?.keys ?? [];
  const full = keys.length >= MAX_API_KEYS;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setCreated(await create.mutateAsync(values));
      form.reset();
      toast.success(apiKeyMessages.created);
    } catch (err) {
      toast.error(apiKeyMessages.createFailed(errorText(err) ?? 'please try again'));
    }
  });

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      if (created?.id === revoking.id) setCreated(null);
      toast.success(apiKeyMessages.revoked);
    } catch (err) {
      toast.error(apiKeyMessages.revokeFailed(errorText(err) ?? 'please try again'));
    }
    setRevoking(null);
  };

  return (
    <Card className="mt-6 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="h-5 w-5 text-brand-700" aria-hidden /> API Keys
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Keys let your own systems upload and manage your ads through the public API. See the{' '}
        <Link to="/docs/integration" className="text-brand-700 underline">
          integration guide
        </Link>
        . Up to {MAX_API_KEYS} keys; revoke one you no longer use.
      </p>

      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-wrap items-start gap-3">
        <div className="min-w-56 flex-1">
          <Field
            label="Key name"
            placeholder="e.g. Traffic system"
            {...form.field('name')}
            disabled={create.isPending || full}
          />
        </div>
        <Button type="submit" className="sm:mt-6" disabled={create.isPending || full}>
          {create.isPending ? 'Creating...' : 'Create Key'}
        </Button>
      </form>
      {full && <p className="mt-2 text-sm text-slate-700">{apiKeyMessages.limitReached}</p>}

      {created && <NewKey created={created} onDone={() => setCreated(null)} />}

      <div className="mt-6 overflow-x-auto">
        {isPending ? (
          <p className="text-sm text-slate-700">Loading API keys...</p>
        ) : error ? (
          <p className="text-sm text-red-700">Unable to load your API keys: {error.message}</p>
        ) : keys.length === 0 ? (
          <p className="text-sm text-slate-700">No API keys yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your API keys</caption>
            <TableHead
              className="text-slate-700"
              cell="py-2 pr-4 last:pr-0"
              columns={['Name', 'Key', 'Created', 'Last used', { label: 'Actions', hidden: true }]}
            />
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} className="border-t border-slate-200" data-testid="api-key-row">
                  <td className="py-2 pr-4 font-medium">{k.name}</td>
                  <td className="py-2 pr-4">
                    <code>{k.prefix}…</code>
                  </td>
                  <td className="py-2 pr-4">{formatDate(k.createdAt)}</td>
                  <td className="py-2 pr-4">{k.lastUsedAt ? formatDate(k.lastUsedAt) : 'Never'}</td>
                  <td className="py-2 text-right">
                    <Button variant="secondary" size="sm" onClick={() => setRevoking(k)}>
                      Revoke<span className="sr-only"> {k.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <ConfirmDialog
        open={Boolean(revoking)}
        onClose={() => setRevoking(null)}
        title="Revoke this key?"
        action="Revoke"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      >
        Anything using “{revoking?.name}” will be refused from now on. This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
