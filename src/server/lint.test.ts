import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './paths.js';

/**
 * The layer rules of eslint.config.js fail on a violation. Probe files are written inside src (so
 * the type-aware rules see them in the project) and removed afterwards.
 */
const probeDir = path.join(ROOT, 'src/server/modules/zz-lint-probe');
const eslint = new ESLint({ cwd: ROOT });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const filePath = path.join(probeDir, file);
  await writeFile(filePath, code);
  const [result] = await eslint.lintFiles([filePath]);
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

beforeAll(async () => {
  await mkdir(probeDir, { recursive: true });
});
afterAll(async () => {
  await rm(probeDir, { recursive: true, force: true });
});

describe('the lint', { timeout: 300_000 }, () => {
  it("refuses a module importing another module's repository or routes", async () => {
    const broken = await rulesBroken(
      'repo.ts',
      "import { createAdsRepository } from '../ads/ads.repository.js';\n" +
        "import { adsRoutes } from '../ads/ads.routes.js';\n" +
        'export const both = [createAdsRepository, adsRoutes];\n',
    );
    expect(broken.filter((r) => r === 'import-x/no-restricted-paths')).toHaveLength(2);
    // Through a service is the way.
    const fine = await rulesBroken(
      'service.ts',
      "import { createAdsService } from '../ads/ads.service.js';\nexport const s = createAdsService;\n",
    );
    expect(fine).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    await writeFile(path.join(probeDir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
    const broken = await rulesBroken('a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
    expect(broken).toContain('import-x/no-cycle');
  });

  it('refuses a floating promise', async () => {
    const broken = await rulesBroken('float.ts', 'async function work() {}\nwork();\nvoid work();\n');
    expect(broken).toEqual(['@typescript-eslint/no-floating-promises']);
  });

  it('refuses src/shared importing the server', async () => {
    const file = path.join(ROOT, 'src/shared/zz-lint-probe.ts');
    await writeFile(file, "import { errorBody } from '../server/errors.js';\nexport const e = errorBody;\n");
    try {
      const [result] = await eslint.lintFiles([file]);
      expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-restricted-paths');
    } finally {
      await rm(file, { force: true });
    }
  });
});
