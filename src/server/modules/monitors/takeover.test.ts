import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { stations } from '../../db/schema.js';
import { createUser } from '../../db/seed/factories.js';
import { SEED_ASSETS_DIR } from '../../paths.js';
import { createScratchDatabase } from '../../test/scratch-database.js';
import { freePort, spawnServer, type ServerProcess } from '../../test/server-process.js';
import { serveStream } from '../../test/stream-server.js';

/**
 * Two app processes on one PostgreSQL database (PGlite is one process's own: there is no second process to
 * take over), each ready to watch streams: one station's stream is watched by exactly one of them; killed
 * (SIGKILL: no shutdown at all), its station is taken over by the other within the lease, under 60 s.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const LISTENING = 'stream monitor: listening';

const until = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('stream monitors in two processes', { timeout: 180_000 }, () => {
  it('watch a stream from one process at a time, and the other takes it over within 60 s of a crash', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'adreplay_takeover');
    cleanups.push(() => scratch.drop());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-takeover-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const mp3 = await readFile(path.join(SEED_ASSETS_DIR, 'audio', 'corner-hardware.mp3'));
    const stream = await serveStream({ mp3, seconds: 16.9, loop: true });
    cleanups.push(() => stream.close());

    const setup = await openDatabase({ databaseUrl: scratch.url });
    const owner = await createUser(setup.db);
    const [station] = await setup.db
      .insert(stations)
      .values({ userId: owner.id, callSign: 'KTKO', name: 'Takeover FM', timeZone: 'UTC', streamUrl: stream.url })
      .returning();
    const statusOf = async () => (await setup.db.select().from(stations).where(eq(stations.id, station!.id)))[0]!;
    cleanups.push(() => setup.close());

    const start = async (): Promise<ServerProcess> => {
      const port = await freePort();
      const server = spawnServer(['--import', 'tsx', 'src/server/main.ts'], {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        MONITORS_ENABLED: 'true',
        SMTP_URL: '',
        S3_BUCKET: '',
        SHUTDOWN_GRACE_MS: '5000',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      });
      cleanups.push(() => server.stop());
      await server.ready;
      return server;
    };
    const servers = await Promise.all([start(), start()]);
    const listening = (s: ServerProcess) => s.output().split(LISTENING).length - 1;

    // One of them watches the stream; the other has room but is kept out by the held job.
    await until(() => servers.some((s) => listening(s) > 0), 'a monitor to start', 60_000);
    await until(async () => (await statusOf()).monitorStatus === 'live', 'the station to be live', 30_000);
    await new Promise((r) => setTimeout(r, 3_000));
    const holder = servers.find((s) => listening(s) > 0)!;
    const other = servers.find((s) => s !== holder)!;
    expect(servers.map(listening).sort()).toEqual([0, 1]);
    expect(stream.connections.filter((c) => c.closedAt === null)).toHaveLength(1);

    // The holder dies without a word: its lease runs out and the other process takes the stream over.
    const killedAt = Date.now();
    holder.child.kill('SIGKILL');
    await holder.exited;
    await until(() => listening(other) > 0, 'the other process to take the stream over', 60_000);
    const tookOverMs = Date.now() - killedAt;
    expect(tookOverMs).toBeLessThanOrEqual(60_000);
    await until(
      () => stream.connections.some((c) => c.firstByteAt > killedAt && c.closedAt === null),
      'the new connection',
      15_000,
    );
    await until(
      async () => ((await statusOf()).lastHeardAt?.getTime() ?? 0) > killedAt,
      'the station heard again',
      20_000,
    );
    expect((await statusOf()).monitorStatus).toBe('live');

    // A graceful stop hands the stream back at once: its connection ends, the job waits for another process.
    const stoppedAt = Date.now();
    expect(await other.stop()).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000 + 5_000);
    await until(() => stream.connections.every((c) => c.closedAt !== null), 'every connection to close', 10_000);
    expect(other.output()).toContain('stream monitor: stopped');
  });
});
