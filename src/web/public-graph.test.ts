import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * What the public pages load before they can hydrate: the modules the browser entries import statically
 * (a dynamic import() is a chunk loaded later). zod is not among them: building its schemas at load took
 * about a third of the pages' script time on a slowed phone (bench/README.md, "zod out of the public
 * pages"). The shared modules that hold schemas keep their plain helpers in modules of their own
 * (zoned-time.ts, station-links.ts, messages.ts) for the pages to import.
 */

const web = path.dirname(fileURLToPath(import.meta.url));
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every module `entry` imports statically, and the packages they import. */
function staticGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith('.')) {
        const next = resolve(file, specifier!);
        if (next) visit(next);
      } else packages.set(specifier!, path.relative(web, file));
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the public pages’ first load', () => {
  for (const entry of ['main.tsx', 'embed.tsx']) {
    it(`${entry} imports no schema library (zod's core alone sets it up for later chunks)`, () => {
      const { files, packages } = staticGraph(path.join(web, entry));
      expect(files.size).toBeGreaterThan(entry === 'main.tsx' ? 50 : 5);
      const zod = [...packages].filter(([name]) => /^zod(\/|$)/.test(name) && name !== 'zod/v4/core');
      expect(zod).toEqual([]);
      // The home, directory and ad pages are among the modules walked.
      if (entry === 'main.tsx') {
        for (const page of ['HomePage.tsx', 'DirectoryPage.tsx', 'AdPage.tsx']) {
          expect([...files].some((f) => f.endsWith(`pages/public/${page}`))).toBe(true);
        }
      }
    });
  }
});
