import { createHmac } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The one Redis connection of an app process, shared by whatever needs state common to every process
 * (the rate limits today). It is opened at start, so a wrong REDIS_URL stops start-up, and closed at
 * shutdown after the app.
 */
export interface RedisConnection {
  client: Redis;
  /** Put before every key (and, by hand, every pub/sub channel) of this app. */
  keyPrefix: string;
  close(): Promise<void>;
}

export interface RedisOptions {
  /** Put before every key, so several apps (or test runs) can share one Redis. */
  keyPrefix?: string;
  /** Reports a lost connection (ioredis reconnects by itself). */
  log?: (msg: string, err: unknown) => void;
}

export async function openRedis(url: string, { keyPrefix = 'adreplay:', log }: RedisOptions = {}) {
  const client = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    // While Redis is away, commands fail at once instead of queueing: a request must not wait on it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
  });
  let lastReport = 0;
  client.on('error', (err) => {
    // ioredis retries every few hundred ms; one line a minute says enough.
    if (Date.now() - lastReport < 60_000) return;
    lastReport = Date.now();
    log?.('Redis unavailable; rate limits are not enforced until it is back', err);
  });
  try {
    await client.connect();
  } catch (err) {
    client.disconnect();
    throw new Error(`Cannot connect to Redis at REDIS_URL: ${(err as Error).message}`, { cause: err });
  }
  const connection: RedisConnection = {
    client,
    keyPrefix,
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
  return connection;
}

/** The part of a Redis client that @fastify/rate-limit's Redis store uses (its 'rateLimit' Lua command). */
interface RateLimitClient {
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void;
  rateLimit?: (key: string, ...rest: unknown[]) => unknown;
}

/**
 * Options for one @fastify/rate-limit instance: counted in Redis when there is one, so the limit holds in
 * total across app processes, else in this process's memory. `name` keeps the limits' keys apart. Keys
 * name clients by address, which is never stored: in Redis each key is replaced by a keyed hash of it.
 * If Redis fails, requests pass (skipOnError) rather than fail: counting in the database still dedupes.
 */
export function rateLimitStore(redis: RedisConnection | undefined, name: string, secret: string) {
  if (!redis) return {};
  const nameSpace = `rate-limit:${name}:`;
  const client = redis.client as unknown as RateLimitClient;
  // The nameSpace stays readable; what follows it (the client) becomes an HMAC.
  const hide = (key: string) =>
    nameSpace +
    createHmac('sha256', secret)
      .update(key.slice(key.startsWith(nameSpace) ? nameSpace.length : 0))
      .digest('base64url');
  const hashed: RateLimitClient = {
    defineCommand: (command, definition) => client.defineCommand(command, definition),
    get rateLimit() {
      const count = client.rateLimit;
      return count && ((key: string, ...rest: unknown[]) => count.call(client, hide(key), ...rest));
    },
  };
  return { redis: hashed, nameSpace, skipOnError: true };
}
export type RateLimitStore = (name: string) => ReturnType<typeof rateLimitStore>;
