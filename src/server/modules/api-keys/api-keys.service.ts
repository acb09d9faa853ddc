import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  apiKeyMessages,
  MAX_API_KEYS,
  type ApiKey,
  type ApiKeyInput,
  type CreatedApiKey,
} from '../../../shared/api-keys.js';
import { AppError, NotFoundError } from '../../errors.js';
import type { ApiKeysRepository } from './api-keys.repository.js';

export class ApiKeyLimitError extends AppError {
  constructor() {
    super(403, apiKeyMessages.limitReached, 'API_KEY_LIMIT_REACHED');
  }
}

/** Characters of the key kept for display: the 'adr_' mark and six of the random part. */
const SHOWN = API_KEY_PREFIX.length + 6;
/** last_used_at is exact to this much; more precision would cost a write per request. */
const TOUCH_EVERY_MS = 60_000;
/** What a key looks like: the mark and 43 base64url characters (32 random bytes). */
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/**
 * 256 random bits need no slow hash (nothing to guess, unlike a password): SHA-256 makes the stored
 * value useless to whoever reads the table, and lets a request find its key by an index lookup.
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

const toApiKey = (row: {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Per-user keys for the public API: created (shown once), listed, revoked, and checked on each request. */
export function createApiKeysService(deps: { repo: ApiKeysRepository; clock?: () => Date }) {
  const { repo } = deps;
  const now = deps.clock ?? (() => new Date());

  return {
    async list(userId: string): Promise<ApiKey[]> {
      return (await repo.listByOwner(userId)).map(toApiKey);
    },

    async create(userId: string, input: ApiKeyInput): Promise<CreatedApiKey> {
      const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
      const row = await repo.insertWithinLimit(
        { userId, name: input.name, prefix: key.slice(0, SHOWN), keyHash: hashApiKey(key), createdAt: now() },
        MAX_API_KEYS,
      );
      if (!row) throw new ApiKeyLimitError();
      return { ...toApiKey(row), key };
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteOwned(id, userId))) throw new NotFoundError('API key not found');
    },

    /** The key's id and owner, or null for anything that is not a live key. Records the use. */
    async authenticate(key: string): Promise<{ keyId: string; userId: string } | null> {
      if (!KEY_SHAPE.test(key)) return null;
      const found = await repo.findByHash(hashApiKey(key));
      if (!found) return null;
      const at = now();
      if (!found.lastUsedAt || at.getTime() - found.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
        await repo.touch(found.id, at, new Date(at.getTime() - TOUCH_EVERY_MS));
      }
      return { keyId: found.id, userId: found.userId };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
