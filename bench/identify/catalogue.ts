/**
 * Generated spoken ads for the identify benchmark: a seeded ad script spoken by espeak-ng (voice, variant,
 * speed and pitch drawn per ad) over a music bed synthesised by sox (key, tempo, chords, instruments drawn
 * per bed), mixed by ffmpeg into 16 kHz mono WAV files of 20-40 s. The same seed gives the same audio, and
 * the files are cached, so a rerun only generates what is missing.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { seededRandom } from '../../src/shared/random.js';
import { pool, run } from './tools.js';

export const CACHE_DIR = process.env.BENCH_IDENTIFY_CACHE ?? path.join(os.tmpdir(), 'adreplay-bench-identify');
/** The rate the generated audio is kept at: the fingerprinter resamples it, as it does a microphone's. */
export const SOURCE_RATE = 16_000;

export type ItemKind = 'ad' | 'foreign-ad' | 'music';
export interface Item {
  id: string;
  kind: ItemKind;
  file: string;
  /** What was spoken, for the record (empty for music). */
  script: string;
  voice: string;
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (random: () => number, low: number, high: number) => low + random() * (high - low);

// ---- Ad scripts ----
const FIRST = ['Harbor', 'Maple', 'Sunrise', 'Golden', 'Riverside', 'Summit', 'Cedar', 'Bluebird', 'Lakeside', 'Pioneer', 'Redwood', 'Silver', 'Oakridge', 'Northstar', 'Willow', 'Granite', 'Meadow', 'Copper', 'Beacon', 'Prairie', 'Harvest', 'Liberty', 'Evergreen', 'Canyon', 'Juniper', 'Sterling', 'Orchard', 'Falcon', 'Coastal', 'Hilltop']; // prettier-ignore
const TRADES = [
  { kind: 'Pizza', goods: ['large pizzas', 'garlic knots', 'family meal deals', 'wood fired calzones'] },
  { kind: 'Motors', goods: ['certified used trucks', 'oil changes', 'new sedans', 'brake inspections'] },
  { kind: 'Dental', goods: ['teeth cleanings', 'whitening treatments', 'emergency visits', 'clear aligners'] },
  { kind: 'Plumbing', goods: ['water heater installs', 'drain cleaning', 'leak repairs', 'sump pumps'] },
  { kind: 'Hardware', goods: ['power drills', 'paint and primer', 'garden hoses', 'snow shovels'] },
  { kind: 'Credit Union', goods: ['auto loans', 'savings accounts', 'home equity lines', 'free checking'] },
  { kind: 'Realty', goods: ['starter homes', 'lakefront cabins', 'downtown condos', 'free home valuations'] },
  { kind: 'Coffee', goods: ['cold brew', 'breakfast sandwiches', 'fresh pastries', 'whole bean bags'] },
  { kind: 'Furniture', goods: ['leather sofas', 'mattress sets', 'dining tables', 'recliners'] },
  { kind: 'Fitness', goods: ['yoga classes', 'personal training', 'spin sessions', 'annual memberships'] },
  { kind: 'Pet Supply', goods: ['grooming appointments', 'premium dog food', 'cat trees', 'aquarium kits'] },
  { kind: 'Roofing', goods: ['roof inspections', 'gutter guards', 'shingle repairs', 'skylights'] },
  { kind: 'Insurance', goods: ['auto policies', 'renters coverage', 'life insurance', 'bundled quotes'] },
  { kind: 'Garden Center', goods: ['perennials', 'fruit trees', 'mulch by the yard', 'patio planters'] },
  { kind: 'Tire and Auto', goods: ['all season tires', 'wheel alignments', 'battery checks', 'winter tires'] },
  { kind: 'Steakhouse', goods: ['ribeye dinners', 'happy hour specials', 'private dining', 'Sunday brunch'] },
] as const;
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'this weekend'];
const STREETS = ['Main Street', 'Route nine', 'Elm Avenue', 'Harbor Road', 'Fifth Street', 'Market Square', 'Mill Lane', 'County Road twelve']; // prettier-ignore
const TOWNS = ['Springfield', 'Fairview', 'Riverton', 'Ashland', 'Georgetown', 'Milford', 'Clinton', 'Salem', 'Franklin', 'Greenville']; // prettier-ignore
const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const NUMBERS = ['ten', 'fifteen', 'twenty', 'twenty five', 'thirty', 'forty', 'fifty'];
const PRICES = ['nine ninety nine', 'nineteen ninety five', 'twenty nine dollars', 'forty nine ninety nine', 'just ninety nine dollars', 'one forty nine']; // prettier-ignore

