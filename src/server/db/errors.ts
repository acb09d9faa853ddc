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
