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

/** Where a browser notes that it holds this build's web fonts (their rules' hash), so a next page uses them at once. */
const FONTS_SEEN = 'web-fonts';

/** Script adding the web fonts' rules as <style id="web-fonts">, once. */
const addFonts = (fontFaces: string) =>
  `if(!document.getElementById("${FONTS_SEEN}")){var f=document.createElement("style");f.id="${FONTS_SEEN}";` +
  `f.textContent=${JSON.stringify(fontFaces)};document.head.appendChild(f)}`;

/**
 * The head's script for the web fonts: where this browser has loaded them before, they are in its cache, so
 * their rules go in before the first layout (the headings paint in their font, no swap). Otherwise the loader
 * adds them after the first paint, and notes it once they have loaded.
 */
export const fontsScript = (fontFaces: string, key: string) =>
  `(function(){try{if(localStorage.getItem("${FONTS_SEEN}")!=="${key}")return}catch(e){return}${addFonts(fontFaces)}})()`;

/**
 * The inline loader: the web fonts' rules (so a first visit asks for the headings' font only then), the
 * preloads, then the entry (the order Vite wrote them in). A page the server rendered loads them once the
 * browser reports its first contentful paint: a frame callback is not late enough, it runs before that frame
 * is on screen, and what it asks for shares the network with the paint's own requests. Where paint timing is
 * missing, the next frame; after 3 s in any case (a page opened in a background tab paints only when shown).
 * A page the browser renders (an empty root) has nothing to paint before them: it loads them at once.
 */
export const scriptLoader = (entry: string, preloads: string[], fontFaces: string, key: string) =>
  `(function(){var done=0;function load(){if(done)return;done=1;` +
  (fontFaces
    ? `${addFonts(fontFaces)}if(document.fonts)document.fonts.addEventListener("loadingdone",function(){` +
      `try{localStorage.setItem("${FONTS_SEEN}","${key}")}catch(e){}});`
    : '') +
  `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
  `var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};document.head.appendChild(s)}` +
  `var P=window.PerformanceObserver,root=document.getElementById("root");` +
  `if(!root||!root.firstElementChild)load();` +
  `else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)` +
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
  const inline = fontFaces ? styles.map((style) => style.replace(FONT_FACE, '')) : styles;
  let i = 0;
  // A function replacement: the CSS's own '$' must not be read as a pattern.
  let out = html.replace(STYLESHEET, () => `<style>${inline[i++]}</style>`);
  if (!loading) return { html: out, scriptSources: [] };
  out = out.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  const key = createHash('sha256').update(fontFaces).digest('base64url').slice(0, 16);
  const loader = scriptLoader(entries[0]!, preloads, fontFaces, key);
  out = out.replace('</body>', () => `  <script>${loader}</script>\n  </body>`);
  if (!fontFaces) return { html: out, scriptSources: [scriptHashSource(loader)] };
  const fonts = fontsScript(fontFaces, key);
  out = out.replace(
    '</head>',
    () => `  <noscript><style>${fontFaces}</style></noscript>\n  <script>${fonts}</script>\n  </head>`,
  );
  return { html: out, scriptSources: [scriptHashSource(loader), scriptHashSource(fonts)] };
}
