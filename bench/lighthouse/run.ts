/**
 * Lighthouse (mobile: the default form factor, simulated slow 4G and 4x CPU slowdown) on /, /directory
 * and /ad/{slug} of the built app with its demo data. Each page runs LH_RUNS times (default 5) and the
 * median of each category is printed; the full reports of the last run go to bench/.scratch/lighthouse/.
 * LH_PAGES=directory (names, comma-separated) runs only those pages.
 *   npm run build && npm run bench:lighthouse
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { startApp } from '../../e2e/support/app.js';
import { chromiumArgs, chromiumPath } from '../../e2e/support/browser.js';
import { publicPages } from '../public-pages.js';

const RUNS = Number(process.env.LH_RUNS ?? 5);
const PAGES = process.env.LH_PAGES?.split(',').map((name) => name.trim());
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;
const REPORT_DIR = 'bench/.scratch/lighthouse';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One Lighthouse run in a browser of its own (as the CLI does); retried up to twice on a failed trace. */
async function audit(url: string, retries = 2): Promise<RunnerResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath ?? process.env.CHROME_PATH,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'html', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result;
    if (retries === 0) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  } finally {
    chrome.kill();
  }
  return audit(url, retries - 1);
}

const app = await startApp();
// Indexing the demo ads' sound keeps a core busy for 3-4 s after the start: not a page's cost.
await app.settled;
try {
  await mkdir(REPORT_DIR, { recursive: true });
  const rows: string[] = [];
  const pages = (await publicPages(app.url)).filter(({ name }) => !PAGES || PAGES.includes(name));
  for (const { name, path: pagePath } of pages) {
    const scores = new Map<string, number[]>(CATEGORIES.map((c) => [c, []]));
    const metrics = new Map<string, number[]>(METRICS.map(([m]) => [m, []]));
    // Lighthouse's measure of this machine's CPU at the time: low values mean a busy machine.
    const benchmarkIndex: number[] = [];
    const failing = new Map<string, string[]>();
    for (let run = 0; run < RUNS; run++) {
      const result = await audit(app.url + pagePath);
      const { lhr } = result;
      for (const c of CATEGORIES) scores.get(c)!.push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      for (const [m, id] of METRICS) metrics.get(m)!.push(lhr.audits[id]?.numericValue ?? NaN);
      benchmarkIndex.push(Math.round(lhr.environment.benchmarkIndex));
      // Audits that cost points: those of a category with a weight, not passed.
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
            const key = `${c}: ${audit.id}`;
            failing.set(key, [...(failing.get(key) ?? []), audit.displayValue ?? audit.title]);
          }
        }
      }
      const file = path.join(REPORT_DIR, `${name.replace(/\W+/g, '-')}.html`);
      await writeFile(file, result.report as string);
    }
    const med = CATEGORIES.map((c) => median(scores.get(c)!));
    const metricText = METRICS.map(([m]) => {
      const v = median(metrics.get(m)!);
      return m === 'CLS' ? `${m} ${v.toFixed(3)}` : `${m} ${(v / 1000).toFixed(2)} s`;
    }).join(', ');
    console.log(`${name} (${pagePath}): ${CATEGORIES.map((c, i) => `${c} ${med[i]}`).join(', ')}`);
    console.log(`  all runs: ${CATEGORIES.map((c) => `${c} ${scores.get(c)!.join('/')}`).join(', ')}`);
    console.log(`  median metrics: ${metricText}; benchmarkIndex ${benchmarkIndex.join('/')}`);
    // The two timings that move most from run to run, in milliseconds, in run order.
    for (const m of ['LCP', 'TBT'])
      console.log(
        `  ${m} per run: ${metrics
          .get(m)!
          .map((v) => Math.round(v))
          .join('/')} ms`,
      );
    for (const [key, values] of failing)
      console.log(`  below 0.9 in ${values.length} run(s): ${key} (${values.join('; ')})`);
    rows.push(`| ${name} | ${med.join(' | ')} | ${metricText} |`);
  }
  console.log(`\n| page | performance | accessibility | best practices | SEO | median metrics |`);
  console.log('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const r of rows) console.log(r);
} finally {
  await app.stop();
}
