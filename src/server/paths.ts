import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, found the same way from src/ (tsx) and from the bundled dist/server. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + import.meta.url);
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT, 'src/server/db/migrations');
export const SEED_ASSETS_DIR = path.join(ROOT, 'src/server/db/seed/assets');
export const WEB_DIST_DIR = path.join(ROOT, 'dist/web');
/** The web app's server entry, built beside it (vite build --ssr). */
export const SSR_ENTRY = path.join(ROOT, 'dist/ssr/entry-server.js');

/**
 * A worker's entry file, named without its extension, beside the module `from` (its import.meta.url).
 * From the TypeScript sources (tsx, vitest) it is the .ts file, which must load through tsx too; in the
 * esbuild bundle every module shares the URL of dist/server/main.js, beside which the worker is built.
 */
export function workerEntry(name: string, from: string): { url: URL; fromSource: boolean } {
  const fromSource = from.endsWith('.ts');
  return { url: new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, from), fromSource };
}
