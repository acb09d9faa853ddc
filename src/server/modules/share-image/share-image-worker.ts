import { Resvg } from '@resvg/resvg-js';

/**
 * Entry of the share image worker threads (a bundle entry of its own: see scripts/build-server.mjs): the
 * card's SVG in, its PNG out (resvg, the system's sans-serif fonts).
 */
export default function renderPng(svg: string): Uint8Array {
  return new Resvg(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
}
