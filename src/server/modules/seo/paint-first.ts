import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FONTS_WAIT_CLASS as FONTS_WAIT } from '../../../shared/page-data';

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
/** The build's web font: the hash of its rules (what a browser notes once it has it) and its family. */
interface WebFonts {
  key: string;
  family: string;
}

/**
 * The head's script for the web fonts, before the first layout: where this browser has loaded them before
 * (they are in its cache), nothing to do, and the headings paint in their face; otherwise FONTS_WAIT keeps
 * them in the text face until the app renders a page of its own (decision 61), and the first layout asks for
 * no web font. Without JavaScript the class never comes, and the face is asked for at once. The face's rules
 * stay in the inline sheet from the start: adding a @font-face rule later made Chromium lay out the whole
 * page again (625 of 625 objects on /directory).
 */
export const fontsScript = (key: string) =>
  `(function(){try{if(localStorage.getItem("${FONTS_SEEN}")==="${key}")return}catch(e){}` +
  `document.documentElement.classList.add("${FONTS_WAIT}")})()`;

/**
 * The inline loader: the headings' face (a first visit fetches it only now and notes it once loaded; its
 * headings keep the text face until the app renders a page of its own, decision 61), the preloads, then the
 * entry (the order Vite wrote them in), each in a task of its own: appended together they made one task of
 * up to 25 ms on this project's machines.
 * A page the server rendered loads them once the browser reports its first contentful paint: a frame
 * callback is not late enough, it runs before that frame is on screen, and what it asks for shares the
 * network with the paint's own requests. Where paint timing is missing, the next frame; after 3 s in any
 * case (a page opened in a background tab paints only when shown). A page the browser renders (an empty
 * root) has nothing to paint before them: it loads them at once.
 */
export const scriptLoader = (entry: string, preloads: string[], fonts: WebFonts | null) =>
  `(function(){var done=0;function load(){if(done)return;done=1;` +
  (fonts
    ? `if(document.documentElement.classList.contains("${FONTS_WAIT}")&&document.fonts&&document.fonts.load)` +
      `document.fonts.load(${JSON.stringify(`1em ${fonts.family}`)}).then(function(f){` +
      `if(f.length)try{localStorage.setItem("${FONTS_SEEN}","${fonts.key}")}catch(e){}},function(){});`
    : '') +
  `${JSON.stringify(preloads)}.forEach(function(h){setTimeout(function(){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)})});` +
  `setTimeout(function(){var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};document.head.appendChild(s)})}` +
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
  let i = 0;
  // A function replacement: the CSS's own '$' must not be read as a pattern.
  let out = html.replace(STYLESHEET, () => `<style>${styles[i++]}</style>`);
  if (!loading) return { html: out, scriptSources: [] };
  out = out.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '');
  // The web fonts' rules name this build's font files: a new build's note differs.
  const fontFaces = styles.flatMap((style) => style.match(FONT_FACE) ?? []).join('');
  const family = /font-family:\s*([^;}]+)/.exec(fontFaces)?.[1]?.trim();
  const fonts = family
    ? { key: createHash('sha256').update(fontFaces).digest('base64url').slice(0, 16), family }
    : null;
  const loader = scriptLoader(entries[0]!, preloads, fonts);
  out = out.replace('</body>', () => `  <script>${loader}</script>\n  </body>`);
  if (!fonts) return { html: out, scriptSources: [scriptHashSource(loader)] };
  // Held only where the loader fetches the face: both come from the same `fonts`.
  const head = fontsScript(fonts.key);
  out = out.replace('</head>', () => `  <script>${head}</script>\n  </head>`);
  return { html: out, scriptSources: [scriptHashSource(loader), scriptHashSource(head)] };
}
