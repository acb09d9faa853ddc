/**
 * Identification accuracy: fingerprints every catalogue ad into an in-memory hash index (the same lookup the
 * database answers: every stored landmark sharing a hash with the query), then identifies clips of 3, 5
 * and 10 s cut at seeded offsets under each degradation, and clips of audio that is not in the catalogue.
 * A clip counts as found only when the best candidate is its ad and the confidence test accepts it.
 * BENCH_CLIP_SEED (0) moves every clip's offset and noise: a set of clips to tune on other than the measured.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  alignMatches,
  fingerprint,
  FRAME_SECONDS,
  type Hit,
  type Landmark,
  MARGIN,
  matchStrength,
  MIN_SCORE,
  MIN_SPANS,
  querySpans,
  RATIO,
  SPAN_SHARE,
} from '../../src/shared/fingerprint/index.js';
import { seededRandom } from '../../src/shared/random.js';
import { CACHE_DIR, describeItems, ensureItems, type Item, SOURCE_RATE } from './catalogue.js';
import { addNoise, CONDITIONS, type Condition, loadDegraded, prepareDegradations } from './degrade.js';
import { pool } from './tools.js';

const ADS = Number(process.env.BENCH_ADS ?? 200);
const FOREIGN_ADS = Number(process.env.BENCH_FOREIGN_ADS ?? 100);
const MUSIC = Number(process.env.BENCH_MUSIC ?? 50);
const LENGTHS = [3, 5, 10] as const;
const CLIP_SEED = Number(process.env.BENCH_CLIP_SEED ?? 0);
/** Bytes per stored landmark: hash int4 + t int4 + an int4 reference to the ad (payload, before row overhead). */
const ROW_BYTES = 12;
/** Frames per stored t: enough for AUDIO_MAX_SECONDS-long recordings and more. */
const T_SPAN = 1 << 16;

interface Outcome {
  condition: Condition['name'];
  length: number;
  kind: Item['kind'];
  truth: string | null;
  landmarks: number;
  best: string | null;
  score: number;
  second: number;
  /** The best candidate's score at its other offsets, and the seconds of the query its alignment holds in. */
  background: number;
  spans: number;
  querySpans: number;
  offsetError: number | null;
  /** Stored landmarks sharing a hash with the query: the rows the database returns for it. */
  hits: number;
}

class MemoryIndex {
  private readonly postings = new Map<number, number[]>();
  readonly ids: string[] = [];
  add(id: string, landmarks: Landmark[]) {
    const ref = this.ids.push(id) - 1;
    for (const { hash, t } of landmarks) {
      const list = this.postings.get(hash);
      const packed = ref * T_SPAN + t;
      if (list) list.push(packed);
      else this.postings.set(hash, [packed]);
    }
  }
  hits(query: Landmark[]): Hit[] {
    const hits: Hit[] = [];
    for (const hash of new Set(query.map((l) => l.hash))) {
      for (const packed of this.postings.get(hash) ?? []) {
        hits.push({ id: this.ids[Math.floor(packed / T_SPAN)]!, hash, t: packed % T_SPAN });
      }
    }
    return hits;
  }
}

const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '-');

