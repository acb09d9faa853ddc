/**
 * The server side of identification: POST /api/identify latency with 10,000 ads in the index, and the
 * index's size per minute of audio. Builds a scratch database (PostgreSQL, then PGlite): the demo seed,
 * whose 14 real ads are indexed by the app's own backfill (decoded and fingerprinted like any upload), and
 * synthetic ads up to BENCH_ADS whose landmarks are made from the demo ads' own (each pair of peaks moved
 * to other frequencies, so density, time spread and hash statistics stay those of real spoken ads),
 * inserted directly. Then it starts the built app (`npm run build` first) as its own process and times,
 * one request at a time, 5-second queries cut at random offsets of the real ads, against GET /api/ping in
 * the same run, and checks that each query found its ad. Each answer's Server-Timing header splits the
 * time between the database lookup, the alignment and the cards query, and gives the rows the lookup kept;
 * the machine's load average is printed with them (the figures mean little on a busy machine).
 *   npm run build && BENCH_PARTS=latency npm run bench:identify     # both databases (see run.ts)
 *   BENCH_DB=pglite|postgres BENCH_INDEX_ADS=10000 BENCH_QUERIES=300
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { fingerprint, FRAME_SECONDS } from '../../src/shared/fingerprint/index.js';
import { seededRandom } from '../../src/shared/random.js';
import { createStorage } from '../../src/server/adapters/storage/index.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { rows } from '../../src/server/db/rows.js';
import { ads, users } from '../../src/server/db/schema.js';
import { demoAds } from '../../src/server/db/seed/demo-ads.js';
import { makeAd } from '../../src/server/db/seed/factories.js';
import { seedIfEmpty } from '../../src/server/db/seed/seed.js';
import { createIdentifyRepository } from '../../src/server/modules/identify/identify.repository.js';
import { createIdentifyService, LANDMARKS_VERSION } from '../../src/server/modules/identify/identify.service.js';
import { closeAudioPool } from '../../src/server/modules/media/audio-analyser.js';
import { MIGRATIONS_DIR, SEED_ASSETS_DIR } from '../../src/server/paths.js';
import { decodeMono } from '../../src/server/test/audio.js';
import { createScratchDatabase } from '../../src/server/test/scratch-database.js';
import { freePort, spawnServer } from '../../src/server/test/server-process.js';

const TOTAL_ADS = Number(process.env.BENCH_INDEX_ADS ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const CLIP_SECONDS = 5;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Synthetic ads written per statement. */
const BATCH = 100;

interface Clip {
  slug: string;
  body: string;
}

/** The demo ads' audio: decoded once, for their landmarks and for the query clips. */
async function demoAudio() {
  return Promise.all(
    demoAds.map(async (ad) => {
      const { samples, rate } = await decodeMono(
        await readFile(path.join(SEED_ASSETS_DIR, 'audio', `${ad.key}.mp3`)),
        'mp3',
      );
      return { title: ad.title, samples, rate, landmarks: fingerprint(samples, rate) };
    }),
  );
}
type DemoAudio = Awaited<ReturnType<typeof demoAudio>>;

/** Hash fields (see landmarkHash): earlier peak's bin pair (7 bits) | later peak's (7) | frames between (5). */
const PAIRS = 104;
/**
 * Loads the index: the demo seed indexed by the backfill, then synthetic ads. Each synthetic ad takes one
 * or two demo ads' landmark sets end to end (15-40 s of audio) and moves every pair of peaks up or down by
 * the same random number of bins (the gap between the peaks and the frames between them stay).
 */
