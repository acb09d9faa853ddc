import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillingState, CheckoutRequest, RedirectUrl } from '../../../shared/billing.js';
import { callerOf } from '../../caller.js';
import { UnauthorizedError } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
import type { Billing } from './billing.service.js';

export async function billingRoutes(
  plain: FastifyInstance,
  { billing, requireUser }: { billing: Billing; requireUser: RequireUser },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const mine = { preHandler: requireUser };
  const userOf = (req: { user?: { id: string; email: string } }) => {
    if (!req.user) throw new UnauthorizedError();
    return req.user;
  };

  app.get('/api/my/billing', { ...mine, schema: { response: { 200: BillingState } } }, async (req) =>
    billing.state(callerOf(req).userId),
  );
  // A Stripe Checkout Session in subscription mode for the signed-in user; the browser goes to its url.
  app.post(
    '/api/my/billing/checkout',
    {
      ...mine,
      schema: { body: CheckoutRequest.extend({ trial: z.boolean().optional() }), response: { 200: RedirectUrl } },
    },
    async (req) => billing.checkout(userOf(req), req.body),
  );
  // The Stripe Customer Portal: card, cancellation, invoices.
  app.post('/api/my/billing/portal', { ...mine, schema: { response: { 200: RedirectUrl } } }, async (req) =>
    billing.portal(callerOf(req).userId),
  );

  // Stripe's webhook: the signature covers the exact bytes, so this route alone reads its body raw.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post('/api/billing/webhook', { bodyLimit: 1_048_576 }, async (req) => {
      const signature = req.headers['stripe-signature'];
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { applied } = await billing.webhook(body, typeof signature === 'string' ? signature : undefined);
      return { received: true, applied };
    });
  });
}
