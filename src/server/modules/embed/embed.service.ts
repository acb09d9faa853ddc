import { imageSize } from 'image-size';
import { LRUCache } from 'lru-cache';
import { adUrl, slugOfAdPath } from '../../../shared/ad-links.js';
import { maxBytesOf, type PublicAd } from '../../../shared/ads.js';
import { EMBED_HEIGHT, EMBED_WIDTH, embedCode, type EmbedAd } from '../../../shared/embed.js';
import type { OEmbedQuery, OEmbedResponse } from '../../../shared/oembed.js';
import { SITE_NAME } from '../../../shared/page-meta.js';
import type { Storage } from '../../adapters/storage/storage.js';
import { AppError, NotFoundError } from '../../errors.js';
import type { AdsService } from '../ads/ads.service.js';

export class OEmbedFormatError extends AppError {
  constructor() {
    super(501, "Only format 'json' is supported");
  }
}

/** Logos are at most 5 MB; the dimensions sit in the first bytes of every format we accept. */
const MAX_LOGO_BYTES = maxBytesOf('logo');
const SIZE_CACHE = 1000;

/** The embeddable player: the ad it shows, and oEmbed answers for our ad pages. */
export function createEmbedService(deps: { ads: AdsService; storage: Storage; origin: string }) {
  const { ads, storage, origin } = deps;
  const abs = (url: string) => (url.startsWith('http') ? url : origin + url);
  // A stored file never changes under its URL, so its size can be kept for good (a bounded number of them).
  const sizes = new LRUCache<string, { size: { width: number; height: number } | null }>({ max: SIZE_CACHE });

  async function readSize(url: string) {
    const key = storage.keyFromUrl(url);
    if (!key) return null;
    try {
      const { body } = await storage.read(key);
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of body) {
        chunks.push(chunk as Buffer);
        length += (chunk as Buffer).length;
        if (length > MAX_LOGO_BYTES) break;
      }
      body.destroy();
      const { width, height } = imageSize(Buffer.concat(chunks));
      return { width, height };
    } catch {
      return null; // unreadable or not an image: the answer goes without a thumbnail
    }
  }

  async function logoSize(url: string) {
    let known = sizes.get(url);
    if (!known) {
      known = { size: await readSize(url) };
      sizes.set(url, known);
    }
    return known.size;
  }

  /** The slug of one of our ad pages, or null for any other URL. */
  function slugOf(url: string): string | null {
    try {
      const u = new URL(url);
      return u.origin === origin ? slugOfAdPath(u.pathname) : null;
    } catch {
      return null;
    }
  }

  return {
    /** A visible ad as the embed page needs it; hidden and unknown ads are not found. */
    async ad(slug: string): Promise<EmbedAd> {
      const ad: PublicAd = await ads.getBySlug(slug);
      const { id, title, businessName, category, logoUrl, audioUrl, audioDurationMs, waveformPeaks } = ad;
      return { id, slug: ad.slug, title, businessName, category, logoUrl, audioUrl, audioDurationMs, waveformPeaks };
    },

    async oembed({ url, format, maxwidth, maxheight }: OEmbedQuery): Promise<OEmbedResponse> {
      if (format !== 'json') throw new OEmbedFormatError();
      const slug = slugOf(url);
      if (!slug) throw new NotFoundError('No ad page at this URL');
      const ad = await ads.getBySlug(slug);
      const width = Math.min(EMBED_WIDTH, maxwidth ?? EMBED_WIDTH);
      const height = Math.min(EMBED_HEIGHT, maxheight ?? EMBED_HEIGHT);
      const page = adUrl(origin, ad.slug);
      const logo = ad.logoUrl ? await logoSize(ad.logoUrl) : null;
      return {
        version: '1.0',
        type: 'rich',
        provider_name: SITE_NAME,
        provider_url: origin,
        title: ad.title,
        author_name: ad.businessName,
        author_url: page,
        html: embedCode({ origin, slug: ad.slug, title: ad.title, width, height }),
        width,
        height,
        cache_age: 3600,
        ...(logo && ad.logoUrl
          ? { thumbnail_url: abs(ad.logoUrl), thumbnail_width: logo.width, thumbnail_height: logo.height }
          : {}),
      };
    },
  };
}
export type EmbedService = ReturnType<typeof createEmbedService>;
