import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MonthlyUsage, PlanList, UserPlan, withinLimit } from '../../../shared/plans.js';
import { callerOf } from '../../caller.js';
import { ConflictError } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
import type { PlansService } from './plans.service.js';

export async function plansRoutes(
  plain: FastifyInstance,
  {
    plans,
    requireUser,
    trialAtCheckout = false,
  }: {
    plans: PlansService;
    requireUser: RequireUser;
    /** Stripe is configured: the trial is a Stripe trial begun at Checkout, not this local one. */
    trialAtCheckout?: boolean;
  },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.get('/api/plans', { schema: { response: { 200: PlanList } } }, async () => ({ plans: await plans.listAll() }));

  // The spec's remote procedures: the caller's plan, this month's usage, and whether one more ad fits.
  const mine = { preHandler: requireUser };
  app.get('/api/my/plan', { ...mine, schema: { response: { 200: UserPlan } } }, async (req) =>
    plans.userPlan(callerOf(req).userId),
  );
  app.get('/api/my/usage', { ...mine, schema: { response: { 200: MonthlyUsage } } }, async (req) =>
    plans.usage(callerOf(req).userId),
  );
  // The Growth tier's 14-day Premium trial (/register?plan=growth); once per account.
  app.post('/api/my/plan/trial', { ...mine, schema: { response: { 201: UserPlan } } }, async (req, reply) => {
    const { userId } = callerOf(req);
    if (trialAtCheckout) throw new ConflictError('On this server the trial starts at checkout');
    if (!(await plans.startTrial(userId))) throw new ConflictError('This account has already had a plan or a trial');
    return reply.status(201).send(await plans.userPlan(userId));
  });
  app.get(
    '/api/my/can-create',
    { ...mine, schema: { response: { 200: z.object({ canCreate: z.boolean() }) } } },
    async (req) => {
      const { userId } = callerOf(req);
      const [plan, usage] = await Promise.all([plans.userPlan(userId), plans.usage(userId)]);
      return { canCreate: withinLimit(usage.adsCreated, plan.adLimit) };
    },
  );
}
