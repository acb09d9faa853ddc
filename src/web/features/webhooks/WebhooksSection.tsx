import { Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENTS,
  WebhookInput,
  webhookMessages,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../../shared/webhooks';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CodeBlock } from '../../components/ui/code-block';
import { ConfirmDialog } from '../../components/ui/dialog';
import { FieldError } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { TableHead } from '../../components/ui/table-head';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  usePatchWebhook,
  useResend,
  useSendTestEvent,
  useWebhooks,
} from './api/webhooks';

const failed = (err: unknown) => toast.error(errorText(err) ?? 'Something went wrong, please try again');

/** The secret just made: shown once, with Copy. */
function NewSecret({ created, onDone }: { created: CreatedWebhookEndpoint; onDone: () => void }) {
  return (
    <div role="status" className="mt-4 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-950">
        Copy the signing secret of {created.url} now. For your security it will not be shown again.
      </p>
      <CodeBlock label="Signing secret" code={created.secret} copiedMessage={webhookMessages.secretCopied} />
      <Button variant="secondary" size="sm" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

function AddEndpoint({ full, onCreated }: { full: boolean; onCreated: (c: CreatedWebhookEndpoint) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['ad.created', 'ad.updated', 'ad.deleted']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = WebhookInput.safeParse({ url, events });
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      return setErrors({ url: issue('url'), events: issue('events') });
    }
    setErrors({});
    try {
      onCreated(await create.mutateAsync(parsed.data));
      setUrl('');
      toast.success(webhookMessages.created);
    } catch (err) {
      // The server's reason (a private address, a host that does not resolve) belongs to the URL.
      setErrors({ url: errorText(err) ?? 'Could not add the endpoint, please try again' });
    }
  };
  const disabled = create.isPending || full;

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3">
      <div>
        <label htmlFor="webhook-url" className="mb-1 block text-sm font-medium text-slate-900">
          Endpoint URL
        </label>
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/adreplay-webhook"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={Boolean(errors.url)}
          aria-describedby={errors.url ? 'webhook-url-error' : undefined}
          disabled={disabled}
        />
        <FieldError id="webhook-url" text={errors.url} />
      </div>
      <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-900">Events</legend>
        <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex min-h-9 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={events.includes(event)}
                disabled={disabled}
                onChange={(e) =>
                  setEvents((now) => (e.target.checked ? [...now, event] : now.filter((x) => x !== event)))
                }
              />
              <code>{event}</code>
            </label>
          ))}
        </div>
        <FieldError id="webhook-events" text={errors.events} />
      </fieldset>
      <Button type="submit" disabled={disabled}>
        {create.isPending ? 'Saving...' : 'Save endpoint'}
      </Button>
      {full && <p className="text-sm text-slate-700">{webhookMessages.limitReached}</p>}
    </form>
  );
}

