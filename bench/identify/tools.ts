/**
 * The programs the identify benchmark runs: espeak-ng (voices), sox (music beds), ffmpeg (mixing and
 * degrading). Installed as Debian packages when missing and we are root with apt-get, as
 * scripts/ensure-browser.mjs does for Chromium.
 */
import { execFileSync, execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES: Record<string, string> = { 'espeak-ng': 'espeak-ng', sox: 'sox', ffmpeg: 'ffmpeg' };

const has = (program: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export function ensureTools(): void {
  const missing = Object.keys(PACKAGES).filter((program) => !has(program));
  if (!missing.length) return;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    throw new Error(`Missing ${missing.join(', ')}: install them (Debian: apt-get install ${missing.join(' ')}).`);
  }
  console.log(`Installing ${missing.join(', ')} (Debian packages) for the identify benchmark...`);
  const apt = 'DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300';
  const names = missing.map((program) => PACKAGES[program]).join(' ');
  execSync(`${apt} update -qq && ${apt} install -y -qq ${names} > /dev/null`, { stdio: 'inherit', shell: '/bin/bash' });
}

/** Runs a program; resolves with its standard output, rejects with its standard error. */
export function run(program: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else
        reject(
          new Error(`${program} ${args.join(' ')} failed (${code}): ${Buffer.concat(err).toString().slice(-800)}`),
        );
    });
  });
}

/** Runs `task` over `items`, `limit` at a time, in order of the items. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