/** A 60-110 word radio ad for a business made up from the seed. */
function adScript(random: () => number): string {
  const trade = pick(random, TRADES);
  const name = `${pick(random, FIRST)} ${trade.kind}`;
  const [a, b] = [pick(random, trade.goods), pick(random, trade.goods)];
  const phone = Array.from({ length: 7 }, () => pick(random, DIGITS));
  const sentences = [
    pick(random, [`Looking for ${a}?`, `Tired of waiting for ${a}?`, `Have you heard the news at ${name}?`, `Good news, ${pick(random, TOWNS)}!`]), // prettier-ignore
    `${name} has ${a} at prices you will not believe.`,
    `Every ${pick(random, DAYS)}, get ${pick(random, NUMBERS)} percent off ${b}.`,
    pick(random, [`Family owned since nineteen ${pick(random, ['seventy', 'eighty', 'ninety'])} ${pick(random, DIGITS.slice(1))}.`, `Our team treats you like a neighbour, because you are one.`, `Ask about our ${pick(random, ['free estimates', 'loyalty card', 'price match promise', 'same day service'])}.`]), // prettier-ignore
    `Prices start at ${pick(random, PRICES)}.`,
    `Visit us at ${10 + Math.floor(random() * 890)} ${pick(random, STREETS)} in ${pick(random, TOWNS)}.`,
    pick(random, [`Open seven days a week.`, `Open late on ${pick(random, DAYS)}.`, `Walk ins welcome.`, `Book online in minutes.`]), // prettier-ignore
    `Call ${phone.slice(0, 3).join(' ')}, ${phone.slice(3).join(' ')}.`,
    pick(random, [`That is ${phone.slice(0, 3).join(' ')}, ${phone.slice(3).join(' ')}.`, `Offer ends ${pick(random, DAYS)}.`, `Restrictions apply, see store for details.`]), // prettier-ignore
    `${name}. ${pick(random, ['We are here for you.', 'Quality you can count on.', 'Come see us today.', 'Where your neighbours shop.'])}`, // prettier-ignore
  ];
  return sentences.join(' ');
}

// ---- Voices ----
const VOICES = ['en-us', 'en-gb', 'en-gb-scotland', 'en-gb-x-rp', 'en-029', 'en-gb-x-gbclan', 'en-gb-x-gbcwmd'];
const VARIANTS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'f1', 'f2', 'f3', 'f4', 'f5', 'klatt', 'klatt2', 'klatt3', 'Andy', 'Annie', 'Mr_Serious', 'Linda', 'Steph']; // prettier-ignore

// ---- Music beds ----
const CHORD_WAVES = ['pluck', 'sine', 'triangle', 'square', 'sawtooth'] as const;
/** Scale degrees (semitones from the key) of a progression's chords, and whether each is minor. */
const PROGRESSIONS = [
  [
    [0, false],
    [7, false],
    [9, true],
    [5, false],
  ],
  [
    [0, false],
    [5, false],
    [7, false],
    [5, false],
  ],
  [
    [9, true],
    [5, false],
    [0, false],
    [7, false],
  ],
  [
    [0, false],
    [9, true],
    [5, false],
    [7, false],
  ],
  [
    [2, true],
    [7, false],
    [0, false],
    [0, false],
  ],
  [
    [0, true],
    [8, false],
    [3, false],
    [10, false],
  ],
] as const;

/** sox arguments for a bed of `seconds`: one segment per beat, chord tones, a bass note and a melody note. */
function bedArgs(random: () => number, seconds: number, file: string): string[] {
  const bpm = between(random, 72, 140);
  const beat = 60 / bpm;
  const key = -9 + Math.floor(random() * 12); // semitones from A440: C4..B4
  const progression = pick(random, PROGRESSIONS);
  const chordWave = pick(random, CHORD_WAVES);
  const leadWave = pick(random, ['pluck', 'sine', 'triangle'] as const);
  const beatsPerChord = pick(random, [2, 4, 4, 8]);
  const scale = [0, 2, 4, 5, 7, 9, 11, 12];
  const args = ['-n', '-r', String(SOURCE_RATE), '-c', '4', file];
  const beats = Math.ceil(seconds / beat);
  for (let i = 0; i < beats; i++) {
    const [degree, minor] = progression[Math.floor(i / beatsPerChord) % progression.length]!;
    const root = key + degree;
    const melody = key + 12 + pick(random, scale);
    const steady = chordWave !== 'pluck' && i % beatsPerChord !== 0; // pads hold, plucks strike every beat
    if (i) args.push(':');
    args.push(
      'synth',
      beat.toFixed(4),
      chordWave,
      `%${root}`,
      chordWave,
      `%${root + (minor ? 3 : 4)}`,
      random() < 0.7 ? leadWave : chordWave,
      `%${random() < 0.6 ? melody : root + 7}`,
      'sine',
      `%${root - 24}`,
      'fade',
      'q',
      steady ? '0.02' : '0.005',
      beat.toFixed(4),
      (beat * between(random, 0.2, 0.6)).toFixed(4),
    );
  }
  return args;
}

