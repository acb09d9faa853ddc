/**
 * Public pages benchmark: for each database, a scratch database with the demo seed plus 10,000 generated ads
 * (bench/directory/data.ts), then the built app (`npm run build` first) as its own process, once with the
 * public cache and once without (PUBLIC_CACHE=false), driven with wrk (bench/wrk.ts) over loopback: the no-work ping,
 * the static home page, ad pages and the ad API over the visible slugs with a few hot and many cold (Zipf),
 * directory pages with and without a search, and a conditional request answered 304, each after an unmeasured
 * warm-up on the same mix (the tail of cold slugs stays cold). Prints req/s, p99 and
 * errors, and each rate as a ratio to a static-page run just before it; then checks that a change is visible
 * on the very next read.
 *   npm run build && npm run bench:pages          # PGlite, then PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL)
 *   BENCH_DB=pglite npm run bench:pages           # one of them
 *   BENCH_SECONDS=10 BENCH_WARMUP=5 BENCH_CONNECTIONS=50 BENCH_ADS=10000
 *   BENCH_MONITORS=20   instead of the run without the cache: the same runs while the app monitors this many
 *                       stations (a looping programme with a spot every three minutes, served from here at
 *                       real time), alternated with runs with monitors off: what monitoring costs the pages
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';
import { stations, users } from '../../src/server/db/schema.js';
import { LANDMARKS_VERSION } from '../../src/server/modules/identify/identify.service.js';
import { SEED_ASSETS_DIR } from '../../src/server/paths.js';
import { serveStream } from '../../src/server/test/stream-server.js';
import { createScratchDatabase } from '../../src/server/test/scratch-database.js';
import { freePort, spawnServer } from '../../src/server/test/server-process.js';
import { cpuParts, cpuUsed } from '../cpu.js';
import { COMMON_WORD, insertBenchAds, RARE_WORD } from '../directory/data.js';
import { seededRandom } from '../../src/shared/random.js';
import { wrkLoad, type Load } from '../wrk.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ADS = Number(process.env.BENCH_ADS ?? 10_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MONITORS = Number(process.env.BENCH_MONITORS ?? 0);
/** How long monitoring alone is measured, before the runs of a monitored configuration. */
const IDLE_SECONDS = 30;
const KINDS = (process.env.BENCH_DB?.split(',') ?? ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
/** Targets of the public pages, as ratios to the static page of the same run. */
const TARGET = { ad: 0.8, directory: 0.5, p99Ms: 20 };
const STATIC_PATH = '/login';
const DEMO_EMAIL = 'demo@adreplay.test';
const STATIC_NAME = 'GET /login (static page: the shell)';

interface Ad {
  id: string;
  slug: string;
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = spawnServer(['dist/server/main.js'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, // the same-origin guard checks sign-in and writes against it
    LOG_LEVEL: 'info', // the default: request lines are part of what a page costs
    // As behind a proxy: the API search row's listeners come from many addresses (its limit is per address).
    TRUST_PROXY: '127.0.0.1',
    ...env,
  });
  await server.ready;
  // Indexing the demo ads' sound keeps a core busy for 3-4 s after the start: not a page's cost.
  await server.settled;
  return { url: `http://127.0.0.1:${port}`, pid: server.child.pid!, stop: () => server.stop() };
}

/**
 * `n` picks from `items` as listeners' interest falls: the k-th most popular is asked for about 1/k as often
 * as the first (Zipf, s = 1), popularity in a random order of its own per seed.
 */
function zipfPicks<T>(items: T[], n: number, seed: number): T[] {
  const rand = seededRandom(seed);
  const ranked = [...items];
  for (let i = ranked.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [ranked[i], ranked[j]] = [ranked[j]!, ranked[i]!];
  }
  const cumulative: number[] = [];
  ranked.reduce((sum, _, k) => (cumulative[k] = sum + 1 / (k + 1)), 0);
  const total = cumulative[cumulative.length - 1]!;
  return Array.from({ length: n }, () => {
    const target = rand() * total;
    let [lo, hi] = [0, cumulative.length - 1];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return ranked[lo]!;
  });
}

/** The paths in turn from where the sequence is, each request the next, for `seconds`; headers as a browser sends them. */
async function drive(
  load: Load,
  url: string,
  seq: { paths: string[]; n: number },
  headers: Record<string, string>,
  seconds: number,
  expectedStatus = 200,
) {
  const run = await load.run({
    url,
    paths: seq.paths,
    first: seq.n,
    headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
    seconds,
    connections: CONNECTIONS,
    expectedStatus,
  });
  seq.n += run.requests;
  return run;
}

type Row = {
  path: string;
  'req/s': number;
  'static req/s': number | null;
  'x static': number | null;
  'p99 ms': number;
  'static p99 ms': number | null;
  ok: number;
  errors: number;
};

async function measure(
  load: Load,
  env: Record<string, string>,
  slugs: string[],
  cache: boolean,
  monitored: string[] = [],
) {
  const server = await startServer({
    ...env,
    PUBLIC_CACHE: String(cache),
    MONITORS_ENABLED: String(monitored.length > 0),
    MONITOR_CONCURRENCY: String(Math.max(1, monitored.length)),
  });
  try {
    if (monitored.length) {
      await allLive(server.url, monitored);
      // What monitoring alone costs, before any page is asked for: CPU seconds per second, by part.
      const idleBefore = cpuParts(server.pid);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      const idle = cpuUsed(idleBefore, cpuParts(server.pid));
      if (idle) {
        const perSecond = Object.entries(idle).map(([part, s]) => `${part} ${(s / IDLE_SECONDS).toFixed(3)}`);
        console.log(`${monitored.length} stations monitored, no requests, CPU s/s: ${perSecond.join(', ')}`);
      }
    }
    const picks = (WARMUP + SECONDS) * 20_000; // more than the runs send, so the mix never repeats itself
    // The demo's ads: a hot set, answered from memory after the warm-up (what a hit costs).
    const demo = slugs.filter((s) => !s.startsWith('bench-'));
    const hot = demo[0]!;
    const etag = (await fetch(`${server.url}/api/ads/${hot}`)).headers.get('etag')!;
    const pageEtag = (await fetch(`${server.url}/ad/${hot}`)).headers.get('etag') ?? '';
    const searches = [COMMON_WORD, RARE_WORD, 'coffee', 'pizza', 'dental', 'kayak', 'garage', 'yoga'];
    // Name, paths, headers, and the status every answer must have.
    const runs: [string, string[], Record<string, string>?, number?][] = [
      ['GET /api/ping (no work)', ['/api/ping'], {}, 204],
      // The static page: the app's shell with its head, as every page was before public pages were rendered on
      // the server (the sign-in page still is: the browser renders it).
      [STATIC_NAME, [STATIC_PATH]],
      ['GET / (rendered on the server)', ['/']],
      [`GET /ad/{slug} (${demo.length} demo slugs in turn)`, demo.map((s) => `/ad/${s}`)],
      [`GET /api/ads/{slug} (${demo.length} demo slugs in turn)`, demo.map((s) => `/api/ads/${s}`)],
      [`GET /ad/{slug} (${slugs.length} slugs, Zipf)`, zipfPicks(slugs, picks, 1).map((s) => `/ad/${s}`)],
      [`GET /api/ads/{slug} (${slugs.length} slugs, Zipf)`, zipfPicks(slugs, picks, 2).map((s) => `/api/ads/${s}`)],
      [
        'GET /api/ads?limit=12&page={0-49, Zipf}',
        zipfPicks([...Array(50).keys()], picks, 3).map((p) => `/api/ads?limit=12&page=${p}`),
      ],
      [
        `GET /api/ads?limit=12&search={${searches.length} words, Zipf}, 10,000 listeners`,
        // Each listener at its own address: from one, all but the first searches of a minute answer 429.
        zipfPicks(searches, picks, 4).map(
          (w, i) => `/api/ads?limit=12&search=${w}\t10.0.${(i % 10_000) >> 8}.${i % 256}`,
        ),
      ],
      [
        `GET /directory?search={${searches.length} words, Zipf} (rendered)`,
        zipfPicks(searches, picks, 5).map((w) => `/directory?search=${w}`),
      ],
      ['GET /api/ads/{slug}, If-None-Match (304)', [`/api/ads/${hot}`], { 'if-none-match': etag }, 304],
      ['GET /ad/{slug}, If-None-Match (304, rendered page)', [`/ad/${hot}`], { 'if-none-match': pageEtag }, 304],
    ];
    const rows: Row[] = [];
    const cpuBefore = cpuParts(server.pid);
    const t0 = performance.now();
    // Each path is paired with a static-page run just before it: on a machine others load too, the rate swings
    // within minutes, and a ratio to a baseline measured minutes earlier says more about the neighbours.
    const staticSeq = { paths: [STATIC_PATH], n: 0 };
    for (const [name, paths, headers = {}, status] of runs) {
      const baseline =
        name === STATIC_NAME || name.includes('ping') ? null : await drive(load, server.url, staticSeq, {}, SECONDS);
      // The mix first runs unmeasured, as on a server that has been answering it; then the same mix goes on.
      const seq = { paths, n: 0 };
      if (WARMUP && paths.length > 1) await drive(load, server.url, seq, headers, WARMUP, status);
      const r = await drive(load, server.url, seq, headers, SECONDS, status);
      // Errors: failed connections and timeouts, and answers without the expected status (200, or 304).
      const errors = (run: typeof r) => run.errors + run.requests - run.ok;
      rows.push({
        path: name,
        'req/s': Math.round(r.perSecond),
        'static req/s': baseline ? Math.round(baseline.perSecond) : null,
        'x static': baseline ? +(r.perSecond / baseline.perSecond).toFixed(2) : null,
        'p99 ms': r.p99Ms,
        'static p99 ms': baseline ? baseline.p99Ms : null,
        ok: r.ok,
        errors: errors(r) + (baseline ? errors(baseline) : 0),
      });
    }
    const cpu = cpuUsed(cpuBefore, cpuParts(server.pid));
    const wall = (performance.now() - t0) / 1000;
    return { rows, cpu, wall, fresh: cache ? await nextReadIsFresh(server.url, hot) : null };
  } finally {
    await server.stop();
  }
}

/** Waits until the app hears every monitored station's stream. */
async function allLive(url: string, callSigns: string[]) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const statuses = await Promise.all(
      callSigns.map(async (c) => {
        const res = await fetch(`${url}/api/stations/${c}`);
        return res.ok ? ((await res.json()) as { station: { monitorStatus: string } }).station.monitorStatus : '-';
      }),
    );
    const live = statuses.filter((s) => s === 'live').length;
    if (live === callSigns.length) return console.error(`${live} stations monitored`);
    if (Date.now() > deadline) throw new Error(`${live} of ${callSigns.length} stations live after 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Three minutes of a quiet bed (a tone and pink noise) with a demo ad at one minute: a station's programme. */
async function programme() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-bench-programme-'));
  const file = path.join(dir, 'programme.mp3');
  try {
    await promisify(execFile)('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=220:duration=180:sample_rate=44100'],
      ...['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.03:duration=180:sample_rate=44100'],
      ...['-i', path.join(SEED_ASSETS_DIR, 'audio', 'harbor-pizza.mp3')],
      ...[
        '-filter_complex',
        '[0:a]volume=0.05[bed];[2:a]aresample=44100,pan=mono|c0=c0,adelay=60000[spot];[bed][1:a][spot]amix=inputs=3:normalize=0:duration=first[out]',
      ],
      ...['-map', '[out]', '-ac', '2', '-ar', '44100', '-b:a', '128k', file],
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The demo advertiser hides a demo ad; the very next read of it, and of the list, must say it is gone. */
async function nextReadIsFresh(url: string, hot: string) {
  const origin = { origin: url, 'content-type': 'application/json' };
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: DEMO_EMAIL, password: 'demo-advertiser' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { ads } = (await (await fetch(`${url}/api/my/ads`, { headers: { cookie } })).json()) as { ads: Ad[] };
  const ad = ads.find((a) => a.slug !== hot) ?? ads[0]!;
  const listed = async () =>
    ((await (await fetch(`${url}/api/ads?limit=50`)).json()) as { ads: Ad[] }).ads.some((a) => a.id === ad.id);
  const before = [(await fetch(`${url}/api/ads/${ad.slug}`)).status, await listed()];
  const toggled = await fetch(`${url}/api/my/ads/${ad.id}/active`, {
    method: 'PATCH',
    headers: { ...origin, cookie },
    body: JSON.stringify({ isActive: false }),
  });
  const after = [(await fetch(`${url}/api/ads/${ad.slug}`)).status, await listed()];
  // Shown again: the run without the cache asks for the same slugs, and a hidden one would answer 404s.
  const shown = await fetch(`${url}/api/my/ads/${ad.id}/active`, {
    method: 'PATCH',
    headers: { ...origin, cookie },
    body: JSON.stringify({ isActive: true }),
  });
  console.log(
    `sign-in ${signIn.status}; ad ${before.join(', listed ')}; hidden ${toggled.status}; then ${after.join(', listed ')}`,
  );
  return signIn.ok && before[0] === 200 && toggled.status === 200 && after[0] === 404 && !after[1] && shown.ok;
}

/**
 * The demo seed (the server's first start), then the generated ads, and `streamUrl`'s stations (call signs
 * BA00, BA01...) when given; returns the visible slugs.
 */
async function prepare(env: Record<string, string>, dataDir: string, databaseUrl?: string, streamUrl?: string) {
  const first = await startServer(env);
  await first.stop();
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const t0 = Date.now();
    await insertBenchAds(database.db, ADS);
    // Their audio files do not exist: recorded as indexed (no landmarks), so that no server of the run spends
    // its first minutes trying to read them, and every configuration is measured on the same footing.
    await database.db.execute(
      sql`INSERT INTO ad_fingerprint_sets (ad_id, audio_url, version, landmarks)
          SELECT id, audio_url, ${LANDMARKS_VERSION}, 0 FROM ads WHERE slug LIKE 'bench-%' ON CONFLICT DO NOTHING`,
    );
    if (streamUrl) {
      const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
      await database.db.insert(stations).values(
        callSignsOf(MONITORS).map((callSign, i) => ({
          userId: owner!.id,
          callSign,
          name: `Bench ${i}`,
          timeZone: 'UTC',
          streamUrl: `${streamUrl}?station=${i}`,
        })),
      );
    }
    await database.db.execute('VACUUM ANALYZE');
    console.error(`loaded ${ADS} ads in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const { rows } = (await database.db.execute(
      "SELECT slug FROM ads WHERE status = 'published' AND is_active ORDER BY slug",
    )) as unknown as { rows: { slug: string }[] };
    return rows.map((r) => r.slug);
  } finally {
    await database.close();
  }
}

