import { rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The project's own lint configuration holds the web's layers: each rule fails on a breach, passes otherwise. */
const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Every probe path, relative to the project root. They are all created before the first lint: the type-aware
 * rules see only files the project service knew when it loaded, and in CI (single-run mode) it never reloads.
 * Creation refuses to replace a file of the project. No two share a name but for .ts/.tsx: TypeScript would
 * keep only the .ts one.
 */
const PROBES = [
  'src/web/features/ads/Example.ts',
  'src/web/features/ads/api/example.ts',
  'src/web/components/ui/example.ts',
  'src/web/components/ui/tile-probe.tsx',
  'src/web/lib/example.ts',
  'src/web/lib/cycle-probe-a.ts',
  'src/web/lib/cycle-probe-b.ts',
  'src/web/features/player/Example.ts',
  'src/web/features/listen/example.ts',
  'src/web/pages/public/Example.ts',
  'src/shared/example.ts',
] as const;
type Probe = (typeof PROBES)[number];

let eslint: ESLint;
beforeAll(async () => {
  for (const path of PROBES) await writeFile(`${root}${path}`, 'export {};\n', { flag: 'wx' });
  eslint = new ESLint({ cwd: root });
});
afterAll(async () => {
  await Promise.all(PROBES.map((path) => rm(`${root}${path}`, { force: true })));
});

/** The rules that fire on `code` as the probe file at `path`. */
async function rulesFiredOn(path: Probe, code: string): Promise<string[]> {
  const file = `${root}${path}`;
  await writeFile(file, code);
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const LAYERS = 'import-x/no-restricted-paths';

describe('web layers', { timeout: 300_000 }, () => {
  it('a feature imports no other feature', async () => {
    expect(
      await rulesFiredOn('src/web/features/ads/Example.ts', "export { AdCard } from '../player/AdCard';\n"),
    ).toEqual([LAYERS]);
    expect(
      await rulesFiredOn(
        'src/web/features/ads/api/example.ts',
        "export { useSession } from '../../auth/api/session';\n",
      ),
    ).toEqual([LAYERS]);
  });

  it('a feature uses its own files, components/, lib/ and src/shared', async () => {
    const code = [
      "export { adKeys } from './api/keys';",
      "export { Button } from '../../components/ui/button';",
      "export { api } from '../../lib/api';",
      "export { AdInput } from '../../../shared/ads';",
      '',
    ].join('\n');
    expect(await rulesFiredOn('src/web/features/ads/Example.ts', code)).toEqual([]);
  });

  it('components/ and lib/ import no feature and no page', async () => {
    expect(
      await rulesFiredOn(
        'src/web/components/ui/example.ts',
        "export { useSession } from '../../features/auth/api/session';\n",
      ),
    ).toEqual([LAYERS]);
    expect(await rulesFiredOn('src/web/lib/example.ts', "export { useAd } from '../features/ads/api/ads';\n")).toEqual([
      LAYERS,
    ]);
    expect(await rulesFiredOn('src/web/lib/example.ts', "export { AdPage } from '../pages/public/AdPage';\n")).toEqual([
      LAYERS,
    ]);
  });

  it('a feature imports no page; a page composes features', async () => {
    expect(
      await rulesFiredOn('src/web/features/player/Example.ts', "export { AdPage } from '../../pages/public/AdPage';\n"),
    ).toEqual([LAYERS]);
    const page = [
      "export { AdCard } from '../../features/player/AdCard';",
      "export { useAd } from '../../features/ads/api/ads';",
      '',
    ].join('\n');
    expect(await rulesFiredOn('src/web/pages/public/Example.ts', page)).toEqual([]);
  });

  it('src/shared imports nothing of the web app or the server', async () => {
    expect(await rulesFiredOn('src/shared/example.ts', "export { api } from '../web/lib/api';\n")).toEqual([LAYERS]);
    expect(await rulesFiredOn('src/shared/example.ts', "export { loadConfig } from '../server/config.js';\n")).toEqual([
      LAYERS,
    ]);
    expect(await rulesFiredOn('src/shared/example.ts', "export { CATEGORIES } from './categories.js';\n")).toEqual([]);
  });
});

describe('web code lint', { timeout: 300_000 }, () => {
  it('refuses an import cycle', async () => {
    await writeFile(
      `${root}src/web/lib/cycle-probe-b.ts`,
      "import { a } from './cycle-probe-a';\nexport const b = () => a;\n",
    );
    expect(
      await rulesFiredOn(
        'src/web/lib/cycle-probe-a.ts',
        "import { b } from './cycle-probe-b';\nexport const a = () => b;\n",
      ),
    ).toEqual(['import-x/no-cycle']);
  });

  it('refuses a floating promise', async () => {
    expect(await rulesFiredOn('src/web/lib/example.ts', 'async function work() {}\nwork();\nvoid work();\n')).toEqual([
      '@typescript-eslint/no-floating-promises',
    ]);
  });
});

describe('zod-free listening code', { timeout: 300_000 }, () => {
  it('takes only types from the identify contract, and its limit from limits.ts', async () => {
    const path = 'src/web/features/listen/example.ts';
    const rule = 'no-restricted-imports';
    expect(await rulesFiredOn(path, "export { IdentifyInput } from '../../../shared/identify';\n")).toEqual([rule]);
    expect(await rulesFiredOn(path, "export { z } from 'zod';\n")).toEqual([rule]);
    const allowed = [
      "export type { IdentifyResponse } from '../../../shared/identify';",
      "export { IDENTIFY_MAX_LANDMARKS } from '../../../shared/limits';",
      '',
    ].join('\n');
    expect(await rulesFiredOn(path, allowed)).toEqual([]);
  });
});

describe('web accessibility lint', { timeout: 300_000 }, () => {
  it('refuses a click handler that only a mouse can reach', async () => {
    const code = 'export const Tile = ({ go }: { go: () => void }) => <div onClick={go}>Open</div>;\n';
    expect(await rulesFiredOn('src/web/components/ui/tile-probe.tsx', code)).toEqual(
      expect.arrayContaining(['jsx-a11y/click-events-have-key-events', 'jsx-a11y/no-static-element-interactions']),
    );
  });

  it('refuses an image without a text alternative', async () => {
    const code = "export const Logo = () => <img src='/logo.png' />;\n";
    expect(await rulesFiredOn('src/web/components/ui/tile-probe.tsx', code)).toEqual(['jsx-a11y/alt-text']);
  });
});