function statusOf(e: WebhookEndpoint) {
  if (e.disabledAt && !e.enabled) return { text: `Disabled ${formatDateTime(e.disabledAt)}`, tone: 'text-red-700' };
  if (!e.enabled) return { text: 'Disabled', tone: 'text-slate-700' };
  if (e.failingSince) return { text: `Failing since ${formatDateTime(e.failingSince)}`, tone: 'text-amber-900' };
  return { text: 'Active', tone: 'text-green-900' };
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { data, isPending, error } = useDeliveries(endpoint.id);
  const resend = useResend();
  const deliveries = data?.deliveries ?? [];
  if (isPending) return <p className="text-sm text-slate-700">Loading deliveries...</p>;
  if (error) return <p className="text-sm text-red-700">Unable to load the deliveries: {error.message}</p>;
  if (deliveries.length === 0) {
    return <p className="text-sm text-slate-700">No deliveries yet. Send a test event to try the endpoint.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Deliveries to {endpoint.url}, newest first</caption>
        <TableHead
          className="text-slate-700"
          cell="py-2 pr-3 last:pr-0 whitespace-nowrap"
          // On a phone the time goes under the event, duration and attempt under the status: four columns fit.
          columns={[
            { label: 'Time', className: 'max-sm:hidden' },
            'Event',
            'Status',
            { label: 'Duration', className: 'max-sm:hidden' },
            { label: 'Attempt', className: 'max-sm:hidden' },
            { label: 'Actions', hidden: true },
          ]}
        />
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-t border-slate-200" data-testid="webhook-delivery">
              <td className="py-2 pr-3 whitespace-nowrap max-sm:hidden">{formatDateTime(d.attemptedAt)}</td>
              <td className="py-2 pr-3">
                <code className="whitespace-nowrap">{d.eventType}</code>
                <span className="block text-xs text-slate-700 sm:hidden">{formatDateTime(d.attemptedAt)}</span>
              </td>
              <td className={`py-2 pr-3 ${d.ok ? 'text-green-900' : 'text-red-700'}`} title={d.error ?? undefined}>
                {d.statusCode ?? 'No answer'}
                {!d.ok && d.error && <span className="block text-xs text-slate-700">{d.error}</span>}
                <span className="block text-xs text-slate-700 sm:hidden">
                  {d.durationMs === null ? '' : `${d.durationMs} ms · `}attempt {d.attempt}
                  {d.nextAttemptAt && ` · retry ${formatDateTime(d.nextAttemptAt)}`}
                </span>
              </td>
              <td className="py-2 pr-3 whitespace-nowrap max-sm:hidden">
                {d.durationMs === null ? '-' : `${d.durationMs} ms`}
              </td>
              <td className="py-2 pr-3 max-sm:hidden">
                {d.attempt}
                {d.nextAttemptAt && (
                  <span className="block text-xs text-slate-700">retry {formatDateTime(d.nextAttemptAt)}</span>
                )}
              </td>
              <td className="py-2 text-right">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={resend.isPending}
                  onClick={() =>
                    resend
                      .mutateAsync({ id: endpoint.id, deliveryId: d.id })
                      .then(() => toast.success(webhookMessages.resent), failed)
                  }
                >
                  Resend
                  <span className="sr-only">
                    {' '}
                    {d.eventType} of {formatDateTime(d.attemptedAt)}
                  </span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndpointItem({ endpoint, onDelete }: { endpoint: WebhookEndpoint; onDelete: () => void }) {
  const patch = usePatchWebhook();
  const test = useSendTestEvent();
  const [open, setOpen] = useState(false);
  const status = statusOf(endpoint);
  return (
    <li className="border-t border-slate-200 py-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-all text-slate-900">{endpoint.url}</p>
          <p className={`text-sm ${status.tone}`}>{status.text}</p>
          <p className="mt-1 text-xs break-words text-slate-700">{endpoint.events.join(', ')}</p>
        </div>
        <Switch
          label={`Enabled: ${endpoint.url}`}
          checked={endpoint.enabled}
          disabled={patch.isPending}
          onCheckedChange={(enabled) =>
            patch
              .mutateAsync({ id: endpoint.id, patch: { enabled } })
              .then(() => toast.success(webhookMessages.updated), failed)
          }
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={test.isPending}
          onClick={() =>
            test.mutateAsync(endpoint.id).then(() => {
              toast.success(webhookMessages.testSent);
              setOpen(true);
            }, failed)
          }
        >
          Send test event
        </Button>
        <Button variant="secondary" size="sm" onClick={onDelete}>
          Delete<span className="sr-only"> {endpoint.url}</span>
        </Button>
      </div>
      {open && (
        <div className="mt-3">
          <DeliveryLog endpoint={endpoint} />
        </div>
      )}
    </li>
  );
}

/** Settings → Webhooks: endpoints, their secret once, their delivery log, test events and resends. */
export function WebhooksSection() {
  const { data, isPending, error, refetch } = useWebhooks();
  const remove = useDeleteWebhook();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const endpoints = data?.endpoints ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      if (created?.id === deleting.id) setCreated(null);
      toast.success(webhookMessages.deleted);
    } catch (err) {
      failed(err);
    }
    setDeleting(null);
  };

  return (
    <Card className="mt-6 p-6" id="webhooks">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Webhook className="h-5 w-5 text-brand-700" aria-hidden /> Webhooks
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Your systems (or Zapier, Make, n8n) hear of your ads&apos; changes as signed POST requests (Standard Webhooks),
        retried for about a day. See the{' '}
        <Link to="/docs/integration" className="text-brand-700 underline">
          integration guide
        </Link>
        . Up to {MAX_WEBHOOK_ENDPOINTS} endpoints.
      </p>

      <AddEndpoint full={endpoints.length >= MAX_WEBHOOK_ENDPOINTS} onCreated={setCreated} />
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}

      <div className="mt-6">
        {isPending ? (
          <p className="text-sm text-slate-700">Loading webhook endpoints...</p>
        ) : error ? (
          <p className="text-sm text-red-700">
            Unable to load your webhook endpoints: {error.message}{' '}
            <button type="button" className="underline" onClick={() => void refetch()}>
              Try again
            </button>
          </p>
        ) : endpoints.length === 0 ? (
          <p className="text-sm text-slate-700">No webhook endpoints yet.</p>
        ) : (
          <ul aria-label="Your webhook endpoints">
            {endpoints.map((e) => (
              <EndpointItem key={e.id} endpoint={e} onDelete={() => setDeleting(e)} />
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title="Delete this endpoint?"
        action="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      >
        <span className="break-all">{deleting?.url}</span> will receive no more events, and its delivery log is deleted.
        This cannot be undone.
      </ConfirmDialog>
    </Card>
  );
}
