import { describe, expect, it } from 'vitest';
import { assembleAirings, createAiringAssembler, type WindowResult } from './airing-assembly.js';

/** A spot on the simulated stream: the ad, where it starts, its length, and how much of it went out. */
interface Spot {
  adId: string;
  start: number;
  adSeconds: number;
  heard?: number;
}

let WINDOW = 9;
let HOP = 3;

/**
 * The windows a monitor would see: each matches the spot it holds at least `needs` seconds of (as the
 * confidence test wants most of a window to agree), with the offset a little off by `jitter`.
 */
function windows(
  spots: Spot[],
  seconds: number,
  {
    needs = 5,
    jitter = (): number => 0,
    noise = new Map<number, string>(),
    landmarks = false,
  }: { needs?: number; jitter?: () => number; noise?: Map<number, string>; landmarks?: boolean } = {},
): WindowResult[] {
  const out: WindowResult[] = [];
  for (let i = 0, start = 0; start + WINDOW <= seconds; i++, start += HOP) {
    const end = start + WINDOW;
    let match: WindowResult['match'] = null;
    for (const spot of spots) {
      const heardEnd = spot.start + (spot.heard ?? spot.adSeconds);
      const overlap = Math.min(end, heardEnd) - Math.max(start, spot.start);
      if (overlap >= needs) {
        match = { adId: spot.adId, offset: start - spot.start + jitter(), confidence: 0.8, adSeconds: spot.adSeconds };
        // The window's last landmark on the ad's alignment: a little before the last moment it holds of it.
        if (landmarks) match.heardUntil = Math.min(end, heardEnd) - start - 0.3;
      }
    }
    const stray = noise.get(i);
    if (!match && stray) match = { adId: stray, offset: 4, confidence: 0.55, adSeconds: 30 };
    out.push({ start, end, match });
  }
  return out;
}

