import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/** A line of script that loads a TypeScript worker once tsx's hooks are registered in its thread. */
export function tsxEntry(url: URL): string {
  // Node 20 applies no `--import` hooks to a worker's imports; tsx's API registers them from inside.
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  const api = new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
}
