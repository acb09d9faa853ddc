import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Starts the built app on a free port with a temporary DATA_DIR (embedded database, demo seed),
 * and hands its URL to the tests through E2E_BASE_URL.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-e2e-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...extraEnv() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The app did not start within 90 s')), 90_000);
    server.once('exit', (code) => reject(new Error(`The app exited with code ${code}`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      const match = /running at (http:\/\/localhost:\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
  });
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** Extra server settings for e2e runs, e.g. PUBLIC_ORIGIN must follow the port chosen at start. */
function extraEnv(): Record<string, string> {
  return {};
}
