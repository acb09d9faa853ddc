import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, READY_LINE, spawnServer, type ServerProcess } from './test/server-process.js';

const dirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** `node --import tsx src/server/main.ts` on the embedded defaults, as `npm run dev` runs it. */
async function startMain(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawnServer(['--import', 'tsx', 'src/server/main.ts'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // Empty means unset: the embedded database, the outbox and a generated secret, whatever the shell has.
    DATABASE_URL: '',
    SMTP_URL: '',
    AUTH_SECRET: '',
    S3_BUCKET: '',
    S3_ACCESS_KEY_ID: '',
    S3_SECRET_ACCESS_KEY: '',
    S3_PUBLIC_URL: '',
    ...env,
  });
  running.push(server);
  return { server, origin };
}

const account = { email: 'lock-test@example.com', password: 'tuned-radio-42' };

async function json(url: string, init?: RequestInit) {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const post = (origin: string, route: string, body: object) =>
  json(`${origin}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });

describe('the server process on one DATA_DIR', () => {
  it('refuses a second process with a clear message, stops cleanly on SIGTERM and frees the directory', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-main-'));
    dirs.push(dataDir);

    const first = await startMain(dataDir);
    // The printed address is PUBLIC_ORIGIN, the one the Origin check compares with.
    expect(await first.server.ready).toContain(`${READY_LINE} ${first.origin} (database: pglite)`);
    const seeded = await json(`${first.origin}/api/ads?limit=50`);
    expect(seeded.body.count).toBeGreaterThanOrEqual(12);
    const signUp = await post(first.origin, '/api/auth/sign-up/email', {
      ...account,
      name: 'Lock Test',
      firstName: 'Lock',
      lastName: 'Test',
      companyName: 'Locks Inc',
    });
    expect(signUp.status).toBe(200);

    const second = await startMain(dataDir);
    expect(await second.server.exited).toBe(1);
    expect(second.server.output()).toContain(
      `The data directory ${dataDir} is in use by another AdReplay process. Stop that process first`,
    );
    expect(second.server.output()).not.toContain(READY_LINE);
    // The first one never noticed.
    expect((await json(`${first.origin}/api/health`)).body).toEqual({ ok: true, database: 'pglite' });

    expect(await first.server.stop()).toBe(0);
    expect(first.server.output()).toContain('SIGTERM received, closing');
    expect(existsSync(path.join(dataDir, 'adreplay.lock'))).toBe(false);

    // A new process gets the directory, with everything the first one wrote (and no second seed).
    const third = await startMain(dataDir);
    await third.server.ready;
    expect((await json(`${third.origin}/api/ads?limit=50`)).body.count).toBe(seeded.body.count);
    expect(((await json(`${third.origin}/api/plans`)).body.plans as unknown[]).length).toBe(4);
    const signIn = await post(third.origin, '/api/auth/sign-in/email', account);
    expect(signIn.status).toBe(200);
    expect((signIn.body.user as { email: string }).email).toBe(account.email);
    expect(await third.server.stop()).toBe(0);
  }, 240_000);
});

describe('the server process on a PostgreSQL server it cannot reach', () => {
  it('says where and why in one line, without the password, and exits', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-main-'));
    dirs.push(dataDir);
    const port = await freePort(); // nothing listens there
    const { server } = await startMain(dataDir, { DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/adreplay` });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      `Cannot open the database at postgres://app:***@127.0.0.1:${port}/adreplay: connect ECONNREFUSED ` +
        `127.0.0.1:${port}. Start PostgreSQL there, or leave DATABASE_URL unset to use the embedded database.`,
    );
  }, 60_000);
});
