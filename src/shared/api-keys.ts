import { z } from 'zod';

/** Keys a user may hold at once; revoking one frees a place. */
export const MAX_API_KEYS = 10;
/** Requests one key may make to the public API per minute. */
export const API_REQUESTS_PER_MINUTE = 120;
/** Every key starts with this, so a leaked one is recognisable (e.g. by secret scanners). */
export const API_KEY_PREFIX = 'adr_';

/** Creating a key: only a name to tell it apart later. */
export const ApiKeyInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be at most 60 characters'),
});
export type ApiKeyInput = z.output<typeof ApiKeyInput>;
export type ApiKeyValues = z.input<typeof ApiKeyInput>;

/** A key as its owner sees it in Settings: never the key itself. */
export const ApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters of the key, e.g. 'adr_x1Y2z3'. */
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiKey = z.output<typeof ApiKey>;
export const ApiKeyList = z.object({ keys: z.array(ApiKey) });

/** The answer to creating a key: the only time the key is shown. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() });
export type CreatedApiKey = z.output<typeof CreatedApiKey>;

export const apiKeyMessages = {
  created: 'API key created',
  createFailed: (message: string) => `Failed to create API key: ${message}`,
  revoked: 'API key revoked',
  revokeFailed: (message: string) => `Failed to revoke API key: ${message}`,
  copied: 'API key copied to clipboard',
  limitReached: `You can have at most ${MAX_API_KEYS} API keys. Revoke one to create another.`,
  invalid: 'Missing or invalid API key. Send it as: Authorization: Bearer <key>',
  tooManyRequests: `Too many requests: each API key may make ${API_REQUESTS_PER_MINUTE} requests a minute`,
} as const;

/** Idempotency-Key of the public API's POSTs: a retry with the same key answers as the first request did. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** On an answer given again for a retried key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEEP_HOURS = 24;
export const idempotencyMessages = {
  invalidKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  reused: `This Idempotency-Key was already used with a different request. Use a new key for a new request (keys are kept ${IDEMPOTENCY_KEEP_HOURS} hours).`,
  inFlight: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;
