import type { FastifyInstance } from 'fastify';
import { ProfileInput } from '../../../shared/auth.js';
import { NotFoundError, parseInput } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
import type { ProfilesRepository } from './profiles.repository.js';

/** The caller's own profile; there is no way to name another user's. */
export async function profilesRoutes(
  app: FastifyInstance,
  { profiles, requireUser }: { profiles: ProfilesRepository; requireUser: RequireUser },
) {
  app.addHook('preHandler', requireUser);
  app.get('/api/profile', async (req) => {
    const profile = await profiles.find(req.user!.id);
    if (!profile) throw new NotFoundError('Profile not found');
    return { ...profile, email: req.user!.email };
  });
  app.put('/api/profile', async (req) => {
    const profile = await profiles.update(req.user!.id, parseInput(ProfileInput, req.body));
    if (!profile) throw new NotFoundError('Profile not found');
    return { ...profile, email: req.user!.email };
  });
}
