import { loadConfig } from '../../config.js';
import { DataDirLockedError, openDatabase } from '../../db/client.js';
import { createModerationRepository } from './moderation.repository.js';

/**
 * `npm run admin:grant -- EMAIL`: makes the account with this address a moderator (it may open /admin). The
 * account must exist (sign up first). The embedded database can be opened by one process only: stop the app
 * first, or use ADMIN_EMAILS.
 */
const email = process.argv[2]?.trim();
if (!email || process.argv.length > 3) {
  console.error('Usage: npm run admin:grant -- EMAIL');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }).catch(
  (err: unknown) => {
    if (err instanceof DataDirLockedError) {
      console.error('The embedded database is in use by the running app: stop it first, or set ADMIN_EMAILS.');
      process.exit(1);
    }
    throw err;
  },
);
try {
  if (await createModerationRepository(database.db).grantAdmin(email)) {
    console.log(`${email} is now a moderator: it can open /admin.`);
  } else {
    console.error(`No account has the address ${email}: sign up with it first.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
