/**
 * npm run api:types — writes src/shared/api-v1.d.ts from the app's OpenAPI document. The app is built
 * in-process on an in-memory PGlite database, made ready (its routes registered) and closed; nothing
 * listens. Run it after changing a v1 route or a contract it uses, and commit the file (a test fails
 * while it is stale).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createOutboxMailer } from '../src/server/adapters/mailer/mailer.js';
import { createStorage, uploadsDirOf } from '../src/server/adapters/storage/index.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { API_TYPES_FILE, apiTypesOf } from '../src/server/modules/api-v1/api-types.js';

const started = Date.now();
const tmp = await mkdtemp(path.join(os.tmpdir(), 'adreplay-api-types-'));
const database = await openDatabase({});
try {
  // The defaults of a local start, whatever the shell's environment says: the document must not vary.
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: tmp, PUBLIC_ORIGIN: 'http://localhost:3000' });
  const app = await buildApp({
    config,
    database,
    storage: createStorage(config),
    mailer: createOutboxMailer(path.join(tmp, 'outbox'), config.MAIL_FROM, () => {}),
    uploadsDir: uploadsDirOf(config),
    authSecret: 'api-types-only-builds-the-document-and-signs-nothing',
    webDir: path.join(tmp, 'no-web'),
    renderer: null,
  });
  try {
    await app.ready();
    await writeFile(API_TYPES_FILE, await apiTypesOf(app.swagger()));
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await rm(tmp, { recursive: true, force: true });
}
console.log(`Wrote ${path.relative(process.cwd(), API_TYPES_FILE)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
