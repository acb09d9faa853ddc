/**
 * The PostgreSQL error behind a failed query. Drizzle wraps the driver's error (pg or PGlite) in
 * its own, with the original as `cause`; both drivers carry the SQLSTATE code and constraint name.
 */
function pgErrorOf(err: unknown): { code?: string; constraint?: string } | null {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (typeof (e as { code?: unknown }).code === 'string') return e as { code: string; constraint?: string };
  }
  return null;
}

/** A unique constraint (23505) fired; with `constraint`, only that one counts. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}

/** A foreign key (23503) fired whose constraint name contains `column`. */
export function isForeignKeyViolation(err: unknown, column: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23503' && Boolean(pg.constraint?.includes(column));
}

/**
 * The statement failed on what it was given (SQLSTATE class 22, data exception, such as text that
 * PostgreSQL cannot hold; or 23, integrity constraint): running it again with the same values fails
 * again, whereas a lost connection or a restarting server may well succeed.
 */
export function isDataError(err: unknown): boolean {
  return /^2[23][0-9A-Z]{3}$/.test(pgErrorOf(err)?.code ?? '');
}

/** The SQLSTATE (or driver code) of a failed query, to log: never its parameters or values. */
export function errorCodeOf(err: unknown): string | undefined {
  return pgErrorOf(err)?.code;
}

/** Each error of a chain, outermost first. */
function* chainOf(err: unknown): Generator<Record<string, unknown>> {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 10;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    yield e as Record<string, unknown>;
  }
}

/** The message of the innermost error of a chain: what the driver or the server said ('connect ECONNREFUSED ...'). */
export function rootMessage(err: unknown): string {
  let message = String(err);
  for (const e of chainOf(err)) if (typeof e.message === 'string' && e.message) message = e.message;
  return message;
}

// Node's socket failures, PostgreSQL's connection exceptions (class 08), shutdowns (57P0x) and a full server.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
// What node-postgres and PGlite say when the connection is gone, where they give no code.
const UNAVAILABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end|PGlite is closed/i;

/** The query failed because the database could not be reached (down, restarting, unreachable, full). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chainOf(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
  }
  return false;
}

/**
 * An error fit for the log: a failed query keeps its SQL, SQLSTATE and the names of what failed, but
 * not the values it was sent or the server's message and detail, which quote them (users' data).
 */
export function loggableDbError(err: unknown): unknown {
  const chain = [...chainOf(err)];
  const query = chain.find((e) => typeof e.query === 'string' && 'params' in e);
  const pg = chain.find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && 'severity' in e);
  if (!query && !pg) return err;
  const stack = typeof chain[0]!.stack === 'string' ? chain[0]!.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  const pick = (e: Record<string, unknown> | undefined, keys: string[]) =>
    e ? Object.fromEntries(keys.filter((k) => e[k] !== undefined).map((k) => [k, e[k]])) : undefined;
  return {
    type: 'DatabaseQueryError',
    message: query ? `Failed query: ${String(query.query)}` : 'Database error',
    database: pick(pg, ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType']),
    stack: stack.join('\n'),
  };
}
