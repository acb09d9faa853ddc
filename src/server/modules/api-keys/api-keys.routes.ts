import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiKeyInput } from '../../../shared/api-keys.js';
import { parseInput } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
import type { ApiKeysService } from './api-keys.service.js';

const IdParams = z.object({ id: z.string().max(100) });

/** Settings' API keys: managed with a session only (a key cannot make or revoke keys). */
export async function apiKeysRoutes(
  app: FastifyInstance,
  { apiKeys, requireUser }: { apiKeys: ApiKeysService; requireUser: RequireUser },
) {
  app.addHook('preHandler', requireUser);

  app.get('/api/my/api-keys', async (req) => ({ keys: await apiKeys.list(req.user!.id) }));

  app.post('/api/my/api-keys', async (req, reply) => {
    const created = await apiKeys.create(req.user!.id, parseInput(ApiKeyInput, req.body));
    // The one answer that carries the key: no cache may keep it.
    return reply.status(201).header('Cache-Control', 'no-store').send(created);
  });

  app.delete('/api/my/api-keys/:id', async (req, reply) => {
    await apiKeys.revoke(req.user!.id, parseInput(IdParams, req.params).id);
    return reply.status(204).send();
  });
}
