import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatedWebhookEndpoint,
  WEBHOOK_EVENTS,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookInput,
  webhookMessages,
  WebhookPatch,
} from '../../../shared/webhooks.js';
import { callerOf } from '../../caller.js';
import { errorResponse, noContent } from '../api-v1/openapi.js';
import { IdParams } from '../../route-schemas.js';
import { PageQuery } from '../../../shared/paging.js';
import type { RequireUser } from '../auth/require-user.js';
import type { Webhooks } from './webhooks.service.js';

const EndpointParams = IdParams(webhookMessages.notFound);
const DeliveryParams = z.object({
  id: z.uuid({ error: webhookMessages.notFound }),
  deliveryId: z.uuid({ error: webhookMessages.deliveryNotFound }),
});
const Accepted = z.object({ queued: z.literal(true) });
const NOT_FOUND = { 404: errorResponse("No such endpoint among yours (someone else's answers the same)") };
const BAD_URL = {
  400: errorResponse('A field is missing or invalid (an URL that is not http(s), no event, an unknown event)'),
  422: errorResponse('The URL resolves to a private, loopback or link-local address, or does not resolve'),
};

/**
 * The webhooks' routes, declared once and mounted twice: under /api/v1/webhooks in the public API's scope (an
 * API key, its limits and Idempotency-Key) and under /api/my/webhooks for Settings (a session). Both callers
 * resolve to the same user; the service never knows which.
 */
export function webhookRoutes(
  plain: FastifyInstance,
  {
    webhooks,
    prefix,
    claim = async () => false,
  }: {
    webhooks: Webhooks;
    prefix: string;
    /** The public API's Idempotency-Key on POSTs: true when the first answer was sent again. */
    claim?: (req: FastifyRequest, reply: FastifyReply, content: unknown) => Promise<boolean>;
  },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const owner = (req: Parameters<typeof callerOf>[0]) => callerOf(req).userId;
  const tags = ['webhooks'];

  app.get(
    prefix,
    {
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: 'List your webhook endpoints',
        response: { 200: WebhookEndpointList },
      },
    },
    async (req) => ({ endpoints: await webhooks.list(owner(req)) }),
  );

  app.post(
    prefix,
    {
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Register a webhook endpoint; the answer carries its signing secret, shown only once',
        description: `Events: ${WEBHOOK_EVENTS.join(', ')}. Deliveries follow Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) and are retried with backoff for about 24 hours.`,
        body: WebhookInput,
        response: { 201: CreatedWebhookEndpoint, ...BAD_URL, 403: errorResponse(webhookMessages.limitReached) },
      },
    },
    async (req, reply) => {
      if (await claim(req, reply, req.body)) return reply;
      const created = await webhooks.create(owner(req), req.body);
      return reply.status(201).header('Cache-Control', 'no-store').send(created);
    },
  );

  app.get(
    `${prefix}/:id`,
    {
      schema: {
        operationId: 'getWebhook',
        tags,
        summary: 'One of your webhook endpoints',
        params: EndpointParams,
        response: { 200: WebhookEndpoint, ...NOT_FOUND },
      },
    },
    async (req) => webhooks.get(owner(req), req.params.id),
  );

  app.patch(
    `${prefix}/:id`,
    {
      schema: {
        operationId: 'patchWebhook',
        tags,
        summary: 'Change the URL, the events or whether the endpoint is enabled (fields left out stay)',
        params: EndpointParams,
        body: WebhookPatch,
        response: { 200: WebhookEndpoint, ...BAD_URL, ...NOT_FOUND },
      },
    },
    async (req) => webhooks.patch(owner(req), req.params.id, req.body),
  );

  app.delete(
    `${prefix}/:id`,
    {
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Delete a webhook endpoint and its log',
        params: EndpointParams,
        response: { 204: noContent('Deleted'), ...NOT_FOUND },
      },
    },
    async (req, reply) => {
      await webhooks.remove(owner(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${prefix}/:id/deliveries`,
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: "An endpoint's delivery log, newest attempt first (time, event, status code, duration, attempt)",
        params: EndpointParams,
        querystring: PageQuery,
        response: { 200: WebhookDeliveryList, ...NOT_FOUND },
      },
    },
    async (req) => webhooks.deliveries(owner(req), req.params.id, req.query),
  );

  app.post(
    `${prefix}/:id/deliveries/:deliveryId/resend`,
    {
      schema: {
        operationId: 'resendWebhookDelivery',
        tags,
        summary: 'Send a logged message again (same webhook-id and body)',
        params: DeliveryParams,
        response: { 202: Accepted, ...NOT_FOUND },
      },
    },
    async (req, reply) => {
      if (await claim(req, reply, req.params)) return reply;
      await webhooks.resend(owner(req), req.params.id, req.params.deliveryId);
      return reply.status(202).send({ queued: true });
    },
  );

  app.post(
    `${prefix}/:id/test`,
    {
      schema: {
        operationId: 'testWebhook',
        tags,
        summary: "Send a 'webhook.test' event to the endpoint",
        params: EndpointParams,
        response: { 202: Accepted, ...NOT_FOUND },
      },
    },
    async (req, reply) => {
      if (await claim(req, reply, req.params)) return reply;
      await webhooks.sendTest(owner(req), req.params.id);
      return reply.status(202).send({ queued: true });
    },
  );
}

/** Settings' webhooks, with a session. */
export async function myWebhooksRoutes(
  app: FastifyInstance,
  { webhooks, requireUser }: { webhooks: Webhooks; requireUser: RequireUser },
) {
  app.addHook('preHandler', requireUser);
  webhookRoutes(app, { webhooks, prefix: '/api/my/webhooks' });
}
