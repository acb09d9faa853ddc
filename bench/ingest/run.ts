/**
 * Ingestion benchmark: starts the built app (`npm run build` first) as its own process, as production runs
 * it, on a scratch database (demo ads seeded), drives POST /api/events over loopback with autocannon from
 * this process, then GET /api/ping (204, no work) the same way, and checks after a clean shutdown that the
 * database holds exactly the events the server counted, and that every accepted event was either counted
 * or a duplicate. During the event run a listener reads an ad (200 requests a second, one connection): how
 * long a read waits while events are written. It also reads how much CPU the app, PostgreSQL and the load
 * tool each used per request.
 *   npm run build && npm run bench:ingest   # PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL)
 *   BENCH_DB=pglite npm run bench:ingest    # the embedded database
 *   BENCH_SECONDS=30 BENCH_CONNECTIONS=32
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../src/server/db/client.js';
import { createScratchDatabase } from '../../src/server/test/scratch-database.js';
import { freePort, spawnServer } from '../../src/server/test/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
/** Every DUPLICATE_EVERY-th request repeats the listener of the one before: the server must not count it. */
const DUPLICATE_EVERY = 10;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** The app in a process of its own, as in production; stop() sends SIGTERM and returns its log. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = spawnServer(['dist/server/main.js'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    ...env,
  });
  await server.ready;
  return {
    url: `http://127.0.0.1:${port}`,
    pid: server.child.pid!,
    async stop() {
      await server.stop();
      return server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'));
    },
  };
}

