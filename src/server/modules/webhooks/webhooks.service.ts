import { randomBytes, randomUUID } from 'node:crypto';
import { brandedMail } from '../../adapters/mailer/branded.js';
import type { Mailer } from '../../adapters/mailer/mailer.js';
import type { Db } from '../../db/client.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { RetryLater, type Job, type JobRunner } from '../../jobs/jobs.js';
import { decodeCursor, toPage } from '../../paging.js';
import type { PageQuery } from '../../../shared/paging.js';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_TEST_EVENT,
  webhookMessages,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookInput,
  type WebhookPatch,
} from '../../../shared/webhooks.js';
import { checkedAddress, deliverWebhook, type Resolve } from './webhook-sender.js';
import {
  isDeliveryKey,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhooksRepository,
} from './webhooks.repository.js';

export const WEBHOOK_QUEUE = 'webhook-delivery';

/**
 * Waits before each retry: about 24 hours in all (30 s, 2 min, 10 min, 1 h, 2 h, 4 h, 8 h, 8 h = 23.2 h),
 * then the message is given up and stays in the log.
 */
export const RETRY_DELAYS_MS = [30e3, 120e3, 600e3, 3_600e3, 7_200e3, 14_400e3, 28_800e3, 28_800e3];

const DAY_MS = 86_400_000;

/** The job of one message to one endpoint: every attempt sends the same id and body. */
export interface DeliveryJob {
  endpointId: string;
  msgId: string;
  payload: WebhookPayload;
  /** Asked for by the endpoint's owner ('Send test event', 'Resend'): delivered even while it is disabled. */
  manual?: boolean;
}
/** The body of every delivery, as Standard Webhooks suggests: the event's type, when it happened, its data. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** How services announce a change: inside their transaction, so the deliveries exist exactly when it commits. */
export type EmitWebhookEvent = (
  tx: Db,
  ownerId: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
) => Promise<void>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEvent[],
  enabled: row.enabled,
  failingSince: iso(row.failingSince),
  disabledAt: iso(row.disabledAt),
  createdAt: row.createdAt.toISOString(),
});
const toDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  msgId: row.msgId,
  eventType: row.eventType,
  attempt: row.attempt,
  statusCode: row.statusCode,
  durationMs: row.durationMs,
  ok: row.deliveredAt !== null,
  error: row.error,
  responseExcerpt: row.responseExcerpt,
  attemptedAt: row.createdAt.toISOString(),
  nextAttemptAt: iso(row.nextAttemptAt),
});