async function load(database: Database, dataDir: string, audio: DemoAudio) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const storage = createStorage(config);
  await seedIfEmpty(database.db, storage);
  const service = createIdentifyService({ repo: createIdentifyRepository(database.db), storage });
  const indexed = await service.backfill();
  await closeAudioPool();
  // The demo ads, the only ones so far: every query clip must know its ad's slug before the long load.
  const slugs = new Map(
    (await database.db.select({ title: ads.title, slug: ads.slug }).from(ads)).map((r) => [r.title, r.slug]),
  );
  if (audio.some((a) => !slugs.has(a.title))) throw new Error('a demo ad is missing from the seed');

  const random = seededRandom(20_17);
  const owner = { id: 'bench-identify-owner', name: 'Bench', email: 'bench-identify@example.com' };
  await database.db.insert(users).values(owner);
  const started = performance.now();
  // Bulk load: the landmark indexes are built once at the end (as a restore would), not row by row. A
  // btree built in one go is packed (fill factor 90%); one grown by uploads is somewhat larger.
  await database.db.execute(sql`DROP INDEX ad_fingerprints_hash_idx`);
  await database.db.execute(sql`DROP INDEX ad_fingerprints_ad_id_idx`);
  for (let done = indexed; done < TOTAL_ADS; done += BATCH) {
    const count = Math.min(BATCH, TOTAL_ADS - done);
    const adRows = [];
    const ids: string[] = [];
    const hashes: number[] = [];
    const frames: number[] = [];
    const sets: { id: string; url: string; landmarks: number }[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const parts = 1 + Math.floor(random() * 2);
      let offset = 0;
      let n = 0;
      for (let p = 0; p < parts; p++) {
        const base = audio[Math.floor(random() * audio.length)]!;
        for (const l of base.landmarks) {
          const bin1 = (l.hash >>> 12) & 0x7f;
          const bin2 = (l.hash >>> 5) & 0x7f;
          // Never 0: a copy of the demo ad's own hash would make the query's hashes common on purpose.
          const shift = (1 + Math.floor(random() * 12)) * (random() < 0.5 ? -1 : 1);
          const lo = Math.min(bin1, bin2);
          const hi = Math.max(bin1, bin2);
          const s = shift < 0 ? (lo + shift >= 0 ? shift : -shift) : hi + shift < PAIRS ? shift : -shift;
          ids.push(id);
          hashes.push(((bin1 + s) << 12) | ((bin2 + s) << 5) | (l.hash & 31));
          frames.push(l.t + offset);
          n++;
        }
        offset += Math.ceil(base.samples.length / base.rate / FRAME_SECONDS);
      }
      const audioUrl = `/media/audio-files/${owner.id}/synthetic-${done + i}.mp3`;
      adRows.push(
        makeAd({
          id,
          userId: owner.id,
          title: `Synthetic spot ${done + i}`,
          audioUrl,
          audioDurationMs: Math.round(offset * FRAME_SECONDS * 1000),
        }),
      );
      sets.push({ id, url: audioUrl, landmarks: n });
    }
    await database.db.insert(ads).values(adRows);
    await database.db.execute(sql`
      INSERT INTO ad_fingerprints (ad_id, hash, t)
      SELECT * FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(hashes)}::int4[], ${sql.param(frames)}::int4[])`);
    await database.db.execute(sql`
      INSERT INTO ad_fingerprint_sets (ad_id, audio_url, version, landmarks)
      SELECT u.id, u.url, ${LANDMARKS_VERSION}, u.n
      FROM unnest(${sql.param(sets.map((s) => s.id))}::uuid[], ${sql.param(sets.map((s) => s.url))}::text[],
                  ${sql.param(sets.map((s) => s.landmarks))}::int4[]) AS u(id, url, n)`);
  }
  // The migration's own statements, so the indexes are exactly those of a real database.
  const migration = await readFile(path.join(MIGRATIONS_DIR, '0011_ad_fingerprints.sql'), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) {
    if (/^\s*CREATE INDEX/m.test(statement)) await database.db.execute(sql.raw(statement));
  }
  // Steady state: autovacuum would have set the visibility map that index-only scans rely on.
  await database.db.execute(sql`VACUUM ANALYZE`);
  const [size] = await rows<{ bytes: string; landmarks: string; minutes: number; ads: number }>(
    database.db,
    sql`SELECT pg_total_relation_size('ad_fingerprints') + pg_total_relation_size('ad_fingerprint_sets') AS bytes,
               (SELECT count(*) FROM ad_fingerprints) AS landmarks,
               (SELECT sum(audio_duration_ms) / 60000.0 FROM ads)::float AS minutes,
               (SELECT count(*)::int FROM ads) AS ads`,
  );
  return {
    slugs,
    ads: size!.ads,
    landmarks: Number(size!.landmarks),
    minutes: size!.minutes,
    mb: Number(size!.bytes) / 1024 / 1024,
    loadSeconds: (performance.now() - started) / 1000,
  };
}

