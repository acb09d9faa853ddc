import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeleteAccountInput, accountMessages } from '../../../shared/auth.js';
import type { Storage } from '../../adapters/storage/storage.js';
import { callerOf } from '../../caller.js';
import { BadRequestError } from '../../errors.js';
import type { RequireUser } from '../auth/require-user.js';
import type { AccountRepository } from './account.repository.js';

/** Deleting one's own account: confirmed by typing its e-mail address; nothing of it is kept. */
export async function accountRoutes(
  plain: FastifyInstance,
  {
    repo,
    storage,
    requireUser,
    publicChanged,
  }: { repo: AccountRepository; storage: Storage; requireUser: RequireUser; publicChanged: () => void },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.delete(
    '/api/my/account',
    { preHandler: requireUser, schema: { body: DeleteAccountInput } },
    async (req, reply) => {
      const { email } = req.body;
      const { userId } = callerOf(req);
      const stored = await repo.emailOf(userId);
      if (!stored || stored.toLowerCase() !== email.toLowerCase())
        throw new BadRequestError(accountMessages.emailMismatch);
      const urls = await repo.deleteUser(userId);
      publicChanged(); // the user's ads are gone from every public page
      // The rows are gone; the files follow (a failure here is logged, the account stays deleted).
      const keys = urls.map((u) => storage.keyFromUrl(u)).filter((k): k is string => Boolean(k));
      const results = await Promise.allSettled(keys.map((k) => storage.delete(k)));
      for (const r of results)
        if (r.status === 'rejected') req.log.error({ err: r.reason }, 'file of a deleted account left behind');
      return reply.status(204).send();
    },
  );
}
