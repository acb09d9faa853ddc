/**
 * What a crash loses: starts the app as its own process on a scratch database (14 published ads), sends
 * events, kills it with SIGKILL (no shutdown, nothing flushed), restarts it on the same database, and
 * compares the events the client saw acknowledged (202) with the rows written. Every event is a new
 * listener, so each acknowledged event must be counted once. Two runs per database:
 *   - load: 8 senders as fast as they go for BENCH_SECONDS, killed the moment they stop;
 *   - slow write: the same load while the dedupe table is locked for 2 s from another connection
 *     (PostgreSQL only; PGlite has no other connection), then 50 events 20 ms apart, a pause of just over
 *     one flush interval (300 ms), and the kill. Decision 0004's bound says nothing may be lost here.
 *   npm run bench:kill                 # PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL)
 *   BENCH_DB=pglite npm run bench:kill # the embedded database
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.js';
import { createUser, insertAd } from '../../src/server/db/seed/factories.js';
import { createScratchDatabase } from '../../src/server/test/scratch-database.js';
import { freePort, spawnServer, type ServerProcess } from '../../src/server/test/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const SENDERS = 8;
const FLUSH_MS = 250;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function start(env: Record<string, string>): Promise<{ server: ServerProcess; url: string }> {
  const port = await freePort();
  const server = spawnServer(
    ['--import', 'tsx', 'src/server/main.ts'],
    {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info', // the ready line is at info; events are logged only at warn
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true', // the bench is the balancer: X-Forwarded-For names a new listener per event
      ...env,
    },
    { timeoutMs: 120_000 },
  );
  await server.ready;
  return { server, url: `http://127.0.0.1:${port}` };
}

async function run(name: string, lockDedupe: boolean) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-bench-kill-'));
  const scratch = KIND === 'postgres' ? await createScratchDatabase(PG_URL, 'adreplay_bench') : undefined;
  const env = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  try {
    // The ads, written before the app starts (the demo seed's audio work would only slow the start).
    const setup = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
    const owner = await createUser(setup.db);
    const ads = await Promise.all(Array.from({ length: 14 }, () => insertAd(setup.db, { userId: owner.id })));
    await setup.close();
    const { server, url } = await start(env);
    let n = 0;
    const ackedAt: number[] = [];
    const send = async () => {
      const i = n++;
      const res = await fetch(`${url}/api/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': UA,
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ ad_id: ads[i % ads.length]!.id, event_type: 'play' }),
      });
      if (res.status === 202) ackedAt.push(Date.now());
    };

    let locked: Promise<void> | undefined;
    if (lockDedupe && scratch) {
      // A real slow write: the batch writer waits on this lock for 2 s, from 1 s into the load.
      locked = (async () => {
        await sleep(1_000);
        const client = new pg.Client({ connectionString: scratch.url });
        await client.connect();
        await client.query('BEGIN');
        await client.query('LOCK TABLE analytics_dedupe IN SHARE MODE');
        await sleep(2_000);
        await client.query('COMMIT');
        await client.end();
      })();
    }
    const until = Date.now() + SECONDS * 1_000;
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (Date.now() < until) await send();
      }),
    );
    await locked;
    if (lockDedupe) {
      for (let i = 0; i < 50; i++) {
        await send();
        await sleep(20);
      }
      await sleep(FLUSH_MS + 50);
    }
    const killedAt = Date.now();
    server.child.kill('SIGKILL');
    await server.exited;

    // PGlite's data folder lock outlives a killed process for 10 s (then it is stale).
    if (!scratch) await sleep(11_000);
    const again = await start(env);
    await again.server.stop();
    const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir });
    const rows = (await database.db.execute('SELECT count(*)::int AS n FROM analytics')) as unknown as {
      rows: { n: number }[];
    };
    await database.close();
    const written = rows.rows[0]!.n;
    const acked = ackedAt.length;
    return {
      run: name,
      database: KIND,
      acknowledged: acked,
      written,
      lost: acked - written,
      [`acknowledged in the last ${FLUSH_MS} ms`]: ackedAt.filter((t) => t > killedAt - FLUSH_MS).length,
    };
  } finally {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results = [
  await run('load', false),
  await run(KIND === 'postgres' ? 'slow write (2 s lock)' : 'load, then quiet', true),
];
console.log(`\nkill -9 on ${KIND}: ${SENDERS} senders for ${SECONDS} s, flush interval ${FLUSH_MS} ms\n`);
console.table(results);