/** QUERIES clips of CLIP_SECONDS at random offsets of the demo ads, as the Listen button sends them. */
function clips(slugs: Map<string, string>, audio: DemoAudio): Clip[] {
  const random = seededRandom(5);
  return Array.from({ length: QUERIES }, () => {
    const ad = audio[Math.floor(random() * audio.length)]!;
    const start = random() * (ad.samples.length / ad.rate - CLIP_SECONDS);
    const clip = ad.samples.subarray(Math.round(start * ad.rate), Math.round((start + CLIP_SECONDS) * ad.rate));
    const landmarks = fingerprint(clip, ad.rate).map((l) => [l.hash, l.t]);
    return { slug: slugs.get(ad.title)!, body: JSON.stringify({ landmarks }) };
  });
}

/** `lookup;dur=12.3, align;dur=4.5, rows;desc=8000` → { lookup: 12.3, align: 4.5, rows: 8000 }. */
function parseServerTiming(header: string): Record<string, number> {
  const metrics: Record<string, number> = {};
  for (const metric of header.split(',')) {
    const [name, ...params] = metric.trim().split(';');
    const value = params.map((p) => /^(?:dur|desc)=(.*)$/.exec(p.trim())?.[1]).find((v) => v !== undefined);
    if (name && value !== undefined) metrics[name] = Number(value.replace(/"/g, ''));
  }
  return metrics;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
};

async function measure(kind: 'postgres' | 'pglite', audio: DemoAudio) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-bench-identify-'));
  const scratch = kind === 'postgres' ? await createScratchDatabase(PG_URL, 'adreplay_bench_identify') : undefined;
  try {
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
    const index = await load(database, dataDir, audio).finally(() => database.close());

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = spawnServer(['dist/server/main.js'], {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: url,
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      LOG_LEVEL: 'info',
    });
    await server.ready;
    const loadStart = os.loadavg();
    try {
      const queries = clips(index.slugs, audio);
      const identifyMs: number[] = [];
      const pingMs: number[] = [];
      const split = { lookup: [] as number[], align: [] as number[], cards: [] as number[], rows: [] as number[] };
      let found = 0;
      let firstMiss = '';
      // The limit is per client: each query comes from a client of its own, as listeners do.
      const post = (clip: Clip, i: number) =>
        fetch(`${url}/api/identify`, {
          method: 'POST',
          headers: { origin: url, 'content-type': 'application/json', 'user-agent': `bench listener ${i}` },
          body: clip.body,
        });
      for (let i = 0; i < Math.min(20, queries.length); i++) await (await post(queries[i]!, -i - 1)).arrayBuffer(); // warm-up
      for (const [i, clip] of queries.entries()) {
        let at = performance.now();
        await (await fetch(`${url}/api/ping`)).arrayBuffer();
        pingMs.push(performance.now() - at);
        at = performance.now();
        const res = await post(clip, i);
        const body = (await res.json()) as { match: { slug: string } | null };
        identifyMs.push(performance.now() - at);
        const timing = parseServerTiming(res.headers.get('server-timing') ?? '');
        split.lookup.push(timing.lookup ?? NaN);
        split.align.push(timing.align ?? NaN);
        split.cards.push(timing.cards ?? NaN);
        split.rows.push(timing.rows ?? NaN);
        if (res.ok && body.match?.slug === clip.slug) found++;
        else if (!firstMiss) firstMiss = `${res.status} ${JSON.stringify(body).slice(0, 300)}`;
      }
      const identify = summary(identifyMs);
      const ping = summary(pingMs);
      const landmarksPerQuery =
        queries.reduce((n, q) => n + (JSON.parse(q.body) as { landmarks: unknown[] }).landmarks.length, 0) /
        queries.length;
      if (firstMiss) console.log(`${kind}: first query that missed its ad answered ${firstMiss}`);
      const loadEnd = os.loadavg();
      const parts = {
        lookup: summary(split.lookup),
        align: summary(split.align),
        cards: summary(split.cards),
        rows: summary(split.rows),
      };
      return {
        kind,
        index,
        identify,
        ping,
        parts,
        found,
        queries: queries.length,
        landmarksPerQuery,
        loadStart,
        loadEnd,
      };
    } catch (err) {
      console.error(`the app's last output:\n${server.output().slice(-3000)}`);
      throw err;
    } finally {
      await server.stop();
    }
  } finally {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs the server part on the chosen databases and prints its table; resolves false when a target is missed. */
export async function runLatency(kinds: ('postgres' | 'pglite')[]): Promise<boolean> {
  const audio = await demoAudio();
  const results = [];
  for (const kind of kinds) {
    console.log(`\nidentify latency: loading ${TOTAL_ADS} ads into ${kind} ...`);
    results.push(await measure(kind, audio));
  }
  const round = (n: number, d = 1) => +n.toFixed(d);
  console.log(`\nPOST /api/identify, ${CLIP_SECONDS} s queries of real ads, one request at a time (ms)`);
  console.table(
    results.map((r) => ({
      database: r.kind,
      ads: r.index.ads,
      landmarks: r.index.landmarks,
      'landmarks/query': round(r.landmarksPerQuery, 0),
      'identify p50': round(r.identify.p50),
      'identify p95': round(r.identify.p95),
      'ping p50': round(r.ping.p50, 2),
      'ping p95': round(r.ping.p95, 2),
      'p50 x ping': round(r.identify.p50 / r.ping.p50),
      'p95 x ping': round(r.identify.p95 / r.ping.p95),
      'found its ad': `${r.found}/${r.queries}`,
    })),
  );
  console.log('\nIndex size (landmarks table and its indexes, with the per-ad sets)');
  console.table(
    results.map((r) => ({
      database: r.kind,
      'minutes of audio': round(r.index.minutes, 0),
      MB: round(r.index.mb, 0),
      'KB per minute of audio': round((r.index.mb * 1024) / r.index.minutes, 0),
      'load s': round(r.index.loadSeconds, 0),
    })),
  );
  console.log(
    `\nWhere the time went, from the answers' Server-Timing header (ms; rows: stored landmarks the lookup kept)`,
  );
  console.table(
    results.map((r) => ({
      database: r.kind,
      'lookup p50': round(r.parts.lookup.p50),
      'lookup p95': round(r.parts.lookup.p95),
      'align p50': round(r.parts.align.p50),
      'align p95': round(r.parts.align.p95),
      'cards p50': round(r.parts.cards.p50),
      'cards p95': round(r.parts.cards.p95),
      'rows p50': r.parts.rows.p50,
      'rows p95': r.parts.rows.p95,
      'load average at start': r.loadStart.map((n) => n.toFixed(1)).join(' '),
      'load average at end': r.loadEnd.map((n) => n.toFixed(1)).join(' '),
    })),
  );
  const pg = results.find((r) => r.kind === 'postgres');
  const slow = pg && pg.identify.p95 >= 100;
  const missed = results.filter((r) => r.found < r.queries).map((r) => `${r.kind} found ${r.found}/${r.queries}`);
  const ok = !slow && !missed.length;
  if (ok) console.log('CHECK OK');
  if (slow) console.log('CHECK FAILED: identify p95 at or over 100 ms on PostgreSQL');
  if (missed.length) console.log(`CHECK FAILED: queries that missed their ad (${missed.join(', ')})`);
  return ok;
}
