import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { pagingMessages } from '../shared/paging.js';
import { BadRequestError } from './errors.js';

/**
 * Keyset paging of the v1 lists (decision 50): a cursor is the sort key and id of the last item of a page,
 * base64url-encoded JSON. The key is the database's own text of it (a timestamp to the microsecond), so
 * the next page starts exactly after that item, ties on the key broken by the id.
 */
export type Keyset = { key: string; id: string };

export const encodeCursor = ({ key, id }: Keyset) => Buffer.from(JSON.stringify([key, id])).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A timestamp as `cursorInstant` writes it, in UTC to the microsecond, and a real one (no 30 February). */
export const isInstantKey = (key: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(key) &&
  !Number.isNaN(Date.parse(key)) &&
  new Date(key).toISOString().slice(0, 19) === key.slice(0, 19);

/** The keyset of a cursor, or a 400 when it is not one this server wrote for a list of this key shape. */
export function decodeCursor(cursor: string | undefined, isKey: (key: string) => boolean): Keyset | undefined {
  if (cursor === undefined) return undefined;
  // The longest this server writes is about 100 characters.
  if (cursor.length > 400) throw new BadRequestError(pagingMessages.invalidCursor);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadRequestError(pagingMessages.invalidCursor);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !isKey(parsed[0]) ||
    !UUID.test(parsed[1])
  )
    throw new BadRequestError(pagingMessages.invalidCursor);
  return { key: parsed[0], id: parsed[1] };
}

/** A page from `limit + 1` rows read in order: the first `limit`, and the cursor after the last when more follow. */
export function toPage<R extends { cursorKey: string; id: string }>(rows: R[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    rows: items,
    nextCursor: rows.length > limit && last ? encodeCursor({ key: last.cursorKey, id: last.id }) : null,
  };
}

/** A timestamp column as the database's UTC text to the microsecond (a JS Date would drop the microseconds). */
export const cursorInstant = (column: AnyColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the keyset in a newest-first order on (timestamp, uuid id). */
export const olderThan = (at: AnyColumn, id: AnyColumn, after: Keyset): SQL =>
  sql`(${at}, ${id}) < (${after.key}::timestamptz, ${after.id}::uuid)`;
