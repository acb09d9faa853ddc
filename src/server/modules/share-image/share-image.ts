import { Resvg } from '@resvg/resvg-js';
import { artworkSvg } from '../../../shared/artwork.js';
import type { PublicAd } from '../../../shared/ads.js';
import { escapeHtml } from '../../../shared/html.js';
import { SITE_NAME } from '../../../shared/page-meta.js';

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
const FONT = 'DejaVu Sans, Liberation Sans, Noto Sans, sans-serif';

/** Words into lines of at most `max` characters, at most `lines` lines, the last one ellipsed if cut. */
export function wrapText(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= max) line = next;
    else {
      if (line) out.push(line);
      line = word.length > max ? `${word.slice(0, max - 1)}…` : word;
    }
  }
  if (line) out.push(line);
  if (out.length > lines) {
    const kept = out.slice(0, lines);
    kept[lines - 1] = `${kept[lines - 1]!.slice(0, max - 1).trimEnd()}…`;
    return kept;
  }
  return out;
}

type ShareAd = Pick<PublicAd, 'title' | 'businessName' | 'category' | 'waveformPeaks'>;

/** The share card as SVG: the ad's artwork, its title and advertiser, and its waveform, 1200x630. */
export function shareImageSvg(ad: ShareAd): string {
  const { width, height } = SHARE_IMAGE;
  const art = artworkSvg(ad).replace(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">',
    '<svg x="60" y="60" width="510" height="510" viewBox="0 0 100 100">',
  );
  const title = wrapText(ad.title, 18, 3);
  const peaks = ad.waveformPeaks?.length ? ad.waveformPeaks : Array<number>(40).fill(0.5);
  const bars = 88;
  const waveX = 630;
  const waveW = 510;
  const step = waveW / bars;
  const wave = Array.from({ length: bars }, (_, i) => {
    const pos = (i * (peaks.length - 1)) / (bars - 1);
    const lo = Math.floor(pos);
    const p = peaks[lo]! + ((peaks[Math.min(peaks.length - 1, lo + 1)] ?? peaks[lo]!) - peaks[lo]!) * (pos - lo);
    const h = Math.max(8, Math.round(p * 90));
    return `<rect x="${(waveX + i * step).toFixed(1)}" y="${510 - h / 2}" width="3" height="${h}" rx="1.5"/>`;
  }).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#120c2e"/>',
    '<stop offset="1" stop-color="#2a1780"/></linearGradient>',
    '<clipPath id="art"><rect x="60" y="60" width="510" height="510" rx="36"/></clipPath></defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<g clip-path="url(#art)">${art}</g>`,
    `<text x="630" y="104" fill="#b9b0ff" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="1">${escapeHtml(SITE_NAME.toUpperCase())}</text>`,
    ...title.map(
      (line, i) =>
        `<text x="630" y="${186 + i * 62}" fill="#ffffff" font-family="${FONT}" font-size="48" font-weight="700">${escapeHtml(line)}</text>`,
    ),
    `<text x="630" y="${186 + title.length * 62 + 8}" fill="#d4ceff" font-family="${FONT}" font-size="30">${escapeHtml(wrapText(ad.businessName, 28, 1)[0] ?? '')}</text>`,
    `<g fill="#8f82ff">${wave}</g>`,
    `<text x="630" y="600" fill="#c3c8d6" font-family="${FONT}" font-size="22">${escapeHtml(ad.category)} · Listen on ${escapeHtml(SITE_NAME)}</text>`,
    '</svg>',
  ].join('');
}

/** The share card as a PNG (resvg, the system's sans-serif fonts). */
export function renderShareImage(ad: ShareAd): Buffer {
  const png = new Resvg(shareImageSvg(ad), {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  })
    .render()
    .asPng();
  return Buffer.from(png);
}
