import { randomUUID } from 'node:crypto';
import type { RedisConnection } from './adapters/redis/redis.js';
import type { Database } from './db/client.js';

/**
 * Tells the other app processes that public answers changed, so that they clear their public cache at once
 * (see public-cache.ts): through Redis pub/sub when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY on the
 * database server. PGlite needs neither: only one process can open it. A lost message is bounded by the
 * cache's time limit.
 */
export interface PublicChanges {
  publish(): void;
  close(): Promise<void>;
}

const CHANNEL = 'public_changed';

export async function openPublicChanges({
  redis,
  database,
  onChange,
  log,
}: {
  redis?: RedisConnection;
  database: Database;
  /** Called when another process changed something public. */
  onChange: () => void;
  log: (msg: string, err: unknown) => void;
}): Promise<PublicChanges> {
  const me = randomUUID(); // a process hears its own messages too, and skips them
  const heard = (from: string) => from !== me && onChange();
  const failed = (err: unknown) => log('could not tell the other app processes about a change', err);

  if (redis) {
    const channel = `${redis.keyPrefix}${CHANNEL}`; // keyPrefix does not apply to channels
    const subscriber = redis.client.duplicate();
    subscriber.on('message', (_channel: string, from: string) => heard(from));
    subscriber.on('error', () => undefined); // the main connection reports Redis going away; ioredis reconnects
    await subscriber.connect();
    await subscriber.subscribe(channel);
    return {
      publish: () => void redis.client.publish(channel, me).catch(failed),
      close: async () => void (await subscriber.quit().catch(() => subscriber.disconnect())),
    };
  }
  const notifications = database.notifications;
  if (notifications) {
    const stop = await notifications.listen(CHANNEL, heard);
    return { publish: () => void notifications.notify(CHANNEL, me).catch(failed), close: stop };
  }
  return { publish: () => undefined, close: async () => undefined };
}
