import { z } from 'zod';
import { NextCursor } from './paging.js';

/** What a partner's endpoint can subscribe to (decision 51). */
export const WEBHOOK_EVENTS = [
  'ad.created',
  'ad.updated',
  'ad.deleted',
  'ad.published',
  'ad.unpublished',
  'transcript.ready',
  'airing.detected',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event 'Send test event' delivers; no endpoint subscribes to it, every endpoint can receive it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints one account may hold at once. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** An endpoint whose deliveries all failed for this long is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;

export const webhookMessages = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  urlInvalid: 'URL must be an http:// or https:// address',
  urlTooLong: 'URL must be at most 2000 characters',
  urlCredentials: 'URL must not contain a user name or password',
  urlUnresolved: (host: string) => `The host ${host} could not be resolved`,
  urlPrivate: (host: string) =>
    `The host ${host} is a private, loopback or link-local address; webhooks are only delivered to public addresses`,
  eventsRequired: 'Choose at least one event',
  eventUnknown: `Unknown event; the events are ${WEBHOOK_EVENTS.join(', ')}`,
  limitReached: `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one to add another.`,
  created: 'Webhook endpoint added',
  updated: 'Webhook endpoint saved',
  deleted: 'Webhook endpoint deleted',
  testSent: 'Test event sent',
  resent: 'Delivery sent again',
  secretCopied: 'Signing secret copied to clipboard',
} as const;

const Url = z
  .string({ error: webhookMessages.urlInvalid })
  .trim()
  .max(2000, webhookMessages.urlTooLong)
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, webhookMessages.urlInvalid);
const Events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: webhookMessages.eventUnknown }), { error: webhookMessages.eventsRequired })
  .min(1, webhookMessages.eventsRequired)
  .transform((events) => [...new Set(events)]);

export const WebhookInput = z.object({ url: Url, events: Events });
export type WebhookInput = z.output<typeof WebhookInput>;
export type WebhookValues = z.input<typeof WebhookInput>;

/** PATCH: only the fields sent change. */
export const WebhookPatch = z.object({
  url: Url.optional(),
  events: Events.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookPatch = z.output<typeof WebhookPatch>;

/** An endpoint as its owner sees it: never its secret after creation. */
export const WebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Since when every delivery has failed (null: the last one succeeded, or none was made). */
  failingSince: z.iso.datetime({ offset: true }).nullable(),
  /** When it was disabled for failing too long (null: not, or enabled again since). */
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type WebhookEndpoint = z.output<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint) });

/** The answer to creating an endpoint: the only time its signing secret is shown. */
export const CreatedWebhookEndpoint = WebhookEndpoint.extend({
  secret: z.string().describe("The signing secret ('whsec_' + base64), shown only now"),
});
export type CreatedWebhookEndpoint = z.output<typeof CreatedWebhookEndpoint>;

/** One attempt to deliver a message. */
export const WebhookDelivery = z.object({
  id: z.uuid(),
  /** The message's webhook-id: the same on each attempt and resend of one message. */
  msgId: z.string(),
  eventType: z.string(),
  attempt: z.int(),
  /** The receiver's status (null: no answer: refused, timed out, blocked). */
  statusCode: z.int().nullable(),
  durationMs: z.int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  /** The first characters of the receiver's answer. */
  responseExcerpt: z.string().nullable(),
  attemptedAt: z.iso.datetime({ offset: true }),
  /** When the next attempt is due (null: none: delivered, or no retry left). */
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
});
export type WebhookDelivery = z.output<typeof WebhookDelivery>;
export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery), nextCursor: NextCursor });
