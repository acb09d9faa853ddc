import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Piscina } from 'piscina';
import { artworkSvg } from '../../../shared/artwork.js';
import type { PublicAd } from '../../../shared/ads.js';
import { escapeHtml } from '../../../shared/html.js';
import { SITE_NAME } from '../../../shared/page-meta.js';
import { ServiceUnavailableError } from '../../errors.js';
import { workerEntry } from '../../paths.js';

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
/** Share images one client address may fetch a minute: link previews fetch one per shared link. */
export const SHARE_IMAGES_PER_MINUTE = 60;
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

/** Longest one card may take to draw (about 0.1 s on a quiet machine); a stuck one is given up. */
const RENDER_TIMEOUT_MS = 15_000;
/** Cards waiting for the thread at most (by default); beyond them a request is answered 503 rather than queued. */
const MAX_WAITING = 32;
/** How long a client refused as busy is asked to wait. */
const BUSY_RETRY_AFTER_S = 5;

export const shareImageMessages = {
  busy: 'Share images are busy being drawn. Please try again in a few seconds.',
  tooManyRequests: `Too many share images from this address; each address may fetch ${SHARE_IMAGES_PER_MINUTE} a minute`,
} as const;

const worker = workerEntry('share-image-worker', import.meta.url);

/**
 * The share cards of every ad, drawn as PNGs on a worker thread (resvg takes about 0.1 s of CPU per card,
 * which would stall every other request on the event loop) and each drawn once per content in each process:
 * the latest `cached` cards are kept under a hash of their SVG, which is everything a card shows, so an ad
 * shown, hidden and shown again, or saved with no visible change, is not drawn again; requests for a card
 * being drawn wait for that one drawing.
 */
export function createShareImages({ cached = 200, waiting = MAX_WAITING }: { cached?: number; waiting?: number } = {}) {
  const drawn = new LRUCache<string, Buffer>({ max: cached });
  const drawing = new Map<string, Promise<Buffer>>();
  let pool: Piscina<string, Uint8Array> | null = null;
  let renders = 0;

  // One thread, started at the first card and stopped when idle: cards are few once drawn, and the other
  // core stays free for requests (the audio decoders have a pool of their own).
  const threads = () =>
    (pool ??= new Piscina<string, Uint8Array>({
      filename: worker.url.href,
      execArgv: worker.fromSource ? ['--import', 'tsx'] : [],
      minThreads: 0,
      maxThreads: 1,
      maxQueue: waiting,
      idleTimeout: 30_000,
    }));

  async function draw(svg: string): Promise<Buffer> {
    const workers = threads();
    if (workers.queueSize >= waiting) {
      throw new ServiceUnavailableError(shareImageMessages.busy, BUSY_RETRY_AFTER_S);
    }
    const png = await workers.run(svg, { signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) }).catch((err: unknown) => {
      // Out of time: the thread is overloaded, as when the queue is full.
      if (err instanceof Error && err.name === 'AbortError') {
        throw new ServiceUnavailableError(shareImageMessages.busy, BUSY_RETRY_AFTER_S);
      }
      throw err;
    });
    renders++;
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  }

  return {
    /** The ad's card as a PNG: from memory when a card with this content was drawn, else drawn (once). */
    async png(ad: ShareAd): Promise<Buffer> {
      const svg = shareImageSvg(ad);
      const version = createHash('sha256').update(svg).digest('base64url');
      const kept = drawn.get(version);
      if (kept) return kept;
      let pending = drawing.get(version);
      if (!pending) {
        pending = draw(svg)
          .then((png) => {
            drawn.set(version, png);
            return png;
          })
          .finally(() => drawing.delete(version));
        drawing.set(version, pending);
      }
      return pending;
    },
    /** Cards drawn by the worker thread since start. */
    get renders() {
      return renders;
    },
    /** Stops the thread (the app's close); a later card starts it again. */
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}
export type ShareImages = ReturnType<typeof createShareImages>;
