import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A built page as the server reads it: the head between its markers, the entry script, a chunk it preloads,
 * its stylesheet (with a web font), the root element.
 */
const page = (entry: string) => `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<!--app-head--><title>placeholder</title><!--/app-head-->
<script type="module" crossorigin src="/assets/${entry}.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react.js">
<link rel="stylesheet" crossorigin href="/assets/${entry}.css">
</head><body><div id="root"></div></body></html>`;

/** The web font rule of the test stylesheet, as a build writes it. */
export const FONT_FACE =
  '@font-face{font-family:Display;font-display:swap;src:url(/assets/display.woff2)format("woff2")}';

/** A folder holding the built web app's two pages (index.html, embed.html); the caller removes it. */
export async function createWebDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-web-'));
  await writeFile(path.join(dir, 'index.html'), page('app'));
  await writeFile(path.join(dir, 'embed.html'), page('embed'));
  await mkdir(path.join(dir, 'assets'));
  // A '$&' in CSS (a replacement pattern, were it read as one) must come through as written.
  await writeFile(path.join(dir, 'assets/app.css'), `${FONT_FACE}h1{color:red}.price::after{content:"$&"}\n`);
  // The embed's page takes the same web font (and so the same head script).
  await writeFile(path.join(dir, 'assets/embed.css'), `${FONT_FACE}body{margin:0}\n`);
  return dir;
}
