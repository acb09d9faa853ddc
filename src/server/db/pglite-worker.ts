/**
 * The embedded database's own thread: PGlite runs here, so that its work (a batch of events, a search,
 * an identification) never holds up the event loop that answers requests. pglite-thread.ts speaks to it.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DbReply, DbRequest, PgliteFiles, SentError } from './pglite-thread.js';

const port = parentPort!;
const { dataDir, template } = workerData as PgliteFiles;

/** Extensions the migrations create (PostgreSQL ships them in contrib; PGlite loads them here). */
const extensions = { pg_trgm, fuzzystrmatch };

/** The error as plain fields: its class does not cross threads, its SQLSTATE code and details must. */
function sent(err: unknown): SentError {
  if (!(err instanceof Error)) {
    // The file system's errors (emscripten's ErrnoError) are plain objects with a number, not a message.
    const { errno } = (err ?? {}) as { errno?: unknown };
    return {
      message: typeof errno === 'number' ? `The data directory could not be read (errno ${errno})` : String(err),
    };
  }
  const fields: SentError = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
}

/** A value returned as it is: the types the caller wants as PostgreSQL wrote them. */
const asWritten = (value: string) => value;

function optionsOf(request: Extract<DbRequest, { op: 'query' }>): QueryOptions {
  return {
    ...(request.rowMode ? { rowMode: request.rowMode } : {}),
    parsers: Object.fromEntries(request.rawTypes.map((oid) => [oid, asWritten])),
  };
}

const ROLLBACK = Symbol('rollback');
/** Open transactions: PGlite runs each inside a callback, held open until the caller says how it ends. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();

const db = dataDir
  ? new PGlite(path.join(dataDir, 'db'), { extensions })
  : new PGlite({ extensions, ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}) });

async function answer(request: DbRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const on = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
      if (!on) throw new Error('The transaction has ended');
      return on.query(request.sql, request.params, optionsOf(request));
    }
    case 'exec': {
      try {
        const results = await db.exec(request.sql);
        return results.at(-1) ?? { rows: [], fields: [] };
      } catch (err) {
        // A failed statement inside the text's own BEGIN leaves that transaction open and aborted, and this
        // is the only connection: end it, as a server would end the failed session's.
        if (db.isInTransaction()) await db.exec('ROLLBACK');
        throw err;
      }
    }
    case 'begin': {
      let begun!: () => void;
      const started = new Promise<void>((resolve) => (begun = resolve));
      let end!: (commit: boolean) => void;
      const done = db.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            end = (commit) => (commit ? resolve() : reject(ROLLBACK));
            transactions.set(request.id, { tx, end, done });
            begun();
          }),
      );
      // BEGIN itself can fail; then `done` settles before `started`.
      await Promise.race([started, done]);
      return request.id;
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('The transaction has ended');
      transactions.delete(request.tx);
      open.end(request.commit);
      await open.done.catch((err: unknown) => {
        if (err !== ROLLBACK) throw err;
      });
      return null;
    }
    case 'dump': {
      const dump = await db.dumpDataDir('none');
      await writeFile(request.file, Buffer.from(await dump.arrayBuffer()));
      return null;
    }
    case 'close':
      await db.close();
      return null;
  }
}

port.on('message', (request: DbRequest) => {
  answer(request).then(
    (value) => port.postMessage({ id: request.id, value } satisfies DbReply),
    (err: unknown) => port.postMessage({ id: request.id, error: sent(err) } satisfies DbReply),
  );
});

db.waitReady.then(
  () => port.postMessage({ id: 0, value: 'ready' } satisfies DbReply),
  (err: unknown) => port.postMessage({ id: 0, error: sent(err) } satisfies DbReply),
);
