import type { FastifyInstance } from 'fastify';
import type { PlansRepository } from './plans.repository.js';

export async function plansRoutes(app: FastifyInstance, { plans }: { plans: PlansRepository }) {
  app.get('/api/plans', async () => ({ plans: await plans.listAll() }));
}
