import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * A built page rearranged so that a phone paints it from the HTML alone (decision 55). On a slow mobile
 * network every request before the first paint costs a round trip (Lighthouse counts 562 ms): the stylesheet
 * blocks rendering, and the app's scripts compete with it. So the stylesheet goes inline, and the scripts are
 * requested by a few lines of inline script once the page has painted. The server's HTML is complete without
 * them; they only hydrate it (and render the pages the server does not).
 */

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g;

/** The inline loader: after the first frame, the preloads then the entry (the order Vite wrote them in). */
export const scriptLoader = (entry: string, preloads: string[]) =>
  `requestAnimationFrame(function(){setTimeout(function(){` +
  `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
  `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};document.head.appendChild(s)})})`;

/** The CSP source that allows exactly this inline script. */
export const scriptHashSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

export interface PaintFirstPage {
  html: string;
  /** The CSP sources of the page's inline scripts. */
  scriptSources: string[];
}

/** The built page `html`, whose assets are under `webDir`, with its stylesheets inline and its scripts after paint. */
export async function paintFirst(html: string, webDir: string): Promise<PaintFirstPage> {
  const styles = await Promise.all(
    [...html.matchAll(STYLESHEET)].map(async ([, href]) => readFile(path.join(webDir, href!), 'utf8')),
  );
  let i = 0;
  // A function replacement: the CSS's own '$' must not be read as a pattern.
  let out = html.replace(STYLESHEET, () => `<style>${styles[i++]!.trim()}</style>`);
  const entries = [...out.matchAll(MODULE_SCRIPT)].map(([, src]) => src!);
  const preloads = [...out.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  if (entries.length !== 1) return { html: out, scriptSources: [] };
  out = out.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const loader = scriptLoader(entries[0]!, preloads);
  out = out.replace('</body>', () => `  <script>${loader}</script>\n  </body>`);
  return { html: out, scriptSources: [scriptHashSource(loader)] };
}
