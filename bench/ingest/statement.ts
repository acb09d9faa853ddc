/**
 * What one batch statement costs PostgreSQL: counts batches of new listeners' plays through the repository
 * on a scratch database (14 published ads) over one connection, and reads that backend's CPU time
 * (/proc/<pid>/stat, so PostgreSQL must run on this machine) and the WAL it wrote.
 *   npx tsx bench/ingest/statement.ts
 *   BENCH_BATCH=2000 BENCH_BATCHES=50 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test
 * BENCH_SETUP_SQL runs after the migrations: a way to measure a schema variant before writing its migration.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';
import { rows } from '../../src/server/db/rows.js';
import { createUser, insertAd } from '../../src/server/db/seed/factories.js';
import {
  createAnalyticsRepository,
  type PendingEvent,
} from '../../src/server/modules/analytics/analytics.repository.js';
import { createScratchDatabase } from '../../src/server/test/scratch-database.js';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BATCH = Number(process.env.BENCH_BATCH ?? 2000);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 50);
const WARMUP = 5;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const TICK_US = 10_000; // USER_HZ = 100

/** User and system CPU time of a process, in µs. */
function cpuUs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

const scratch = await createScratchDatabase(PG_URL, 'adreplay_stmt');
const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
try {
  const { db } = database;
  if (process.env.BENCH_SETUP_SQL) await db.execute(sql.raw(process.env.BENCH_SETUP_SQL));
  const user = await createUser(db);
  const ads = await Promise.all(Array.from({ length: 14 }, () => insertAd(db, { userId: user.id })));
  const repo = createAnalyticsRepository(db);
  const [{ pid }] = (await rows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid`)) as [{ pid: number }];
  const wal = async () =>
    BigInt((await rows<{ lsn: string }>(db, sql`SELECT (pg_current_wal_lsn() - '0/0')::text AS lsn`))[0]!.lsn);

  let t = Date.now();
  const batch = (): PendingEvent[] =>
    Array.from({ length: BATCH }, (_, i) => {
      const createdAt = new Date(++t);
      return {
        adId: ads[i % ads.length]!.id,
        eventType: 'play',
        kind: 'play',
        referrer: 'https://station.example.com/listen',
        userAgent: UA,
        source: 'station.example.com',
        device: 'desktop',
        listenerKey: randomBytes(16).toString('base64url'), // 22 characters, as listenerKey() gives
        addressKey: randomBytes(16).toString('base64url'), // each from an address of its own, as addressKey() gives
        createdAt,
        countedUntil: new Date(createdAt.getTime() + 30 * 60_000),
      };
    });

  for (let i = 0; i < WARMUP; i++) await repo.countEvents(batch());
  const batches = Array.from({ length: BATCHES }, batch);
  const [cpu0, wal0, wall0] = [cpuUs(pid), await wal(), performance.now()];
  let counted = 0;
  for (const b of batches) counted += await repo.countEvents(b);
  const [cpu1, wal1, wall1] = [cpuUs(pid), await wal(), performance.now()];
  if (counted !== BATCH * BATCHES) throw new Error(`counted ${counted} of ${BATCH * BATCHES}`);
  const events = BATCH * BATCHES;
  console.log(
    `${BATCHES} batches of ${BATCH}: backend CPU ${((cpu1 - cpu0) / events).toFixed(1)} µs/event, ` +
      `wall ${(((wall1 - wall0) * 1000) / events).toFixed(1)} µs/event, WAL ${Number(wal1 - wal0) / events} bytes/event`,
  );
} finally {
  await database.close();
  await scratch.drop();
}
