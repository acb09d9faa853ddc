import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '../../src/server/test/server-process';
import { startSmtpCatcher } from './smtp';

/**
 * Starts the built app (dist/server) on a free port with a temporary DATA_DIR (embedded database,
 * demo seed) and a loopback SMTP server that files its mail into `mailDir`.
 */
export async function startApp(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-e2e-'));
  const mailDir = path.join(dataDir, 'smtp-inbox');
  const smtp = await startSmtpCatcher(mailDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawnServer(
    ['dist/server/main.js'],
    {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: url,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LOG_LEVEL: 'info',
      // The browser reaches the app through loopback as through a proxy, so each journey can be its own
      // client (see fixtures.ts): the per-address limits (sign-ups, sign-ins) then apply per journey.
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    { inheritStderr: true },
  );
  await server.ready;
  return {
    url,
    dataDir,
    mailDir,
    /** Resolves once the app's start-up work in the background (indexing the demo ads' sound) is done. */
    settled: server.settled,
    async stop() {
      await server.stop();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
