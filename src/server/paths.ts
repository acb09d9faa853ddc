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
