import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertAd } from '../../db/seed/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

// PGlite answers one statement at a time on its own thread: there is no pool to take.
describe.runIf(process.env.TEST_DATABASE_URL)('a flood of directory searches (PostgreSQL)', () => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    // Uncached, so that the ad page below reads the database.
    t = await createTestApp({ PUBLIC_CACHE: 'false' });
    const owner = await createUser(t.db);
    slug = (await insertAd(t.db, { userId: owner.id, title: 'Harbor Lights Diner' })).slug;
  });
  afterAll(() => t.close());

  it('waits for the directory’s own connections: an ad page is read meanwhile, and every search answers after', async () => {
    // More searches than both pools hold (4 and 2 in tests), each stuck on its count while the narrow
    // table is locked: with one pool they would hold every connection, and the ad page would wait for one.
    const searches: Promise<{ statusCode: number }>[] = [];
    // Both pools' connections open first (overlapping sleeps take one each): a new connection's start would
    // wait for the lock below too.
    const sleeps = (db: typeof t.db, n: number) =>
      Promise.all(Array.from({ length: n }, () => db.execute(sql`SELECT pg_sleep(0.05)`)));
    await Promise.all([sleeps(t.db, 4), sleeps(t.database.directoryDb, 2)]);
    const page = await t.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ad_search IN ACCESS EXCLUSIVE MODE`);
      // (inject sends a request once it is awaited.)
      for (let i = 0; i < 8; i++)
        searches.push(Promise.resolve(t.app.inject(`/api/ads?search=harbor${i}+lights+diner`)));
      // Until the directory's connections are all waiting on the lock.
      for (let waiting = 0, tries = 0; waiting < 2; tries++) {
        if (tries === 250) throw new Error('the searches never reached the lock');
        await new Promise((r) => setTimeout(r, 20));
        const rows = (await tx.execute(
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
        )) as unknown as { rows: { n: number }[] };
        waiting = rows.rows[0]!.n;
      }
      return t.app.inject(`/api/ads/${slug}`);
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ slug, title: 'Harbor Lights Diner' });
    expect((await Promise.all(searches)).map((r) => r.statusCode)).toEqual(Array(8).fill(200));
  });
});
