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
const FONT_FACE = /@font-face\{[^}]*\}/g;

/**
 * The inline loader, run once the browser reports the first contentful paint: the web fonts' rules (so the
 * headings' font is asked for only then), the preloads, then the entry (the order Vite wrote them in). A frame
 * callback is not late enough: it runs before that frame is on screen, and what it asks for shares the
 * network with the paint's own requests. Where paint timing is missing, the next frame; after 3 s in any
 * case (a page opened in a background tab paints only when shown).
 */
export const scriptLoader = (entry: string, preloads: string[], fontFaces: string) =>
  `(function(){var done=0;function load(){if(done)return;done=1;` +
  (fontFaces
    ? `var f=document.createElement("style");f.textContent=${JSON.stringify(fontFaces)};document.head.appendChild(f);`
    : '') +
  `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
  `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};document.head.appendChild(s)}` +
  `var P=window.PerformanceObserver;` +
  `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)` +
  `new P(function(list){if(list.getEntriesByName("first-contentful-paint").length)setTimeout(load)}).observe({type:"paint",buffered:true});` +
  `else requestAnimationFrame(function(){setTimeout(load)});` +
  `setTimeout(load,3000)})()`;

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
    [...html.matchAll(STYLESHEET)].map(async ([, href]) => (await readFile(path.join(webDir, href!), 'utf8')).trim()),
  );
  const entries = [...html.matchAll(MODULE_SCRIPT)].map(([, src]) => src!);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href!);
  const loading = entries.length === 1;
  // With a loader, the web fonts wait for the first paint (it adds them); without JavaScript, they come at once.
  const fontFaces = loading ? styles.flatMap((style) => style.match(FONT_FACE) ?? []).join('') : '';
  let i = 0;
  // A function replacement: the CSS's own '$' must not be read as a pattern.
  let out = html.replace(STYLESHEET, () => `<style>${styles[i++]!.replace(fontFaces ? FONT_FACE : /$^/, '')}</style>`);
  if (!loading) return { html: out, scriptSources: [] };
  if (fontFaces) out = out.replace('</head>', () => `  <noscript><style>${fontFaces}</style></noscript>\n  </head>`);
  out = out.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const loader = scriptLoader(entries[0]!, preloads, fontFaces);
  out = out.replace('</body>', () => `  <script>${loader}</script>\n  </body>`);
  return { html: out, scriptSources: [scriptHashSource(loader)] };
}
