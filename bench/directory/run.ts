/**
 * Directory list benchmark: loads 100,000 ads into a scratch database and times GET /api/ads
 * (through the real app, app.inject, with the public cache off so that every request queries) against the
 * same two SQL statements run bare on the driver.
 *   npm run bench:directory                 # PGlite and PostgreSQL
 *   BENCH_DB=pglite npm run bench:directory # one of them
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AdListQuery } from '../../src/shared/ads.js';
import { buildApp } from '../../src/server/app.js';
import { createOutboxMailer } from '../../src/server/adapters/mailer/mailer.js';
import { createLocalStorage } from '../../src/server/adapters/storage/local.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import {
  type AdSearch,
  countsFirst,
  listVisibleQueries,
  NARROW_MATCHES,
  pageThroughWholeWords,
  suggestQueries,
  withWholeWords,
} from '../../src/server/modules/ads/ads.repository.js';
import { createScratchDatabase } from '../../src/server/test/scratch-database.js';
import { parseSearch } from '../../src/server/modules/ads/search-query.js';
import { COMMON_WORD, insertBenchAds, RARE_WORD, TRANSCRIPT_PHRASE } from './data.js';

const TOTAL = Number(process.env.BENCH_ADS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const QUERIES: [string, string][] = [
  ['blank search', ''],
  [`selective search ('${RARE_WORD}')`, `search=${RARE_WORD}`],
  [`broad search ('${COMMON_WORD}')`, `search=${COMMON_WORD}`],
  [`prefix ('${RARE_WORD.slice(0, 4)}')`, `search=${RARE_WORD.slice(0, 4)}`],
  [`typo ('tuxdeo')`, 'search=tuxdeo'],
  [`transcript phrase ('${TRANSCRIPT_PHRASE}')`, `search=${encodeURIComponent(TRANSCRIPT_PHRASE)}`],
  ['category + location', 'category=Retail&location=portland'],
  ['page 50', 'page=50'],
  [`broad search in a category ('${COMMON_WORD}', Retail)`, `search=${COMMON_WORD}&category=Retail`],
  [`broad search, page 20 (past the ranked matches)`, `search=${COMMON_WORD}&page=20`],
  // No ad says these together (two cities): the directory tries each without one word (decision 15).
  [`three words never said together ('boise tampa ${COMMON_WORD}')`, `search=boise+tampa+${COMMON_WORD}`],
  [
    `five words never said together ('boise tampa fresh ${COMMON_WORD} sale')`,
    `search=boise+tampa+fresh+${COMMON_WORD}+sale`,
  ],
];
// The last: a word nearly every transcript says and no title holds, so the transcript-only part runs.
const SUGGESTS = [RARE_WORD.slice(0, 3), COMMON_WORD.slice(0, 4), 'tuxdeo', 'ninetee'];

async function load(database: Database) {
  await insertBenchAds(database.db, TOTAL);
  // Steady state: autovacuum would have set the visibility map that index-only counts rely on.
  await database.db.execute('VACUUM ANALYZE');
}

function percentiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  return { p50: at(50), p95: at(95), p99: at(99) };
}

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 30; i++) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return percentiles(samples);
}

type Client = { query(q: string, p: unknown[]): Promise<unknown> };
/** Prints EXPLAIN ANALYZE of each statement (BENCH_EXPLAIN=1), for the notes in bench/README.md. */
async function explain(client: Client, ...statements: { sql: string; params: unknown[] }[]) {
  for (const st of statements) {
    const res = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${st.sql}`, st.params)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.error(`\n${st.sql.slice(0, 120)}...\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

async function bench(kind: 'pglite' | 'postgres') {
  const scratch = kind === 'postgres' ? await createScratchDatabase(PG_URL, 'adreplay_bench') : undefined;
  const database: Database = await openDatabase(scratch ? { databaseUrl: scratch.url } : {});
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'adreplay-bench-'));
  try {
    const t0 = performance.now();
    await load(database);
    console.error(`${kind}: loaded ${TOTAL} ads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // The API path is timed through the database: the public read cache (decision 0017) would answer the
    // repeated requests from memory.
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: tmp, PUBLIC_CACHE: 'false' });
    const app = await buildApp({
      config,
      database,
      storage: createLocalStorage(tmp),
      mailer: createOutboxMailer(tmp, config.MAIL_FROM, () => {}),
      uploadsDir: tmp,
      authSecret: 'bench-secret-that-is-long-enough-for-better-auth',
      webDir: tmp,
    });
    await app.ready();
    // Bare: the exact SQL the repository sends, run straight on the driver.
    const client = (database.db as unknown as { $client: Client }).$client;
    const rows = [];
    for (const [name, qs] of QUERIES) {
      const { search, ...query } = AdListQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
      const parsed = search ? parseSearch(search) : undefined;
      const c = listVisibleQueries(database.db, query, parsed).count.toSQL();
      const [counted] = ((await client.query(c.sql, c.params)) as { rows: Record<string, unknown>[] }).rows;
      const total = Number(Object.values(counted!)[0]); // count(*), unnamed in the SQL
      // As the repository reads them: three words or more are counted first, and the count chooses the page's
      // plan; two words read their page through the whole words, asked for first (decision 37).
      const first = parsed && countsFirst(parsed);
      const twoWords = parsed && pageThroughWholeWords(parsed);
      const pageSearch: AdSearch | undefined = twoWords ? await withWholeWords(database.db, parsed) : parsed;
      const r = listVisibleQueries(database.db, query, pageSearch, {
        narrow: first && total <= NARROW_MATCHES,
      }).rows.toSQL();
      const readsPage = !first || total > query.page * query.limit;
      const { count } = (await app.inject(`/api/ads?${qs}`)).json() as { count: number };
      const api = await time(() => app.inject(`/api/ads?${qs}`));
      const bare = await time(async () => {
        const page = async () => {
          if (twoWords) await withWholeWords(database.db, parsed);
          return client.query(r.sql, r.params);
        };
        if (!first) return Promise.all([page(), client.query(c.sql, c.params)]);
        await client.query(c.sql, c.params);
        if (readsPage) await page();
      });
      rows.push({ name, count, api, bare });
      if (process.env.BENCH_EXPLAIN) await explain(client, ...(readsPage ? [r] : []), c);
    }
    for (const q of SUGGESTS) {
      const url = `/api/ads/suggest?q=${encodeURIComponent(q)}`;
      const { suggestions } = (await app.inject(url)).json() as { suggestions: unknown[] };
      const { head, transcriptOnly } = suggestQueries(database.db, parseSearch(q), 5);
      const s = head.toSQL();
      const api = await time(() => app.inject(url));
      // Bare: the ranked part (the transcript-only parts run only when it finds fewer than 5).
      const bare = await time(() => client.query(s.sql, s.params));
      rows.push({ name: `suggest '${q}'`, count: suggestions.length, api, bare });
      if (process.env.BENCH_EXPLAIN) {
        const more = transcriptOnly(5);
        await explain(client, s, more.recent.toSQL(), more.all.toSQL());
      }
    }
    await app.close();
    return rows;
  } finally {
    await database.close();
    await rm(tmp, { recursive: true, force: true });
    await scratch?.drop();
  }
}

const f = (n: number) => n.toFixed(1);
const kinds = (process.env.BENCH_DB?.split(',') ?? ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
for (const kind of kinds) {
  const rows = await bench(kind);
  console.log(`\n### ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15 (server on loopback)'}\n`);
  console.log('| query | matches | API p50 / p95 / p99 (ms) | bare SQL p50 / p95 / p99 (ms) | API / bare (p95) |');
  console.log('|---|---:|---|---|---:|');
  for (const { name, count, api, bare } of rows) {
    console.log(
      `| ${name} | ${count} | ${f(api.p50)} / ${f(api.p95)} / ${f(api.p99)} | ${f(bare.p50)} / ${f(bare.p95)} / ${f(bare.p99)} | ${(api.p95 / bare.p95).toFixed(2)}x |`,
    );
  }
}
