import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** The rows of a raw SQL query, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
