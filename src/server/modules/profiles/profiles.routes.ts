import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProfileInput } from '../../../shared/auth.js';
import { NotFoundError } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
import type { ProfilesRepository } from './profiles.repository.js';

/** The caller's own profile; there is no way to name another user's. */
export async function profilesRoutes(
  plain: FastifyInstance,
  { profiles, requireUser }: { profiles: ProfilesRepository; requireUser: RequireUser },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  app.get('/api/profile', async (req) => {
    const profile = await profiles.find(req.user!.id);
    if (!profile) throw new NotFoundError('Profile not found');
    return { ...profile, email: req.user!.email };
  });
  app.put('/api/profile', { schema: { body: ProfileInput } }, async (req) => {
    const profile = await profiles.update(req.user!.id, req.body);
    if (!profile) throw new NotFoundError('Profile not found');
    return { ...profile, email: req.user!.email };
  });
}