describe('airing assembly', () => {
  it('makes one airing of a spot that many windows match, starting where the ad starts', () => {
    const w = windows([{ adId: 'a', start: 40.4, adSeconds: 30 }], 120);
    expect(w.filter((x) => x.match).length).toBeGreaterThan(5);
    const airings = assembleAirings(w);
    expect(airings).toHaveLength(1);
    expect(airings[0]!.adId).toBe('a');
    expect(airings[0]!.start).toBeCloseTo(40.4, 5);
    expect(airings[0]!.heardSeconds).toBeGreaterThanOrEqual(30 - HOP);
    expect(airings[0]!.partial).toBe(false);
    expect(airings[0]!.confidence).toBeCloseTo(0.8, 5);
  });

  it('counts a spot from its start when the stream was heard then, and from the first moment heard when joined late', () => {
    const w = windows([{ adId: 'a', start: 40.4, adSeconds: 30 }], 120);
    expect(assembleAirings(w)[0]!.heardSeconds).toBeGreaterThanOrEqual(30 - HOP / 2);
    const late = assembleAirings(w.filter((x) => x.start >= 48));
    expect(late).toHaveLength(1);
    expect(late[0]!.start).toBeCloseTo(40.4, 5);
    expect(late[0]!.heardSeconds).toBeLessThanOrEqual(70.4 - 48 + 1);
    expect(late[0]!.partial).toBe(true);
  });

  it('marks a spot cut short as partial, with the length heard', () => {
    const airings = assembleAirings(windows([{ adId: 'a', start: 20, adSeconds: 60, heard: 24 }], 150));
    expect(airings).toHaveLength(1);
    expect(airings[0]!.start).toBeCloseTo(20, 5);
    expect(airings[0]!.partial).toBe(true);
    expect(airings[0]!.heardSeconds).toBeGreaterThan(24 - HOP - 1);
    expect(airings[0]!.heardSeconds).toBeLessThanOrEqual(24 + 1);
  });

  it('reads the heard length from the landmarks, so that windows far apart still hear a whole spot whole', () => {
    [WINDOW, HOP] = [8, 4];
    try {
      const spots = [
        { adId: 'a', start: 21, adSeconds: 30 },
        { adId: 'b', start: 70, adSeconds: 15 },
        { adId: 'c', start: 101, adSeconds: 60, heard: 23 },
      ];
      // A window matches when most of it (7 of its 8 s) agrees: the last to match a spot ends before it does.
      const airings = assembleAirings(windows(spots, 200, { needs: 7, landmarks: true }));
      expect(airings.map((a) => [a.adId, a.partial])).toEqual([
        ['a', false],
        ['b', false],
        ['c', true],
      ]);
      expect(airings[0]!.heardSeconds).toBeGreaterThan(29);
      expect(airings[1]!.heardSeconds).toBeGreaterThan(13.5);
      expect(airings[2]!.heardSeconds).toBeCloseTo(23, 0);
      // Read from the windows' edges instead, the whole 15 s spot would fall short by more than a hop: partial.
      const edges = assembleAirings(windows(spots, 200, { needs: 7 }));
      expect(edges.map((a) => [a.adId, a.partial])).toContainEqual(['b', true]);
    } finally {
      [WINDOW, HOP] = [9, 3];
    }
  });

  it('tells two spots back to back apart', () => {
    const airings = assembleAirings(
      windows(
        [
          { adId: 'a', start: 30, adSeconds: 30 },
          { adId: 'b', start: 60, adSeconds: 15 },
        ],
        120,
      ),
    );
    expect(airings.map((a) => [a.adId, a.start, a.partial])).toEqual([
      ['a', 30, false],
      ['b', 60, false],
    ]);
  });

  it('makes two airings of the same ad played twice in a row', () => {
    const airings = assembleAirings(
      windows(
        [
          { adId: 'a', start: 10, adSeconds: 30 },
          { adId: 'a', start: 40, adSeconds: 30 },
        ],
        120,
      ),
    );
    expect(airings.map((a) => a.start)).toEqual([10, 40]);
    expect(airings.every((a) => !a.partial && a.adId === 'a')).toBe(true);
  });

  it('ignores single stray windows (noise), also between real spots', () => {
    const noise = new Map([
      [2, 'x'],
      [9, 'y'],
      [30, 'x'],
      [33, 'z'],
    ]);
    expect(assembleAirings(windows([], 150, { noise }))).toEqual([]);
    const airings = assembleAirings(windows([{ adId: 'a', start: 45, adSeconds: 20 }], 150, { noise }));
    expect(airings.map((a) => a.adId)).toEqual(['a']);
  });

  it('takes windows whose offsets wander a little as one spot, its start their median', () => {
    const offsets = [0.3, -0.25, 0.1, -0.4, 0.2, 0, 0.35, -0.1, 0.15, -0.3];
    let i = 0;
    const airings = assembleAirings(
      windows([{ adId: 'a', start: 12, adSeconds: 45 }], 90, { jitter: () => offsets[i++ % offsets.length]! }),
    );
    expect(airings).toHaveLength(1);
    expect(Math.abs(airings[0]!.start - 12)).toBeLessThan(0.35);
  });

  it('closes a spot as the stream moves past its end, before the stream ends, and never tells it twice', () => {
    const all = windows([{ adId: 'a', start: 30, adSeconds: 30 }], 200);
    const assembler = createAiringAssembler();
    let toldAt: number | null = null;
    const told = [];
    for (const w of all) {
      const done = assembler.push(w);
      if (done.length && toldAt === null) toldAt = w.end;
      told.push(...done);
    }
    told.push(...assembler.flush());
    expect(told).toHaveLength(1);
    // Told within a window and a hop of the spot's end (60 s): the detection delay the monitor adds.
    expect(toldAt).not.toBeNull();
    expect(toldAt! - 60).toBeLessThanOrEqual(WINDOW + HOP);
  });

  it('does not tell a spot again when a late window still matches it after it closed', () => {
    const w = windows([{ adId: 'a', start: 30, adSeconds: 30 }], 120, { needs: 2 });
    const airings = assembleAirings(w);
    expect(airings).toHaveLength(1);
  });

  it('closes a spot of unknown length once its matches stop', () => {
    const w = windows([{ adId: 'a', start: 30, adSeconds: 30 }], 150).map((x) =>
      x.match ? { ...x, match: { ...x.match, adSeconds: null } } : x,
    );
    const assembler = createAiringAssembler();
    const told = w.flatMap((x) => assembler.push(x));
    expect(told).toHaveLength(1);
    expect(told[0]!.start).toBe(30);
    expect(told[0]!.partial).toBe(false);
  });

  it('leaves out a spot only one window matched (a cut too short to be sure of)', () => {
    const w = windows([{ adId: 'a', start: 30, adSeconds: 30, heard: 7.5 }], 100, { needs: 7 });
    expect(w.filter((x) => x.match)).toHaveLength(1);
    expect(assembleAirings(w)).toEqual([]);
  });
});
