import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from './client.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

// Each test opens the embedded database (and migrates it) two or three times: slow on a busy 2-core machine.
describe('embedded database', { timeout: 120_000 }, () => {
  it('refuses a second opener of the same DATA_DIR and frees it on close', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-lock-'));
    dirs.push(dir);
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another AdReplay process/);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('keeps data across restarts and runs migrations only once', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-persist-'));
    dirs.push(dir);
    const a = await openDatabase({ dataDir: dir });
    await a.db.execute(`INSERT INTO "user" (id, name, email) VALUES ('u1', 'U', 'u@example.com')`);
    await a.close();
    const b = await openDatabase({ dataDir: dir });
    const rows = await b.db.query.users.findMany();
    expect(rows.map((r) => r.email)).toEqual(['u@example.com']);
    await b.close();
  });
});
