import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A built page as the server reads it: the head between its markers, the entry script, the root element. */
const page = (entry: string) => `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<!--app-head--><title>placeholder</title><!--/app-head-->
<script type="module" src="/assets/${entry}.js"></script></head><body><div id="root"></div></body></html>`;

/** A folder holding the built web app's two pages (index.html, embed.html); the caller removes it. */
export async function createWebDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-web-'));
  await writeFile(path.join(dir, 'index.html'), page('app'));
  await writeFile(path.join(dir, 'embed.html'), page('embed'));
  return dir;
}
