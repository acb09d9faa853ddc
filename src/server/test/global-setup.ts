import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { createScratchDatabase } from './scratch-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an embedded database with every migration applied (see openTestDatabase). */
    pgliteTemplate?: string;
    /** With TEST_DATABASE_URL: a database on that server with every migration applied, to copy. */
    postgresTemplate?: string;
  }
}

/**
 * Once per run: a database migrated as the app migrates it, which each test file's database copies instead
 * of migrating anew. Embedded: dumped to a file (initialising PGlite and migrating cost about 7.7
 * CPU-seconds, loading the dump 2). On PostgreSQL: a template database (CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const template = await createScratchDatabase(baseUrl, 'adreplay_template');
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1, directoryPoolSize: 1 });
    await database.close();
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({});
  await database.dumpTo!(file);
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