const callSignsOf = (n: number) => Array.from({ length: n }, (_, i) => `BA${String(i).padStart(2, '0')}`);

async function bench(load: Load, kind: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-bench-pages-'));
  const scratch = kind === 'postgres' ? await createScratchDatabase(PG_URL, 'adreplay_bench') : undefined;
  const env = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  // Each station's listeners join the programme where it is when they connect: the spots do not line up.
  const stream = MONITORS ? await serveStream({ mp3: await programme(), seconds: 180, loop: true }) : undefined;
  try {
    const slugs = await prepare(env, dataDir, scratch?.url, stream?.url);
    const results: { cache: boolean; rows: Row[] }[] = [];
    const configs = MONITORS
      ? [
          // Alternated, twice: an order effect (a warmer database for the later runs) shows as a difference
          // between the two pairs, not as the monitors' cost.
          { cache: true, monitored: [] },
          { cache: true, monitored: callSignsOf(MONITORS) },
          { cache: true, monitored: callSignsOf(MONITORS) },
          { cache: true, monitored: [] },
        ]
      : [
          { cache: true, monitored: [] },
          { cache: false, monitored: [] },
        ];
    for (const { cache, monitored } of configs) {
      const { rows, cpu, wall, fresh } = await measure(load, env, slugs, cache, monitored);
      const watching = monitored.length ? `, ${monitored.length} stations monitored` : '';
      console.log(
        `\n${kind}, public cache ${cache ? 'on' : 'off'}${watching}, ${CONNECTIONS} connections, ${SECONDS} s each`,
      );
      console.table(rows);
      // Where the CPU went during these runs: what monitoring takes, and from whom.
      if (cpu) console.log(`CPU seconds in ${wall.toFixed(0)} s of runs:`, cpu);
      if (fresh !== null) {
        console.log(fresh ? 'CHECK OK: a change is visible on the next read' : 'CHECK FAILED: a stale read');
        if (!fresh) process.exitCode = 1;
      }
      if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
      results.push({ cache, rows });
    }
    if (MONITORS) {
      const mean = (runs: typeof results, i: number, key: 'req/s' | 'p99 ms') =>
        Math.round(runs.reduce((sum, r) => sum + r.rows[i]![key], 0) / runs.length);
      const off = [results[0]!, results[3]!];
      const on = [results[1]!, results[2]!];
      console.log(
        `\nWith ${MONITORS} stations monitored against none (the same runs, two of each, alternated; means):`,
      );
      console.table(
        off[0]!.rows.map((r, i) => ({
          path: r.path,
          'req/s none': mean(off, i, 'req/s'),
          [`req/s ${MONITORS} monitors`]: mean(on, i, 'req/s'),
          ratio: +(mean(on, i, 'req/s') / mean(off, i, 'req/s')).toFixed(2),
          'p99 ms none': mean(off, i, 'p99 ms'),
          [`p99 ms ${MONITORS} monitors`]: mean(on, i, 'p99 ms'),
        })),
      );
    }
    const cached = results[0]!.rows;
    const row = (start: string) => cached.find((r) => r.path.startsWith(start))!;
    const verdicts = [
      ...cached.filter((r) => /^GET \/(ad|api\/ads)\/\{slug\} \(/.test(r.path)).map((r) => [r, TARGET.ad] as const),
      [row('GET /api/ads?limit=12&page'), TARGET.directory],
      [row('GET /api/ads?limit=12&search'), TARGET.directory],
      [row('GET /directory?search'), TARGET.directory],
    ] as const;
    for (const [row, ratio] of verdicts) {
      const met = row['x static']! >= ratio;
      const p99 = ratio === TARGET.ad ? `, p99 ${row['p99 ms']} ms (target < ${TARGET.p99Ms})` : '';
      console.log(
        `${met ? 'MET' : 'MISSED'}: ${row.path} at ${row['x static']}x the static page (target ${ratio}x)${p99}`,
      );
    }
  } finally {
    await stream?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const load = await wrkLoad();
try {
  for (const kind of KINDS) await bench(load, kind);
} finally {
  await load.close();
}
