/**
 * Bundle weight benchmark: the JavaScript a visitor downloads for /, /directory and /ad/{slug}.
 * Starts the built app (run `npm run build` first), opens each page in a fresh headless Chromium
 * context, records every script response, and prints raw, gzip -9 and on-the-wire bytes per page
 * and for the union of the three.
 *   npm run build && npm run bench:bundle
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startApp } from '../../e2e/support/app.js';
import { chromiumArgs, chromiumPath } from '../../e2e/support/browser.js';
import { publicPages } from '../public-pages.js';

const BUDGET_GZIP = 150 * 1024;

interface Script {
  raw: number;
  gzip: number;
  /** Body bytes as sent (compressed when the server compressed them). */
  wire: number;
}

const kb = (n: number) => (n / 1024).toFixed(1);
const sum = (scripts: Iterable<Script>, key: keyof Script) => [...scripts].reduce((t, s) => t + s[key], 0);

const app = await startApp();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const union = new Map<string, Script>();
  const rows: string[][] = [];
  for (const { name, path } of await publicPages(app.url)) {
    // A fresh context each time: an empty cache, as for a first visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const scripts = new Map<string, Script>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const body = await response.body();
          const { responseBodySize } = await response.request().sizes();
          scripts.set(new URL(response.url()).pathname, {
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            wire: responseBodySize,
          });
        })(),
      );
    });
    const res = await page.goto(app.url + path, { waitUntil: 'networkidle' });
    if (!res?.ok()) throw new Error(`${path} answered ${res?.status()}`);
    await Promise.all(pending);
    await context.close();
    for (const [file, s] of scripts) union.set(file, s);
    rows.push([
      name,
      String(scripts.size),
      kb(sum(scripts.values(), 'raw')),
      kb(sum(scripts.values(), 'gzip')),
      kb(sum(scripts.values(), 'wire')),
    ]);
    console.log(`${name} (${path}):`);
    for (const [file, s] of [...scripts].sort((a, b) => b[1].gzip - a[1].gzip)) {
      console.log(
        `  ${file.padEnd(48)} ${kb(s.raw).padStart(7)} KB raw ${kb(s.gzip).padStart(6)} KB gzip ${kb(s.wire).padStart(6)} KB wire`,
      );
    }
  }
  const total = sum(union.values(), 'gzip');
  rows.push(['union', String(union.size), kb(sum(union.values(), 'raw')), kb(total), kb(sum(union.values(), 'wire'))]);
  console.log(
    '\n| page | JS files | raw (KB) | gzip -9 (KB) | on the wire (KB) |\n| --- | ---: | ---: | ---: | ---: |',
  );
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log(
    `\nUnion ${kb(total)} KB gzip against a budget of ${kb(BUDGET_GZIP)} KB: ${total <= BUDGET_GZIP ? 'within' : 'OVER'}`,
  );
  process.exitCode = total <= BUDGET_GZIP ? 0 : 1;
} finally {
  await browser.close();
  await app.stop();
}
