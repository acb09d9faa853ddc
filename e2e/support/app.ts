import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startSmtpCatcher } from './smtp';

/** A port that is free right now, so PUBLIC_ORIGIN can name it before the app starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

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
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: url,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The app did not start within 90 s')), 90_000);
    server.once('exit', (code) => reject(new Error(`The app exited with code ${code}`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      if (line.includes('AdReplay is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url,
    dataDir,
    mailDir,
    async stop() {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
