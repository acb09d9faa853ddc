import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiKeyInput, ApiKeyList, CreatedApiKey } from '../../../shared/api-keys.js';
import { callerOf } from '../../caller.js';
import { IdParams } from '../../route-schemas.js';
import type { RequireUser } from '../auth/require-user.js';
import type { ApiKeysService } from './api-keys.service.js';

/** Settings' API keys: managed with a session only (a key cannot make or revoke keys). */
export async function apiKeysRoutes(
  plain: FastifyInstance,
  { apiKeys, requireUser }: { apiKeys: ApiKeysService; requireUser: RequireUser },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);

  app.get('/api/my/api-keys', { schema: { response: { 200: ApiKeyList } } }, async (req) => ({
    keys: await apiKeys.list(callerOf(req).userId),
  }));

  app.post(
    '/api/my/api-keys',
    { schema: { body: ApiKeyInput, response: { 201: CreatedApiKey } } },
    async (req, reply) => {
      const created = await apiKeys.create(callerOf(req).userId, req.body);
      // The one answer that carries the key: no cache may keep it.
      return reply.status(201).header('Cache-Control', 'no-store').send(created);
    },
  );

  app.delete('/api/my/api-keys/:id', { schema: { params: IdParams('API key not found') } }, async (req, reply) => {
    await apiKeys.revoke(callerOf(req).userId, req.params.id);
    return reply.status(204).send();
  });
}
