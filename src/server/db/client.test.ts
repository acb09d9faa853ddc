import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataDirLockedError, openDatabase, type Database } from './client.js';
import { isUniqueViolation } from './errors.js';
import { rows } from './rows.js';
import { MIGRATIONS_DIR } from '../paths.js';
import { createScratchDatabase } from '../test/scratch-database.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** Waits until the database answers again (its thread started anew). */
const untilAnswering = (database: Database) =>
  expect
    .poll(
      () =>
        database.ping().then(
          () => 'up',
          () => 'down',
        ),
      { timeout: 60_000 },
    )
    .toBe('up');

// Each test opens the embedded database (and migrates it) two or three times: slow on a busy 2-core machine.
describe('embedded database', { timeout: 120_000 }, () => {
  it('refuses a second opener of the same DATA_DIR and frees it on close', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-lock-'));
    dirs.push(dir);
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another AdReplay process/);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('keeps data across restarts and runs migrations only once', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-persist-'));
    dirs.push(dir);
    const a = await openDatabase({ dataDir: dir });
    await a.db.execute(`INSERT INTO "user" (id, name, email) VALUES ('u1', 'U', 'u@example.com')`);
    await a.close();
    const b = await openDatabase({ dataDir: dir });
    const rows = await b.db.query.users.findMany();
    expect(rows.map((r) => r.email)).toEqual(['u@example.com']);
    await b.close();
  });

  it('starts its thread again on the same files when it dies, and fails queries at once meanwhile', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-restart-'));
    dirs.push(dir);
    const database = await openDatabase({ dataDir: dir, restartDelaysMs: [500] });
    try {
      await database.db.execute(sql`INSERT INTO "user" (id, name, email) VALUES ('u1', 'U', 'u@example.com')`);
      const dead = database.thread!()!;
      await dead.terminate(); // as a WebAssembly abort ends it
      expect(database.thread!()).toBeUndefined();
      await expect(database.ping()).rejects.toThrow(/PGlite is closed/);
      await untilAnswering(database);
      expect(database.thread!()).not.toBe(dead);
      const found = await database.db.query.users.findMany();
      expect(found.map((u) => u.email)).toEqual(['u@example.com']);
      await database.db.execute(sql`INSERT INTO "user" (id, name, email) VALUES ('u2', 'V', 'v@example.com')`);
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir: dir });
    expect((await again.db.query.users.findMany()).map((u) => u.email).sort()).toEqual([
      'u@example.com',
      'v@example.com',
    ]);
    await again.close();
  });

  it('keeps trying to start its thread while the files cannot be opened, and starts exactly one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-restart-retry-'));
    dirs.push(dir);
    const database = await openDatabase({ dataDir: dir, restartDelaysMs: [100, 200] });
    const said: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((message: string) => void said.push(message));
    try {
      await database.db.execute(sql`INSERT INTO "user" (id, name, email) VALUES ('u1', 'U', 'u@example.com')`);
      await database.thread!()!.terminate();
      // The files are out of reach for a while: each start fails, and the next waits longer.
      await rename(path.join(dir, 'db'), path.join(dir, 'db-away'));
      await writeFile(path.join(dir, 'db'), 'not a database');
      await expect
        .poll(() => said.filter((m) => m.includes('starting it again')).length, { timeout: 60_000 })
        .toBeGreaterThanOrEqual(3); // the thread's end, then two starts that failed
      await rm(path.join(dir, 'db'));
      await rename(path.join(dir, 'db-away'), path.join(dir, 'db'));
      await untilAnswering(database);
      expect((await database.db.query.users.findMany()).map((u) => u.email)).toEqual(['u@example.com']);
      await new Promise((resolve) => setTimeout(resolve, 600)); // past every delay: no second thread starts
      expect(said.filter((m) => m.includes('running again'))).toHaveLength(1);
    } finally {
      spy.mockRestore();
      await database.close();
    }
  });

  it('closed while its dead thread waits to start again, starts none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-restart-close-'));
    dirs.push(dir);
    const database = await openDatabase({ dataDir: dir, restartDelaysMs: [200] });
    await database.thread!()!.terminate();
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(database.thread!()).toBeUndefined();
    await expect(database.ping()).rejects.toThrow(/PGlite is closed/);
    const again = await openDatabase({ dataDir: dir }); // the files are free
    await again.close();
  });

  it('works on a thread of its own: a long statement leaves the event loop free to answer', async () => {
    const { db, close } = await openDatabase({});
    try {
      let ticks = 0;
      let longestGap = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
        ticks++;
      }, 5);
      const started = performance.now();
      const [row] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM generate_series(1, 4000000) g WHERE g % 7 = 0`,
      );
      const took = performance.now() - started;
      clearInterval(timer);
      expect(row!.n).toBe(571_428);
      // On the event loop's thread, the statement would have stopped every tick until it finished.
      expect(took).toBeGreaterThan(200);
      expect(longestGap).toBeLessThan(took / 2);
      expect(ticks).toBeGreaterThan(10);
    } finally {
      await close();
    }
  });

  it('keeps SQLSTATE codes and constraint names across the thread, and rolls back a failed transaction', async () => {
    const { db, close } = await openDatabase({});
    try {
      await db.execute(sql`INSERT INTO "user" (id, name, email) VALUES ('u1', 'U', 'u@example.com')`);
      const duplicate = await db
        .execute(sql`INSERT INTO "user" (id, name, email) VALUES ('u1', 'V', 'v@example.com')`)
        .catch((err: unknown) => err);
      expect(isUniqueViolation(duplicate, 'user_pkey')).toBe(true);

      const failed = await db
        .transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO "user" (id, name, email) VALUES ('u2', 'W', 'w@example.com')`);
          throw new Error('changed my mind');
        })
        .catch((err: unknown) => err);
      expect((failed as Error).message).toBe('changed my mind');
      const left = await rows<{ id: string }>(db, sql`SELECT id FROM "user" ORDER BY id`);
      expect(left.map((r) => r.id)).toEqual(['u1']);
    } finally {
      await close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL', { timeout: 120_000 }, () => {
  it('lets several processes start on one fresh database at once: one migrates, the others wait and find it done', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'adreplay_migrate');
    try {
      // As app processes started together by a deploy: each opens its own pools and migrates.
      const opened = await Promise.allSettled(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: scratch.url, poolSize: 2, directoryPoolSize: 1 })),
      );
      const databases = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      try {
        expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'opened'))).toEqual([
          'opened',
          'opened',
          'opened',
        ]);
        const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
          entries: unknown[];
        };
        const [applied] = await rows<{ n: number }>(
          databases[0]!.db,
          sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
        );
        expect(applied!.n).toBe(journal.entries.length);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    } finally {
      await scratch.drop();
    }
  });
});