/** `whsec_` and the base64 of 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const newMsgId = () => `msg_${randomUUID()}`;

export function createWebhooks(deps: {
  repo: WebhooksRepository;
  jobs: JobRunner;
  mailer: Mailer;
  origin: string;
  allowPrivate: boolean;
  log: { error: (obj: object, msg: string) => void };
  clock?: () => Date;
  /** Waits before each retry (tests shorten them); their number is the number of retries. */
  retryDelaysMs?: number[];
  resolve?: Resolve;
  timeoutMs?: number;
}) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());
  const delays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const sender = { allowPrivate: deps.allowPrivate, resolve: deps.resolve, timeoutMs: deps.timeoutMs };

  const queue = deps.jobs.define<DeliveryJob>(WEBHOOK_QUEUE, {
    handler: (job) => attempt(job),
    concurrency: 4,
    retries: delays.length,
    // The waits are RetryLater's (the schedule above); the runner's own delay is the smallest it allows.
    retryDelaySeconds: 1,
    backoff: false,
    timeoutSeconds: 60,
  });

  async function owned(userId: string, id: string) {
    const row = await repo.findOwned(id, userId);
    if (!row) throw new NotFoundError(webhookMessages.notFound);
    return row;
  }

  async function enqueue(
    endpointId: string,
    payload: WebhookPayload,
    { msgId = newMsgId(), tx, manual }: { msgId?: string; tx?: Db; manual?: boolean } = {},
  ) {
    await queue.send({ endpointId, msgId, payload, ...(manual ? { manual } : {}) }, { tx });
  }

  /** One attempt: sent, logged, the endpoint's failing state kept; a failure retries on the schedule. */
  async function attempt(job: Job<DeliveryJob>) {
    const endpoint = await repo.find(job.data.endpointId);
    // Deleted, or disabled since: nothing to deliver. What its owner asked for (a test event, a resend) goes to
    // a disabled endpoint too; so does a test event queued before jobs were marked manual.
    const manual = job.data.manual === true || job.data.payload.type === WEBHOOK_TEST_EVENT;
    if (!endpoint || (!endpoint.enabled && !manual)) return;
    const at = now();
    const body = JSON.stringify(job.data.payload);
    const result = await deliverWebhook(
      endpoint,
      { msgId: job.data.msgId, timestamp: Math.floor(at.getTime() / 1000), body },
      { ...sender, signal: job.signal },
    );
    const retryIn = result.ok || job.lastAttempt ? null : delays[Math.min(job.attempt - 1, delays.length - 1)]!;
    await repo.logAttempt({
      endpointId: endpoint.id,
      msgId: job.data.msgId,
      eventType: job.data.payload.type,
      payload: job.data.payload,
      attempt: job.attempt,
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      error: result.error,
      responseExcerpt: result.responseExcerpt,
      createdAt: at,
      deliveredAt: result.ok ? at : null,
      nextAttemptAt: retryIn === null ? null : new Date(at.getTime() + retryIn),
    });
    if (result.ok) return void (await repo.succeeded(endpoint.id));
    await repo.failed(endpoint.id, at);
    const disabled = await repo.disableFailing(
      endpoint.id,
      new Date(at.getTime() - WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS),
      at,
    );
    if (disabled) {
      if (disabled.email) await tellDisabled(disabled.email, disabled.endpoint);
      return;
    }
    if (retryIn !== null) throw new RetryLater(result.error ?? 'delivery failed', retryIn);
  }

  async function tellDisabled(to: string, endpoint: WebhookEndpointRow) {
    await deps.mailer
      .send(
        brandedMail({
          to,
          subject: 'A webhook endpoint was disabled',
          paragraphs: [
            `Every delivery to your webhook endpoint ${endpoint.url} has failed since ${endpoint.failingSince?.toUTCString() ?? 'three days ago'}, so it was disabled and receives no more events.`,
            'Once the endpoint answers again, enable it in Settings; its delivery log shows each failed attempt and its answer.',
          ],
          action: { label: 'Open webhook settings', url: `${deps.origin}/dashboard/settings#webhooks` },
        }),
      )
      .catch((err: unknown) => deps.log.error({ err }, 'webhook disabled e-mail not sent'));
  }

  return {
    queue,

    async list(userId: string) {
      return (await repo.list(userId)).map(toEndpoint);
    },

    async get(userId: string, id: string) {
      return toEndpoint(await owned(userId, id));
    },

    /** The answer carries the signing secret: the only time it is shown. */
    async create(userId: string, input: WebhookInput) {
      await checkedAddress(input.url, sender);
      if ((await repo.count(userId)) >= MAX_WEBHOOK_ENDPOINTS) {
        throw new ForbiddenError(webhookMessages.limitReached);
      }
      const row = await repo.insert({
        userId,
        url: input.url,
        events: input.events,
        secret: newSecret(),
        createdAt: now(),
      });
      return { ...toEndpoint(row), secret: row.secret };
    },

    /** Only the fields sent change; enabling again starts the failing clock afresh. */
    async patch(userId: string, id: string, patch: WebhookPatch) {
      await owned(userId, id);
      if (patch.url !== undefined) await checkedAddress(patch.url, sender);
      const row = await repo.update(id, userId, {
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.events !== undefined ? { events: patch.events } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        ...(patch.enabled === true ? { disabledAt: null, failingSince: null } : {}),
      });
      if (!row) throw new NotFoundError(webhookMessages.notFound);
      return toEndpoint(row);
    },

    async remove(userId: string, id: string) {
      if (!(await repo.delete(id, userId))) throw new NotFoundError(webhookMessages.notFound);
    },

    /** A page of an endpoint's delivery log, newest attempt first. */
    async deliveries(userId: string, id: string, { limit, cursor }: PageQuery) {
      const after = decodeCursor(cursor, isDeliveryKey);
      await owned(userId, id);
      const page = toPage(
        (await repo.deliveries(id, limit, after)).map(({ row, cursorKey }) => ({ ...row, cursorKey })),
        limit,
      );
      return { deliveries: page.rows.map(toDelivery), nextCursor: page.nextCursor };
    },

    /**
     * Sends a logged message again, with its id and body (receivers that have it can drop it); to a disabled
     * endpoint too, as a test event: its owner asked for it.
     */
    async resend(userId: string, endpointId: string, deliveryId: string) {
      const row = await repo.findDelivery(deliveryId, userId);
      if (!row || row.endpointId !== endpointId) throw new NotFoundError(webhookMessages.deliveryNotFound);
      await enqueue(row.endpointId, row.payload as WebhookPayload, { msgId: row.msgId, manual: true });
    },

    /** A `webhook.test` message to one endpoint, whatever it subscribes to, enabled or not. */
    async sendTest(userId: string, id: string) {
      const endpoint = await owned(userId, id);
      await enqueue(
        endpoint.id,
        {
          type: WEBHOOK_TEST_EVENT,
          timestamp: now().toISOString(),
          data: { endpoint_id: endpoint.id, message: 'A test event from AdReplay' },
        },
        { manual: true },
      );
    },

    /** One job per enabled endpoint of the owner that wants `type`, in the caller's transaction. */
    emit: (async (tx, ownerId, type, data) => {
      const endpoints = await repo.subscribed(ownerId, type, tx);
      const payload = { type, timestamp: now().toISOString(), data };
      for (const endpoint of endpoints) await enqueue(endpoint.id, payload, { tx });
    }) satisfies EmitWebhookEvent,
  };
}
export type Webhooks = ReturnType<typeof createWebhooks>;
