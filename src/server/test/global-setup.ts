import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an embedded database with every migration applied (see openTestDatabase). */
    pgliteTemplate?: string;
  }
}

/**
 * Once per run: an embedded database migrated as the app migrates it, dumped to a file. Each test file's
 * database starts from it instead of initialising PGlite and migrating anew (about 6 CPU-seconds each).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({});
  await database.dumpTo!(file);
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
