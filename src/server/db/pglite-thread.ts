import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, RowMode } from '@electric-sql/pglite';
import { tsxEntry, workerEntry } from '../paths.js';

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
  /** Statements separated by semicolons, without parameters (the simple protocol); the last one's rows. */
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  /** Writes a dump of the whole database (PGlite's dumpDataDir) to `file`: a template for PgliteFiles. */
  | { id: number; op: 'dump'; file: string }
  | { id: number; op: 'close' };

/**
 * Where the thread's PGlite lives: files in `dataDir`, or memory (none given), started from `template` when
 * given: a dump (PGlite's dumpDataDir) of a database already migrated, which tests make once per run
 * instead of initialising and migrating one per test file.
 */
export interface PgliteFiles {
  dataDir?: string;
  template?: string;
}

/** An error's message and its plain fields (code, constraint, detail...), as they cross threads. */
export type SentError = { message: string; [field: string]: string | number };
/** A request before its id is given. */
type Ask = { [Op in DbRequest['op']]: Omit<Extract<DbRequest, { op: Op }>, 'id'> }[DbRequest['op']];
export type DbReply = { id: number; value: unknown } | { id: number; error: SentError };

/** The part of PGlite that drizzle and the app use: queries and transactions. */
export interface PgliteClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  /** Runs statements separated by semicolons (no parameters); resolves to the last one's result. */
  exec<T>(sql: string): Promise<Results<T>>;
  transaction<T>(fn: (tx: Pick<PgliteClient, 'query'>) => Promise<T>): Promise<T>;
  /** Writes a dump of the whole database to `file` (a template: PgliteFiles). */
  dump(file: string): Promise<void>;
  close(): Promise<void>;
  /** The thread it runs on, while one runs (tests stop it, as a WebAssembly abort would). */
  thread(): Worker | undefined;
  /** Calls sent to the thread and not yet answered (it runs one at a time; the rest wait). */
  pending(): number;
}

/** SQL text as a library hands it: one statement with parameters, or several without (Database.executeSql). */
export const executeSqlOn =
  (client: Pick<PgliteClient, 'query' | 'exec'>) =>
  (text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> =>
    values?.length ? client.query(text, values) : client.exec(text);

/** What PGlite itself says once closed; errors.ts reads it as the database being unreachable. */
const CLOSED = 'PGlite is closed';

const entry = workerEntry('pglite-worker', import.meta.url);

function received(error: SentError): Error {
  return Object.assign(new Error(error.message), error);
}

/** A started thread: asks it to do one thing, and says when it has stopped. */
interface Thread {
  worker: Worker;
  call<T>(request: Ask): Promise<T>;
  /** Set once the thread has stopped, for whatever reason. */
  stopped(): Error | undefined;
  pending(): number;
}

/**
 * Starts PGlite on a new thread and resolves once it is ready; `onStop` hears when a thread that was
 * ready stops (one that could not start rejects instead).
 */
async function startThread(where: PgliteFiles, onStop: (reason: Error) => void): Promise<Thread> {
  const worker = entry.fromSource
    ? new Worker(tsxEntry(entry.url), { eval: true, workerData: where })
    : new Worker(entry.url, { workerData: where });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let next = 1;
  let stopped: Error | undefined;
  let ready = false;

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
    if (stopped) return;
    stopped = reason;
    for (const id of [...waiting.keys()]) settle(id)?.reject(reason);
    if (ready) onStop(reason);
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

  // The thread says when PGlite is ready (or why it could not start), as reply 0.
  const started = new Promise((resolve, reject) => waiting.set(0, { resolve, reject }));
  try {
    await started;
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  if (stopped) throw stopped; // it ended as it said it was ready
  ready = true;
  return { worker, call, stopped: () => stopped, pending: () => waiting.size };
}

/** How long to wait before starting a thread again after one died: longer each time starting fails. */
const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Starts PGlite on a thread of its own (in memory without `dataDir`) and resolves once it is ready.
 * Every query is a message to it and back, so the event loop answers requests while the database works.
 * A thread that dies (a WebAssembly abort) fails what it was doing, like a server that went away, and is
 * started again on the same files, as restarting the process would; meanwhile queries fail at once
 * (503 with Retry-After).
 */
export async function openPgliteThread(where: PgliteFiles, restartDelaysMs = RESTART_DELAYS_MS): Promise<PgliteClient> {
  const { dataDir } = where;
  let closing = false;
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;

  const onStop = (reason: Error) => {
    if (closing) return;
    // In memory, what the thread held died with it: there is nothing to start again on.
    if (!dataDir) return console.error(`The embedded database stopped: ${reason.message}`);
    const delay = restartDelaysMs[Math.min(restarts, restartDelaysMs.length - 1)]!;
    console.error(`The embedded database stopped (${reason.message}); starting it again in ${delay / 1000} s`);
    restartTimer = setTimeout(() => (restarting = restart().finally(() => (restarting = undefined))), delay);
    restartTimer.unref();
  };
  const restart = async () => {
    try {
      const started = await startThread(where, onStop);
      if (closing) return void (await started.worker.terminate());
      thread = started;
      restarts = 0;
      console.error('The embedded database is running again');
    } catch (err) {
      restarts++;
      onStop(err as Error);
    }
  };

  let thread = await startThread(where, onStop);

  const query = <T>(on: Thread, sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number) =>
    on.call<Results<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      rawTypes: Object.keys(options.parsers ?? {}).map(Number),
      tx,
    });

  return {
    thread: () => (thread.stopped() ? undefined : thread.worker),
    pending: () => thread.pending(),
    query: (sql, params, options) => query(thread, sql, params, options),
    exec: (sql) => thread.call({ op: 'exec', sql }),
    dump: (file) => thread.call({ op: 'dump', file }),
    async transaction(fn) {
      // A transaction lives on the thread it began on; if that thread dies, its remaining calls fail.
      const on = thread;
      const tx = await on.call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn({ query: (sql, params, options) => query(on, sql, params, options, tx) });
      } catch (err) {
        await on.call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await on.call({ op: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (closing) return;
      closing = true;
      clearTimeout(restartTimer);
      await restarting; // a thread starting now is stopped as soon as it is up
      if (thread.stopped()) return;
      await thread.call({ op: 'close' }).catch(() => {});
      await thread.worker.terminate();
    },
  };
}
