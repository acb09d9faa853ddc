import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { MIGRATIONS_DIR } from '../paths.js';
import { executeSqlOn, openPgliteThread } from './pglite-thread.js';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * The public directory's reads (lists, searches, suggestions): on PostgreSQL a pool of their own, so that a
   * flood of distinct searches waits for its own connections, never for the ones every other request needs
   * (decision 36); on PGlite, `db`.
   */
  directoryDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs SQL text as a library hands it (the job runner, src/server/jobs/): with parameters one statement,
   * without them any number separated by semicolons. Resolves to the (last) statement's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs `SELECT 1`: resolves when the database answers, rejects when it cannot be reached. */
  ping(): Promise<void>;
  /**
   * PostgreSQL's LISTEN/NOTIFY between app processes on one database server; absent on PGlite, which only
   * one process can open.
   */
  notifications?: Notifications;
  /**
   * PostgreSQL: runs `fn` while this process holds the session advisory lock `key` (a bigint, as text), so that
   * app processes starting together on one database do it one at a time. Absent on PGlite (one process).
   */
  exclusive?<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Each connection pool's size, connections in use and callers waiting for one (metrics). PGlite has one
   * connection, its thread: in use while a call is on it, the others waiting.
   */
  pools(): PoolStats[];
  /** PGlite's thread while one runs (tests stop it, as a WebAssembly abort would); absent on PostgreSQL. */
  thread?(): Worker | undefined;
  /** PGlite: writes a dump of the database to `file`, a template for others (DatabaseOptions.pgliteTemplate). */
  dumpTo?(file: string): Promise<void>;
  close(): Promise<void>;
}

export interface PoolStats {
  pool: 'main' | 'directory';
  size: number;
  inUse: number;
  waiting: number;
}

export interface Notifications {
  /** Listens on its own connection; resolves to a function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data directory ${dir} is in use by another AdReplay process. ` +
        'Stop that process first, or start this one with another DATA_DIR. ' +
        '(The embedded database must never be opened by two processes at once.)',
    );
  }
}

export interface DatabaseOptions {
  /** PostgreSQL when set, else the embedded PGlite. */
  databaseUrl?: string;
  poolSize?: number;
  /** PostgreSQL: the connections of the directory's reads (directoryDb), beside poolSize's. */
  directoryPoolSize?: number;
  /** Where PGlite keeps its files; undefined = in memory (tests). */
  dataDir?: string;
  /** PGlite in memory: start from this dump of a migrated database (pglite-thread.ts, PgliteFiles). */
  pgliteTemplate?: string;
  /** PGlite: how long to wait before starting its thread again after it died (pglite-thread.ts). */
  restartDelaysMs?: number[];
}

/** The advisory lock the app's processes take to migrate one at a time ('AdReplay' in ASCII). */
const MIGRATION_LOCK = '4712613227079426425';

/**
 * Runs `fn` while a connection of `pool` holds the session advisory lock `key`: processes started together (a
 * deploy, a scale-out) do it one at a time. A session lock, on one connection (handed to `fn`), so that it is
 * held across `fn`'s transactions and released even should they fail.
 */
async function whileLocked<T>(pool: pg.Pool, key: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}

/** Opens PostgreSQL when a URL is given, else PGlite, and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const openPool = (max: number) => {
      const pool = new pg.Pool({
        connectionString: options.databaseUrl,
        max,
        // A server that does not answer fails requests in seconds (503) instead of holding them forever.
        connectionTimeoutMillis: 5_000,
      });
      // A connection the server drops (restart, failover, admin) must not take the process down; the pool
      // replaces it, and the query that was using it fails on its own.
      pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
      return pool;
    };
    const pool = openPool(options.poolSize ?? 10);
    const directoryPool = openPool(options.directoryPoolSize ?? 5);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // The others wait on the lock, then find no migration left to apply.
    await whileLocked(pool, MIGRATION_LOCK, (client) =>
      migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR }),
    );
    return {
      db,
      directoryDb: drizzlePg(directoryPool, { schema }) as unknown as Db,
      kind: 'postgres',
      async executeSql(text, values) {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      },
      ping: async () => void (await pool.query('SELECT 1')),
      exclusive: (key, fn) => whileLocked(pool, key, () => fn()),
      pools: () =>
        (
          [
            ['main', pool],
            ['directory', directoryPool],
          ] as const
        ).map(([name, p]) => ({
          pool: name,
          size: p.totalCount,
          inUse: p.totalCount - p.idleCount,
          waiting: p.waitingCount,
        })),
      notifications: {
        async listen(channel, onMessage) {
          const client = new pg.Client({ connectionString: options.databaseUrl });
          client.on('error', (err) => console.error(`PostgreSQL LISTEN connection lost: ${err.message}`));
          client.on('notification', (m) => m.channel === channel && onMessage(m.payload ?? ''));
          await client.connect();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          return () => client.end().catch(() => undefined);
        },
        notify: async (channel, payload) => void (await pool.query('SELECT pg_notify($1, $2)', [channel, payload])),
      },
      close: () => Promise.all([pool.end(), directoryPool.end()]).then(() => {}),
    };
  }

  let release: (() => Promise<void>) | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // PGlite has no lock of its own: a second process would corrupt the files silently.
    try {
      release = await lockfile.lock(options.dataDir, {
        lockfilePath: path.join(options.dataDir, 'adreplay.lock'),
        stale: 10_000,
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(options.dataDir);
      throw err;
    }
  }
  // On a thread of its own, so that the database's work never holds up requests (decision 33).
  const client = await openPgliteThread(
    { dataDir: options.dataDir, template: options.pgliteTemplate },
    options.restartDelaysMs,
  ).catch(async (err: unknown) => {
    await release?.();
    throw err;
  });
  try {
    // drizzle asks of its client only query() and transaction(), which the thread's client answers.
    const asPglite = client as unknown as PGlite;
    const db = drizzlePglite(asPglite, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(asPglite), { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      directoryDb: db,
      kind: 'pglite',
      executeSql: executeSqlOn(client),
      ping: async () => void (await client.query('SELECT 1')),
      pools: () => {
        const pending = client.pending();
        return [{ pool: 'main', size: 1, inUse: Math.min(1, pending), waiting: Math.max(0, pending - 1) }];
      },
      thread: () => client.thread(),
      dumpTo: (file) => client.dump(file),
      async close() {
        await client.close();
        await release?.();
      },
    };
  } catch (err) {
    await client.close().catch(() => {});
    await release?.();
    throw err;
  }
}
