import type { FastifyInstance } from 'fastify';
import { withinLimit } from '../../../shared/plans.js';
import type { RequireUser } from '../auth/require-user.js';
import { monthOf, type PlansRepository } from './plans.repository.js';

export async function plansRoutes(
  app: FastifyInstance,
  {
    plans,
    requireUser,
    clock = () => new Date(),
  }: { plans: PlansRepository; requireUser: RequireUser; clock?: () => Date },
) {
  app.get('/api/plans', async () => ({ plans: await plans.listAll() }));

  // The spec's remote procedures: the caller's plan, this month's usage, and whether one more ad fits.
  app.get('/api/my/plan', { preHandler: requireUser }, async (req) => plans.userPlan(req.user!.id));
  app.get('/api/my/usage', { preHandler: requireUser }, async (req) => plans.usage(req.user!.id, monthOf(clock())));
  app.get('/api/my/can-create', { preHandler: requireUser }, async (req) => {
    const [plan, usage] = await Promise.all([
      plans.userPlan(req.user!.id),
      plans.usage(req.user!.id, monthOf(clock())),
    ]);
    return { canCreate: withinLimit(usage.adsCreated, plan.adLimit) };
  });
}