/** CPU seconds a process has used (user and system, all its threads), from /proc; null where there is none. */
async function cpuSeconds(pid: number): Promise<number | null> {
  try {
    // Fields 14 and 15 (utime, stime), in clock ticks; the name in parentheses may hold spaces.
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by each PostgreSQL process on this machine (the server the run writes to). */
async function postgresCpu(): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  for (const pid of (await readdir('/proc').catch(() => [])).filter((d) => /^\d+$/.test(d))) {
    if ((await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim() !== 'postgres') continue;
    const seconds = await cpuSeconds(Number(pid));
    if (seconds !== null) used.set(Number(pid), seconds);
  }
  return used;
}

/** What PostgreSQL used between two readings: a backend that ended meanwhile took its share along. */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * Runs `work` and says how much CPU each party used per request: the app, the database server (PostgreSQL
 * runs beside it on the same cores; PGlite is inside the app) and this load tool. On two cores the three
 * share the machine, so this, not the app alone, bounds the rate.
 */
async function withCpu(appPid: number, work: () => Promise<autocannon.Result>) {
  const [app0, pg0, tool0] = [await cpuSeconds(appPid), await postgresCpu(), process.cpuUsage()];
  const result = await work();
  const [app1, pg1, tool1] = [await cpuSeconds(appPid), await postgresCpu(), process.cpuUsage(tool0)];
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / result.requests.total);
  const cpu =
    app0 === null || app1 === null
      ? null
      : {
          app: perRequest(app1 - app0),
          database: KIND === 'postgres' ? perRequest(postgresCpuBetween(pg0, pg1)) : 'in the app',
          tool: perRequest((tool1.user + tool1.system) / 1e6),
        };
  return { result, cpu };
}

function summarize(name: string, r: autocannon.Result) {
  return {
    name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    'max ms': r.latency.max,
    '2xx': r['2xx'],
    'non-2xx': r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Raw event rows and the roll-ups' total (PGlite: read from the folder while no server holds it). */
async function eventTotals(databaseUrl: string | undefined, dataDir: string) {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const n = async (sql: string) =>
      ((await database.db.execute(sql)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    return {
      raw: await n('SELECT count(*)::int AS n FROM analytics'),
      rolledUp: await n('SELECT coalesce(sum(events), 0)::int AS n FROM analytics_daily'),
    };
  } finally {
    await database.close();
  }
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-bench-ingest-'));
  const scratch = KIND === 'postgres' ? await createScratchDatabase(PG_URL, 'adreplay_bench') : undefined;
  const env = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  try {
    // The first start migrates and seeds the demo, whose history of events is counted before the run: only
    // what the run adds is compared.
    await (await startServer(env)).stop();
    const before = await eventTotals(scratch?.url, dataDir);
    const server = await startServer(env);
    const { ads } = (await (await fetch(`${server.url}/api/ads?limit=50`)).json()) as {
      ads: { id: string; slug: string }[];
    };

    // Both runs pay the same client cost per request (a new listener address, the same headers), so
    // their ratio shows the server's work, not the load tool's.
    let sent = 0;
    const seenAccepted = new Set<number>(); // listeners whose event the client saw accepted
    const bodies = ads.map(
      (ad) =>
        `{"ad_id":"${ad.id}","event_type":"play","referrer":"https://station.example.com/listen","source":"station.example.com"}`,
    );
    const request = (method: 'POST' | 'GET', path: string, withBody: boolean): autocannon.Request => ({
      method,
      path,
      setupRequest: (req, context: { listener?: number }) => {
        const n = sent++;
        // A distinct listener per request (address from X-Forwarded-For), but every tenth repeats one.
        const listener = n % DUPLICATE_EVERY === DUPLICATE_EVERY - 1 ? n - 1 : n;
        context.listener = listener;
        const ip = `10.${(listener >> 16) & 255}.${(listener >> 8) & 255}.${listener & 255}`;
        return {
          ...req,
          headers: { 'content-type': 'application/json', 'user-agent': UA, 'x-forwarded-for': ip },
          ...(withBody ? { body: bodies[listener % bodies.length] } : {}),
        };
      },
      onResponse: (status, _body, context: { listener?: number }) => {
        if (withBody && status === 202) seenAccepted.add(context.listener!);
      },
    });
    const load = (req: autocannon.Request) =>
      autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, requests: [req] });
    const [{ result: ingest, cpu: ingestCpu }, reader] = await Promise.all([
      withCpu(server.pid, () => load(request('POST', '/api/events', true))),
      // On a thread of its own: its timings are the server's, not this busy event loop's.
      autocannon({
        url: `${server.url}/api/ads/${ads[0]!.slug}`,
        connections: 1,
        overallRate: 200,
        duration: SECONDS,
        workers: 1,
      }),
    ]);
    const { result: ceiling, cpu: ceilingCpu } = await withCpu(server.pid, () =>
      load(request('GET', '/api/ping', false)),
    );

    const log = await server.stop();
    const line = log.map((l) => JSON.parse(l)).find((l) => l.msg === 'analytics events written');
    const stats = line.events as { accepted: number; counted: number; notCounted: number };

    const after = await eventTotals(scratch?.url, dataDir);
    const inDb = after.raw - before.raw;
    const rolledUp = after.rolledUp - before.rolledUp;
    console.log(`\nIngestion on ${KIND}, ${CONNECTIONS} connections, ${SECONDS} s each, ${ads.length} ads\n`);
    console.table([
      summarize('POST /api/events', ingest),
      summarize('GET /api/ads/{slug} meanwhile', reader),
      summarize('GET /api/ping (no work)', ceiling),
    ]);
    const accepted = ingest['2xx'];
    console.log(`accepted events/s: ${Math.round(accepted / SECONDS)}`);
    console.log(`ingest / ceiling rate: ${(ingest.requests.average / ceiling.requests.average).toFixed(2)}`);
    if (ingestCpu && ceilingCpu) {
      // The reader's few requests are counted in the tool's CPU of the event run.
      console.log('CPU per request, µs (the machine has', os.availableParallelism(), 'cores):');
      console.table({ 'POST /api/events': ingestCpu, 'GET /api/ping': ceilingCpu });
    }
    console.log(`client saw accepted: ${accepted}; server accepted: ${stats.accepted}`);
    console.log(
      `server counted: ${stats.counted}, duplicates not counted: ${stats.notCounted}; raw rows in database: ${inDb}; roll-up total: ${rolledUp} (this run's, beside the seed's ${before.raw})`,
    );
    console.log(`distinct listeners the client saw accepted: ${seenAccepted.size}`);
    const exact =
      inDb === stats.counted &&
      rolledUp === inDb &&
      stats.accepted === stats.counted + stats.notCounted &&
      stats.accepted >= accepted &&
      inDb >= seenAccepted.size &&
      inDb - seenAccepted.size <= stats.accepted - accepted;
    console.log(exact ? 'CHECK OK: nothing accepted was lost, nothing duplicate was counted' : 'CHECK FAILED');
    if (!exact) process.exitCode = 1;
  } finally {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
