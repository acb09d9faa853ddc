import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createLocalStorage } from '../adapters/storage/local.js';
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { syncPlans } from './seed/plans.js';
import { seedIfEmpty } from './seed/seed.js';

/** `npm run db:reset`: wipes the embedded database and uploads, then reseeds. Refuses while the app runs. */
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('db:reset only wipes the embedded database; DATABASE_URL is set. Reset PostgreSQL yourself.');
  process.exit(1);
}
// Opening takes the data directory's lock, so this fails cleanly while the app is running.
const probe = await openDatabase({ dataDir: config.dataDir });
await probe.close();
await rm(path.join(config.dataDir, 'db'), { recursive: true, force: true });
await rm(path.join(config.dataDir, 'uploads'), { recursive: true, force: true });
const database = await openDatabase({ dataDir: config.dataDir });
await seedIfEmpty(database.db, createLocalStorage(path.join(config.dataDir, 'uploads')));
await syncPlans(database.db);
await database.close();
console.log(`Reset ${config.dataDir}: fresh database with the demo data.`);
