import path from 'node:path';
import { buildApp } from './app.js';
import { createOutboxMailer, createSmtpMailer } from './adapters/mailer/mailer.js';
import { openRedis } from './adapters/redis/redis.js';
import { createStorage, uploadsDirOf } from './adapters/storage/index.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, openDatabase } from './db/client.js';
import { isDatabaseUnavailable, rootMessage } from './db/errors.js';
import { syncPlans } from './db/seed/plans.js';
import { DEMO_ACCOUNT, seedIfEmpty } from './db/seed/seed.js';
import { resolveAuthSecret } from './modules/auth/secret.js';

/** Beyond the grace period, how long shutting down may still take before the process gives up on it. */
const LATE_MS = 20_000;

async function main() {
  const config = loadConfig();
  const uploadsDir = uploadsDirOf(config);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }).catch(
    (err: unknown) => {
      // A newcomer's likeliest first failure: say what and where, not a driver's stack.
      if (!config.DATABASE_URL) throw err;
      const hint = isDatabaseUnavailable(err)
        ? ' Start PostgreSQL there, or leave DATABASE_URL unset to use the embedded database.'
        : '';
      throw new ConfigError(
        `Cannot open the database at ${withoutPassword(config.DATABASE_URL)}: ${rootMessage(err)}.${hint}`,
      );
    },
  );
  const storage = createStorage(config);
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, (msg) => app.log.info(msg));
  const authSecret = config.AUTH_SECRET ?? (await resolveAuthSecret(config.dataDir));
  // Until the app (and its logger) exists, a lost Redis connection is reported on standard error.
  let redisWarn = (msg: string, err: unknown) => console.error(msg, err);
  const redis = config.REDIS_URL
    ? await openRedis(config.REDIS_URL, { log: (msg, err) => redisWarn(msg, err) })
    : undefined;
  const app = await buildApp({ config, database, storage, mailer, uploadsDir, authSecret, redis });
  redisWarn = (msg, err) => app.log.warn({ err }, msg);

  if (config.SEED_DEMO && (await seedIfEmpty(database.db, storage))) {
    app.log.info(`Seeded demo data. Demo advertiser: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  }
  // The price list of the code is the one in force, with or without the demo data.
  await syncPlans(database.db);

  let closing = false;
  /**
   * SIGTERM (a deploy, a scale-down) or SIGINT: no new request or job is taken; running requests finish and
   * running jobs get SHUTDOWN_GRACE_MS (then they are handed back untried); accepted analytics events are
   * written; the database closes; exit 0. Should a request still hang long after that, the process exits 1.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const late = setTimeout(() => {
      app.log.error('Requests still running long after the grace period; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + LATE_MS);
    late.unref();
    await app.close();
    await redis?.close();
    await database.close();
    app.log.info('Closed cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // The address to open: state-changing requests must carry it as their Origin. (Tests and
  // benchmarks wait for this line.)
  app.log.info(`AdReplay is running at ${config.PUBLIC_ORIGIN} (database: ${database.kind})`);
  const metricsUrl = app.metricsUrl();
  if (metricsUrl) app.log.info(`Metrics for Prometheus at ${metricsUrl}`);

  // In the background: leftovers of uploads cut short by a crash, and files of removed ads.
  const swept = app.sweepUploads().then(
    (removed) => {
      if (removed.length) app.log.info(`Removed ${removed.length} unreferenced uploaded files`);
    },
    (err: unknown) => app.log.warn({ err }, 'Sweeping unreferenced uploads failed'),
  );
  // In the background: landmarks of ads that have none yet (the demo ads at first start, ads from before
  // identification existed, or after a change of the landmark algorithm).
  const indexed = app.indexFingerprints().then(
    (count) => {
      if (count) app.log.info(`Indexed the sound of ${count} ads for identification`);
    },
    (err: unknown) => app.log.warn({ err }, 'Indexing the sound of ads failed'),
  );
  // Indexing the demo ads keeps a core busy for 3-4 s after the start: benchmarks wait for this line first.
  void Promise.all([swept, indexed]).then(() => app.log.info('Start-up work finished'));
}

/** A database URL as it may be printed. */
function withoutPassword(raw: string): string {
  const url = new URL(raw); // loadConfig has checked it
  if (url.password) url.password = '***';
  return url.toString();
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
