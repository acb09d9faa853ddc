/**
 * Public pages benchmark: starts the built app (`npm run build` first) as its own process on a scratch
 * database with the demo seed, once with the public cache and once without (PUBLIC_CACHE=false), and drives
 * each path with autocannon over loopback: the no-work ping, the static home page, ad pages and the ad API
 * over every demo slug, directory pages with and without a search, and a conditional request answered 304.
 * Prints req/s, p99 and errors, and each rate as a ratio to the static page of the same run; then checks
 * that a change is visible on the very next read.
 *   npm run build && npm run bench:pages                  # PostgreSQL on 127.0.0.1:5432 (BENCH_PG_URL)
 *   BENCH_DB=pglite npm run bench:pages                   # the embedded database
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../../src/server/test/scratch-database.js';
import { freePort, spawnServer } from '../../src/server/test/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';

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
    ...env,
  });
  await server.ready;
  return { url: `http://127.0.0.1:${port}`, stop: () => server.stop() };
}

/** One path, or one path per request in turn (many slugs), for SECONDS. */
async function drive(url: string, paths: string[], headers: Record<string, string> = {}) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]!, headers }) }],
  });
  return result;
}

async function measure(env: Record<string, string>, cache: boolean) {
  const server = await startServer({ ...env, PUBLIC_CACHE: String(cache) });
  try {
    const { ads } = (await (await fetch(`${server.url}/api/ads?limit=50`)).json()) as { ads: Ad[] };
    const slugs = ads.map((a) => a.slug);
    const etag = (await fetch(`${server.url}/api/ads/${slugs[0]}`)).headers.get('etag')!;
    const runs: [string, string[], Record<string, string>?][] = [
      ['GET /api/ping (no work)', ['/api/ping']],
      ['GET / (static page)', ['/']],
      [`GET /ad/{slug} (${slugs.length} slugs)`, slugs.map((s) => `/ad/${s}`)],
      [`GET /api/ads/{slug} (${slugs.length} slugs)`, slugs.map((s) => `/api/ads/${s}`)],
      ['GET /api/ads?limit=12', ['/api/ads?limit=12']],
      ['GET /api/ads?limit=12&search=coffee', ['/api/ads?limit=12&search=coffee']],
      ['GET /api/ads/{slug}, If-None-Match (304)', [`/api/ads/${slugs[0]}`], { 'if-none-match': etag }],
    ];
    const rows = [];
    let staticRate = 0;
    for (const [name, paths, headers] of runs) {
      const r = await drive(server.url, paths, headers);
      if (name.startsWith('GET / ')) staticRate = r.requests.average;
      rows.push({
        path: name,
        'req/s': Math.round(r.requests.average),
        'x static': staticRate ? +(r.requests.average / staticRate).toFixed(2) : null,
        'p99 ms': r.latency.p99,
        [name.includes('304') ? '304s' : '2xx']: name.includes('304') ? r.non2xx : r['2xx'],
        errors: r.errors + r.timeouts + (name.includes('304') ? r['2xx'] : r.non2xx),
      });
    }
    return { rows, fresh: cache ? await nextReadIsFresh(server.url, ads[0]!) : null };
  } finally {
    await server.stop();
  }
}

/** The demo advertiser hides an ad; the very next read of it must say it is gone. */
async function nextReadIsFresh(url: string, ad: Ad) {
  const origin = { origin: url, 'content-type': 'application/json' };
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: 'demo@adreplay.test', password: 'demo-advertiser' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const before = (await fetch(`${url}/api/ads/${ad.slug}`)).status;
  const toggled = await fetch(`${url}/api/my/ads/${ad.id}/active`, {
    method: 'PATCH',
    headers: { ...origin, cookie },
    body: JSON.stringify({ isActive: false }),
  });
  const after = (await fetch(`${url}/api/ads/${ad.slug}`)).status;
  console.log(`sign-in ${signIn.status}; ad ${before}, hidden ${toggled.status}, then ${after}`);
  return signIn.ok && before === 200 && toggled.status === 200 && after === 404;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-bench-pages-'));
  const scratch = KIND === 'postgres' ? await createScratchDatabase(PG_URL, 'adreplay_bench') : undefined;
  const env = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  try {
    for (const cache of [true, false]) {
      const { rows, fresh } = await measure(env, cache);
      console.log(`\n${KIND}, public cache ${cache ? 'on' : 'off'}, ${CONNECTIONS} connections, ${SECONDS} s each`);
      console.table(rows);
      if (fresh !== null) {
        console.log(fresh ? 'CHECK OK: a change is visible on the next read' : 'CHECK FAILED: a stale read');
        if (!fresh) process.exitCode = 1;
      }
      if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
    }
  } finally {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