export async function runAccuracy(): Promise<void> {
  const ads = describeItems('ad', ADS);
  const foreign = [...describeItems('foreign-ad', FOREIGN_ADS), ...describeItems('music', MUSIC)];
  console.log(`Catalogue: ${ads.length} spoken ads; not in it: ${FOREIGN_ADS} other spoken ads, ${MUSIC} music beds.`);
  const generatingStarted = performance.now();
  await ensureItems([...ads, ...foreign]);
  await prepareDegradations();
  console.log(
    `  audio ready in ${((performance.now() - generatingStarted) / 1000).toFixed(1)} s (cache: ${CACHE_DIR})`,
  );

  // ---- Index the catalogue, timing the fingerprinting (resampling included) ----
  const index = new MemoryIndex();
  let audioSeconds = 0;
  let landmarkCount = 0;
  let fingerprintMs = 0;
  for (const ad of ads) {
    const audio = await loadDegraded(ad, CONDITIONS[0]);
    const started = performance.now();
    const landmarks = fingerprint(audio, SOURCE_RATE);
    fingerprintMs += performance.now() - started;
    audioSeconds += audio.length / SOURCE_RATE;
    landmarkCount += landmarks.length;
    index.add(ad.id, landmarks);
  }
  const minutes = audioSeconds / 60;
  const perMinute = landmarkCount / minutes;
  const catalogueStats = {
    ads: ads.length,
    minutes: Number(minutes.toFixed(1)),
    landmarksPerSecond: Number((landmarkCount / audioSeconds).toFixed(1)),
    bytesPerMinute: Math.round(perMinute * ROW_BYTES),
    fingerprintMsPerMinute: Number((fingerprintMs / minutes).toFixed(1)),
  };
  console.log(
    `  ${catalogueStats.minutes} min of audio, ${landmarkCount} landmarks: ${catalogueStats.landmarksPerSecond}/s, ` +
      `${Math.round(perMinute)}/min = ${(catalogueStats.bytesPerMinute / 1024).toFixed(1)} KiB per minute at ${ROW_BYTES} B a row; ` +
      `fingerprinting one minute (16 kHz in, resampling included) takes ${catalogueStats.fingerprintMsPerMinute} ms ` +
      `(${Math.round(60_000 / (fingerprintMs / minutes))}x real time)`,
  );

  // ---- Clips: the same seeded offsets under every condition ----
  const outcomes: Outcome[] = [];
  const everything = [...ads, ...foreign];
  for (const condition of CONDITIONS) {
    const started = performance.now();
    // Degrade the missing recordings two at a time, then identify in order.
    await pool(everything, 2, async (item) => void (await loadDegraded(item, condition)));
    for (const [n, item] of everything.entries()) {
      const audio = await loadDegraded(item, condition);
      const tempo = 'tempo' in condition ? condition.tempo : 1;
      for (const length of LENGTHS) {
        const random = seededRandom(n * 1009 + length + CLIP_SEED);
        const sourceSeconds = (audio.length / SOURCE_RATE) * tempo;
        const at = random() * Math.max(0, sourceSeconds - length * tempo);
        const start = Math.round((at / tempo) * SOURCE_RATE);
        let clip: Float32Array = audio.slice(start, start + length * SOURCE_RATE);
        if ('snr' in condition) clip = await addNoise(clip, condition.snr, Math.floor(random() * 1e9));
        const query = fingerprint(clip, SOURCE_RATE);
        const hits = index.hits(query);
        const [best, second] = alignMatches(query, hits);
        const truth = item.kind === 'ad' ? item.id : null;
        outcomes.push({
          condition: condition.name,
          length,
          kind: item.kind,
          truth,
          landmarks: query.length,
          best: best?.id ?? null,
          score: best?.score ?? 0,
          second: second?.score ?? 0,
          background: best?.background ?? 0,
          spans: best?.spans ?? 0,
          querySpans: querySpans(query),
          offsetError: truth && best?.id === truth ? Math.round(best.offset - at / FRAME_SECONDS) : null,
          hits: hits.length,
        });
      }
    }
    console.log(`  ${condition.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await writeFile(OUTCOMES_FILE, JSON.stringify({ catalogueStats, outcomes }));
  printTables(outcomes);
}

const OUTCOMES_FILE = path.join(CACHE_DIR, CLIP_SEED ? `outcomes-${CLIP_SEED}.json` : 'outcomes.json');

/**
 * The tables again from the last run's alignments, judged by the current confidence test. Alignments do not
 * depend on the test, so the test can be tuned on a run's outcomes (with BENCH_CLIP_SEED: on other clips).
 */
export async function reportAccuracy(): Promise<void> {
  const { catalogueStats, outcomes } = JSON.parse(await readFile(OUTCOMES_FILE, 'utf8')) as {
    catalogueStats: Record<string, number>;
    outcomes: Outcome[];
  };
  console.log('Catalogue of the last run:', catalogueStats);
  printTables(outcomes);
}

type Test = (o: Outcome) => boolean;
/** The confidence test of match.ts, on what an outcome keeps of the best two candidates. */
const confident: Test = (o) =>
  o.best !== null &&
  matchStrength({ id: o.best, score: o.score, offset: 0, background: o.background, spans: o.spans, until: 0 }, o.second, o.querySpans) >= 1; // prettier-ignore

function printTables(outcomes: Outcome[]) {
  const found = (o: Outcome) => o.truth !== null && o.best === o.truth && confident(o);
  console.log(`\nTop-1 accuracy, catalogue clips (${ADS} per cell; a no-match is a miss):\n`);
  console.log(`| degradation | ${LENGTHS.map((l) => `${l} s`).join(' | ')} |`);
  console.log(`| --- | ${LENGTHS.map(() => '---:').join(' | ')} |`);
  for (const condition of CONDITIONS) {
    const cells = LENGTHS.map((length) => {
      const cell = outcomes.filter((o) => o.condition === condition.name && o.length === length && o.truth);
      return pct(cell.filter(found).length, cell.length);
    });
    console.log(`| ${condition.label} | ${cells.join(' | ')} |`);
  }

  console.log(`\nFalse positives: clips of audio not in the catalogue that returned a match (every degradation):\n`);
  console.log(`| audio | ${LENGTHS.map((l) => `${l} s`).join(' | ')} | highest score (landmarks) |`);
  console.log(`| --- | ${LENGTHS.map(() => '---:').join(' | ')} | ---: |`);
  for (const kind of ['foreign-ad', 'music'] as const) {
    const rows = outcomes.filter((o) => o.kind === kind);
    const cells = LENGTHS.map((length) => {
      const cell = rows.filter((o) => o.length === length);
      const fp = cell.filter(confident).length;
      return `${fp}/${cell.length} (${pct(fp, cell.length)})`;
    });
    const top = rows.reduce((a, b) => (b.score > a.score ? b : a), rows[0]!);
    console.log(`| ${kind === 'music' ? 'music only' : 'other spoken ads'} | ${cells.join(' | ')} | ${top.score} (${top.landmarks}) |`); // prettier-ignore
  }
  const wrong = outcomes.filter((o) => o.truth && confident(o) && o.best !== o.truth).length;
  console.log(
    `\nCatalogue clips matched to the wrong ad: ${wrong}. Confidence test: score >= ${MIN_SCORE}, in >= max(${MIN_SPANS}, ` +
      `${SPAN_SHARE} x the query's) seconds, >= ${RATIO} x (runner-up, background) + ${MARGIN}.`,
  );
  const offsets = outcomes.filter((o) => o.offsetError !== null && o.condition === 'clean').map((o) => Math.abs(o.offsetError!)); // prettier-ignore
  for (const length of LENGTHS) {
    const cell = outcomes.filter((o) => o.length === length);
    const landmarks = cell.reduce((sum, o) => sum + o.landmarks, 0) / cell.length;
    const hits = cell.reduce((sum, o) => sum + o.hits, 0) / cell.length;
    console.log(
      `${length} s queries: ${Math.round(landmarks)} landmarks, ${Math.round(hits)} stored rows sharing a hash ` +
        `(about ${Math.round((hits * 10_000) / ADS)} with 10,000 ads of this length)`,
    );
  }
  // What each part of the test costs and buys: false positives against the cells it is for, at 5 s.
  const strength = (o: Outcome, change: Partial<Outcome>) => {
    const c = { ...o, ...change };
    return c.best !== null && matchStrength({ id: c.best, score: c.score, offset: 0, background: c.background, spans: c.spans, until: 0 }, c.second, c.querySpans) >= 1; // prettier-ignore
  };
  const variants: Array<[string, Test]> = [
    ['the test', confident],
    ['without the seconds', (o) => strength(o, { spans: 99 })],
    ['without the runner-up', (o) => strength(o, { second: 0 })],
    ['without the background', (o) => strength(o, { background: 0 })],
    ['the earlier threshold max(14, 0.06 x landmarks)', (o) => o.best !== null && o.score >= Math.max(14, 0.06 * o.landmarks)], // prettier-ignore
  ];
  const foreign = outcomes.filter((o) => !o.truth);
  console.log(`\nParts of the test (false positives over all foreign clips; top-1 at 5 s):`);
  for (const [name, test] of variants) {
    const at5 = (condition: string) => {
      const cell = outcomes.filter((o) => o.truth && o.length === 5 && o.condition === condition);
      return pct(cell.filter((o) => o.best === o.truth && test(o)).length, cell.length);
    };
    console.log(
      `  ${name}: false positives ${pct(foreign.filter(test).length, foreign.length)}; at 5 s ` +
        `clean ${at5('clean')}, 0 dB ${at5('noise-0')}, reverb ${at5('reverb')}, phone ${at5('phone-opus')}`,
    );
  }
  console.log(`Clean clips found within 1 frame of their true offset: ${pct(offsets.filter((e) => e <= 1).length, offsets.length)}`); // prettier-ignore
}