async function generate(item: Item, seed: number, tmp: string): Promise<void> {
  const random = seededRandom(seed);
  const voiceFile = path.join(tmp, `${item.id}-voice.wav`);
  const bed4 = path.join(tmp, `${item.id}-bed4.wav`);
  const bedFile = path.join(tmp, `${item.id}-bed.wav`);
  const seconds = item.kind === 'music' ? between(random, 20, 40) : 0;
  let duration = seconds;
  if (item.kind !== 'music') {
    // Speed is adjusted until the read fits 18-36 s, leaving room for the bed's intro and tail.
    let speed = Math.round(between(random, 140, 185));
    const pitch = Math.round(between(random, 25, 75));
    for (let attempt = 0; ; attempt++) {
      await run('espeak-ng', [
        '-v',
        item.voice,
        '-s',
        String(speed),
        '-p',
        String(pitch),
        '-w',
        voiceFile,
        item.script,
      ]);
      const spoken = Number((await run('soxi', ['-D', voiceFile])).toString());
      if ((spoken >= 18 && spoken <= 36) || attempt > 4) {
        duration = spoken + between(random, 1.5, 3.5);
        break;
      }
      speed = Math.round(speed * (spoken / 27));
    }
  }
  await run('sox', bedArgs(random, duration, bed4));
  await run('sox', [bed4, '-c', '1', bedFile, 'norm', '-3']);
  const out = `${item.file}.part.wav`;
  if (item.kind === 'music') {
    await run('ffmpeg', ['-v', 'error', '-y', '-i', bedFile, '-t', duration.toFixed(3), '-ar', String(SOURCE_RATE), '-ac', '1', out]); // prettier-ignore
  } else {
    // The voice starts after a short intro; the bed sits 8-16 dB under it, as in a produced spot.
    const lead = Math.round(between(random, 500, 1500));
    const bedGain = between(random, -16, -8).toFixed(1);
    const graph =
      `[0:a]aresample=${SOURCE_RATE},adelay=${lead}[v];[1:a]volume=${bedGain}dB[b];` +
      `[v][b]amix=inputs=2:duration=longest:normalize=0,atrim=0:${duration.toFixed(3)},alimiter=limit=0.9`;
    await run('ffmpeg', ['-v', 'error', '-y', '-i', voiceFile, '-i', bedFile, '-filter_complex', graph, '-ar', String(SOURCE_RATE), '-ac', '1', out]); // prettier-ignore
  }
  await rename(out, item.file);
  await Promise.all([voiceFile, bed4, bedFile].map((f) => rm(f, { force: true })));
}

/** Seeds far apart so catalogue ads, foreign ads and music never share one. */
const SEED_BASE: Record<ItemKind, number> = { ad: 1_000, 'foreign-ad': 500_000, music: 900_000 };

export function describeItems(kind: ItemKind, count: number): Array<Item & { seed: number }> {
  return Array.from({ length: count }, (_, i) => {
    const seed = SEED_BASE[kind] + i;
    const random = seededRandom(seed * 7919);
    // Voice and variant walk a grid, so no two ads of one set share both.
    const voice = `${VOICES[i % VOICES.length]}+${VARIANTS[(Math.floor(i / VOICES.length) + (kind === 'foreign-ad' ? 3 : 0)) % VARIANTS.length]}`; // prettier-ignore
    const id = `${kind}-${String(i).padStart(4, '0')}`;
    return {
      id,
      kind,
      seed,
      voice: kind === 'music' ? '' : voice,
      script: kind === 'music' ? '' : adScript(random),
      file: path.join(CACHE_DIR, 'source', `${id}.wav`),
    };
  });
}

/** Generates what the cache lacks, two at a time (the machine is shared). */
export async function ensureItems(items: Array<Item & { seed: number }>, concurrency = 2): Promise<void> {
  const tmp = path.join(CACHE_DIR, 'tmp');
  await mkdir(path.join(CACHE_DIR, 'source'), { recursive: true });
  await mkdir(tmp, { recursive: true });
  const missing = items.filter((item) => !existsSync(item.file));
  if (!missing.length) return;
  let done = 0;
  await pool(missing, concurrency, async (item) => {
    await generate(item, item.seed, tmp);
    if (++done % 25 === 0 || done === missing.length) console.log(`  generated ${done}/${missing.length}`);
  });
}
