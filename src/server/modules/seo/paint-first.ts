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

/**
 * The inline loader: after the first frame, the whole stylesheet when the page came with its critical part
 * only (decision 56), the preloads (in Vite's order), and the entry once the stylesheet is in: what the app
 * renders after hydrating is then styled.
 */
export const scriptLoader = (entry: string, preloads: string[], stylesheet?: string) =>
  `requestAnimationFrame(function(){setTimeout(function(){` +
  `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};` +
  `var go=function(){document.head.appendChild(s)};` +
  (stylesheet
    ? `if(document.querySelector("style[data-critical]")){var c=document.createElement("link");c.rel="stylesheet";` +
      `c.href=${JSON.stringify(stylesheet)};c.onload=c.onerror=go;go=null;document.head.appendChild(c)}`
    : '') +
  `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
  `if(go)go()})})`;

/** The CSP source that allows exactly this inline script. */
export const scriptHashSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

export interface PaintFirstPage {
  html: string;
  /** The CSP sources of the page's inline scripts. */
  scriptSources: string[];
  /** The page's one stylesheet, inline in `html` as `tag`, when it has exactly one. */
  stylesheet?: { tag: string; css: string };
}

/** A page's critical stylesheet, in place of the whole one (which the loader then fetches). */
export const criticalStyleTag = (css: string) => `<style data-critical>${css}</style>`;

/** The built page `html`, whose assets are under `webDir`, with its stylesheets inline and its scripts after paint. */
export async function paintFirst(html: string, webDir: string): Promise<PaintFirstPage> {
  const links = [...html.matchAll(STYLESHEET)].map(([, href]) => href!);
  const styles = await Promise.all(links.map(async (href) => (await readFile(path.join(webDir, href), 'utf8')).trim()));
  let i = 0;
  // A function replacement: the CSS's own '$' must not be read as a pattern.
  let out = html.replace(STYLESHEET, () => `<style>${styles[i++]!}</style>`);
  const stylesheet = styles.length === 1 ? { tag: `<style>${styles[0]!}</style>`, css: styles[0]! } : undefined;
  const entries = [...out.matchAll(MODULE_SCRIPT)].map(([, src]) => src!);
  const preloads = [...out.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  if (entries.length !== 1) return { html: out, scriptSources: [], stylesheet };
  out = out.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const loader = scriptLoader(entries[0]!, preloads, stylesheet && links[0]);
  out = out.replace('</body>', () => `  <script>${loader}</script>\n  </body>`);
  return { html: out, scriptSources: [scriptHashSource(loader)], stylesheet };
}
