import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ads, airings, stations } from '../../db/schema.js';
import { demoAds } from '../../db/seed/demo-ads.js';
import { seedIfEmpty } from '../../db/seed/seed.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { procStat } from '../../test/proc-stat.js';
import { serveStream } from '../../test/stream-server.js';
import { MONITOR_QUEUE } from './monitors.service.js';

const run = promisify(execFile);

/** The stream: two minutes of a quiet music bed (tones and noise), two of the demo ads on it. */
const STREAM_SECONDS = 120;
const SPOTS = [
  { key: demoAds[0]!.key, at: 21.5 },
  { key: demoAds[2]!.key, at: 73.25 },
];

let t: TestApp;
let tmp: string;
/** A partner's webhook receiver: the airing.detected deliveries. */
let receiver: http.Server;
let receiverUrl: string;
const delivered: { type: string; data: { airing: { adId: string; callSign: string; source: string } } }[] = [];
let mp3: Buffer;
const adIds = new Map<string, string>();
let userId: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      delivered.push(JSON.parse(body) as (typeof delivered)[number]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({
    PUBLIC_ORIGIN: 'https://adreplay.test',
    LOG_LEVEL: process.env.MONITOR_TEST_LOG ?? 'silent',
    ALLOW_PRIVATE_WEBHOOKS: 'true',
  });
  await seedIfEmpty(t.db, t.storage);
  await t.app.indexFingerprints();
  const seeded = await t.db.select({ id: ads.id, title: ads.title, userId: ads.userId }).from(ads);
  for (const spot of SPOTS) {
    const ad = seeded.find((r) => r.title === demoAds.find((d) => d.key === spot.key)!.title)!;
    adIds.set(spot.key, ad.id);
    userId = ad.userId;
  }
  tmp = await mkdtemp(path.join(os.tmpdir(), 'adreplay-monitor-'));
  const file = path.join(tmp, 'air.mp3');
  const inputs = SPOTS.flatMap((s) => ['-i', path.join(SEED_ASSETS_DIR, 'audio', `${s.key}.mp3`)]);
  const delays = SPOTS.map(
    (s, i) => `[${i + 2}:a]aresample=44100,pan=mono|c0=c0,adelay=${Math.round(s.at * 1000)}[s${i}]`,
  );
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=196:duration=${STREAM_SECONDS}:sample_rate=44100`],
    ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.03:duration=${STREAM_SECONDS}:sample_rate=44100`],
    ...inputs,
    ...[
      '-filter_complex',
      `[0:a]volume=0.05[bed];${delays.join(';')};[bed][1:a][s0][s1]amix=inputs=4:normalize=0:duration=first[out]`,
    ],
    ...['-map', '[out]', '-ac', '1', '-ar', '44100', '-b:a', '96k', file],
  ]);
  mp3 = await readFile(file);
}, 90_000);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await rm(tmp, { recursive: true, force: true });
});

const waitFor = async <T>(what: () => Promise<T | null | undefined | false>, ms: number): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await what();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('a station monitor', { timeout: 240_000 }, () => {
  it('hears a stream of two spots and records each once, at its start on the stream (±1 s)', async () => {
    // At real time, as a station sends it: the airings' times are the wall clock's.
    const stream = await serveStream({ mp3, seconds: STREAM_SECONDS });
    try {
      const [station] = await t.db
        .insert(stations)
        .values({ userId, callSign: 'KTST', name: 'Test FM', timeZone: 'America/Chicago', streamUrl: stream.url })
        .returning();
      await t.app.webhooks.create(userId, { url: receiverUrl, events: ['airing.detected'] });
      const told: { adId: string }[] = [];
      const stop = t.app.monitors.onAiring((a) => told.push(a));
      expect(await t.app.monitors.ensure()).toBe(1);
      // Sent once: a second look finds the station's job under way.
      expect(await t.app.monitors.ensure()).toBe(0);

      const live = await waitFor(async () => {
        const [row] = await t.db.select().from(stations).where(eq(stations.id, station!.id));
        return row?.monitorStatus === 'live' && row;
      }, 20_000);
      expect(live.offlineSince).toBeNull();
      expect(live.lastHeardAt).not.toBeNull();

      // Monitoring yields to the pages: its ffmpeg process and its thread run at a lower priority, the
      // process's main thread as it was.
      if (process.platform === 'linux') {
        const children = (await readdir('/proc')).map((p) => procStat(`/proc/${p}/stat`));
        const ffmpeg = children.filter((c) => c?.ppid === process.pid && c.comm === 'ffmpeg');
        expect(ffmpeg.map((c) => c!.nice)).toEqual([10]);
        const tasks = await readdir('/proc/self/task');
        const threads = tasks.map((task) => procStat(`/proc/self/task/${task}/stat`));
        expect(threads.filter((th) => th?.nice === 10)).toHaveLength(1);
        expect(procStat(`/proc/self/task/${process.pid}/stat`)!.nice).toBe(0);
      }

      // The last spot is told once the stream moves past it: well before the stream's end.
      const found = await waitFor(
        async () => {
          const rows = await t.db.select().from(airings).where(eq(airings.stationId, station!.id));
          return rows.length >= 2 && rows;
        },
        (STREAM_SECONDS + 10) * 1000,
      );
      const connection = stream.connections[0]!;
      expect(connection.userAgent).toContain('AdReplay stream monitor');
      found.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
      expect(found.map((a) => a.adId)).toEqual(SPOTS.map((s) => adIds.get(s.key)));
      for (const [i, airing] of found.entries()) {
        // The monitor's clock: the stream's first moment is when its first byte arrived.
        const expected = connection.firstByteAt + SPOTS[i]!.at * 1000;
        expect(Math.abs(airing.startedAt.getTime() - expected)).toBeLessThanOrEqual(1_000);
        expect(airing.source).toBe('detected');
        expect(airing.partial).toBe(false);
        expect(airing.heardMs).toBeGreaterThan(12_000);
        expect(airing.confidence).toBeGreaterThan(0.5);
        // Written within seconds of the spot's end on air (the 15 s).
        expect(airing.createdAt.getTime() - (airing.startedAt.getTime() + airing.heardMs)).toBeLessThan(15_000);
      }
      // The spots, once each: told to the listeners too, and nothing more once the stream is over.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await t.db.$count(airings, eq(airings.stationId, station!.id))).toBe(2);
      expect(told.map((a) => a.adId)).toEqual(found.map((a) => a.adId));
      // Each airing reached the owner's webhook once (the ads' owner runs the station too: one delivery).
      await waitFor(async () => delivered.length >= 2, 15_000);
      expect(delivered.map((d) => [d.type, d.data.airing.adId, d.data.airing.callSign, d.data.airing.source])).toEqual(
        found.map((a) => ['airing.detected', a.adId, 'KTST', 'detected']),
      );
      stop();

      // The stream ended (not looped): the station is offline since then, and the monitor keeps trying.
      const offline = await waitFor(async () => {
        const [row] = await t.db.select().from(stations).where(eq(stations.id, station!.id));
        return row?.monitorStatus === 'offline' && row;
      }, 30_000);
      expect(offline.offlineSince!.getTime()).toBeGreaterThan(connection.firstByteAt);
      await waitFor(async () => stream.connections.length >= 2, 10_000);
      expect((await t.app.jobs.counts())[MONITOR_QUEUE]).toMatchObject({ active: 1 });
    } finally {
      await stream.close();
    }
  });
});
