/**
 * The programs the identify benchmark runs: espeak-ng (voices), sox (music beds), ffmpeg (mixing and
 * degrading), installed as Debian packages when missing.
 */
import { spawn } from 'node:child_process';
import { ensureDebianPackages } from '../../scripts/debian-packages.js';

export function ensureTools(): void {
  const programs = ['espeak-ng', 'sox', 'ffmpeg'].map((pkg) => ({ pkg, path: `/usr/bin/${pkg}` }));
  const missing = ensureDebianPackages(programs, 'the identify benchmark');
  if (missing.length) throw new Error(`Missing ${missing.map((m) => m.pkg).join(', ')}.`);
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
