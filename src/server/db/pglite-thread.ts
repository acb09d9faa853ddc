import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, RowMode } from '@electric-sql/pglite';
import { workerEntry } from '../paths.js';

/** What the event loop asks of the database thread (pglite-worker.ts); `id` pairs it with its reply. */
export type DbRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode?: RowMode;
      /** Types returned as PostgreSQL wrote them (the parsers drizzle sets are all the identity). */
      rawTypes: number[];
      tx?: number;
    }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** An error's message and its plain fields (code, constraint, detail...), as they cross threads. */
export type SentError = { message: string; [field: string]: string | number };
/** A request before its id is given. */
type Ask = { [Op in DbRequest['op']]: Omit<Extract<DbRequest, { op: Op }>, 'id'> }[DbRequest['op']];
export type DbReply = { id: number; value: unknown } | { id: number; error: SentError };

/** The part of PGlite that drizzle and the app use: queries and transactions. */
export interface PgliteClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(fn: (tx: Pick<PgliteClient, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** What PGlite itself says once closed; errors.ts reads it as the database being unreachable. */
const CLOSED = 'PGlite is closed';

const entry = workerEntry('pglite-worker', import.meta.url);

/** A line of script that loads a TypeScript worker once tsx's hooks are registered in its thread. */
function tsxEntry(url: URL): string {
  // Node 20 applies no `--import` hooks to a worker's imports; tsx's API registers them from inside.
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  const api = new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
}

function received(error: SentError): Error {
  return Object.assign(new Error(error.message), error);
}

/**
 * Starts PGlite on a thread of its own (in memory without `dataDir`) and resolves once it is ready.
 * Every query is a message to it and back, so the event loop answers requests while the database works.
 */
export async function openPgliteThread(dataDir: string | undefined): Promise<PgliteClient> {
  const worker = entry.fromSource
    ? new Worker(tsxEntry(entry.url), { eval: true, workerData: { dataDir } })
    : new Worker(entry.url, { workerData: { dataDir } });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let next = 1;
  let stopped: Error | undefined;

  // The thread keeps the process alive only while a query waits on it, as an in-process database would.
  const settle = (id: number) => {
    const entry = waiting.get(id);
    waiting.delete(id);
    if (!waiting.size) worker.unref();
    return entry;
  };
  worker.on('message', (reply: DbReply) => {
    const entry = settle(reply.id);
    if ('error' in reply) entry?.reject(received(reply.error));
    else entry?.resolve(reply.value);
  });
  const stop = (reason: Error) => {
    stopped ??= reason;
    for (const id of [...waiting.keys()]) settle(id)?.reject(stopped);
  };
  worker.on('error', (err) => stop(new Error(`${CLOSED}: its thread failed (${err.message})`)));
  worker.on('exit', () => stop(new Error(CLOSED)));

  const call = <T>(request: Ask): Promise<T> => {
    if (stopped) return Promise.reject(new Error(CLOSED));
    if (!waiting.size) worker.ref();
    const id = next++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        worker.postMessage({ ...request, id } satisfies DbRequest);
      } catch (err) {
        settle(id); // a parameter that cannot be copied to the thread
        reject(err as Error);
      }
    });
  };
  const query = <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number) =>
    call<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      rawTypes: Object.keys(options.parsers ?? {}).map(Number),
      tx,
    });

  // The thread says when PGlite is ready (or why it could not start), as reply 0.
  const ready = new Promise((resolve, reject) => waiting.set(0, { resolve, reject }));
  try {
    await ready;
  } catch (err) {
    await worker.terminate();
    throw err;
  }

  return {
    query,
    async transaction(fn) {
      const tx = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn({ query: (sql, params, options) => query(sql, params, options, tx) });
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (stopped) return;
      await call({ op: 'close' }).catch(() => {});
      stopped = new Error(CLOSED);
      await worker.terminate();
    },
  };
}
