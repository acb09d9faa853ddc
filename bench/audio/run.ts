/**
 * Decoder cost of crafted audio files (silence at high rates with many channels, a few dozen KB each) and
 * of a real ad, as the upload path reads them: readAudioFacts with the fingerprint, in this process,
 * one at a time, so the figures are the time one worker thread spends on each. Each file is read as an
 * ad (5-minute limit) and as a partner identify recording (60-second limit).
 *   npm run bench:audio                 # BENCH_ROUNDS=3 by default
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileTypeFromBuffer } from 'file-type';
import { IDENTIFY_FILE_MAX_SECONDS } from '../../src/shared/identify.js';
import { audioFormatOf, readAudioFacts } from '../../src/server/modules/media/audio-facts.js';
import { SEED_ASSETS_DIR } from '../../src/server/paths.js';
import { CRAFTED_AUDIO, craftedFile, type CraftedAudio } from '../../src/server/test/audio.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function cost(bytes: Buffer, maxSeconds?: number) {
  const format = audioFormatOf((await fileTypeFromBuffer(bytes))?.ext);
  if (!format) return { ms: [0], outcome: 'not an accepted format' };
  const ms: number[] = [];
  let outcome = '';
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    try {
      const facts = await readAudioFacts(bytes, format, { fingerprint: true, maxSeconds });
      outcome = `accepted, ${(facts.durationMs / 1000).toFixed(1)} s`;
    } catch (err) {
      outcome = `refused: ${(err as Error).message}`;
    }
    ms.push(performance.now() - start);
  }
  return { ms, outcome };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-bench-audio-'));
  try {
    const files: [string, Buffer][] = [
      ['seed sunrise-bakery.mp3 (real ad)', await readFile(path.join(SEED_ASSETS_DIR, 'audio/sunrise-bakery.mp3'))],
    ];
    for (const name of Object.keys(CRAFTED_AUDIO) as CraftedAudio[]) files.push([name, await craftedFile(dir, name)]);
    console.log(
      `| file | KB | as an ad: median ms (${ROUNDS} rounds) | outcome | as a recording: median ms | outcome |`,
    );
    console.log('| --- | ---: | ---: | --- | ---: | --- |');
    for (const [name, bytes] of files) {
      const ad = await cost(bytes);
      const recording = await cost(bytes, IDENTIFY_FILE_MAX_SECONDS);
      console.log(
        `| ${name} | ${Math.round(bytes.length / 1024)} | ${median(ad.ms).toFixed(0)} | ${ad.outcome} | ${median(recording.ms).toFixed(0)} | ${recording.outcome} |`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
