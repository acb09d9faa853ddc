/**
 * The product screenshots of the marketing pages: what `npm run screenshots` captures from the running app
 * (scripts/screenshots.ts) and the size the pages show each at. The files sit in ./screenshots, one per
 * shot, theme, density and format: `{name}-{theme}@{1|2}x.{avif|webp|jpg}`.
 */
export const PRODUCT_SHOTS = {
  /** The demo's Sunrise Bakery ad page, the first screen of a phone. */
  'ad-page': {
    viewport: { width: 390, height: 844 },
    width: 300,
    height: 649,
    alt: 'An ad page on a phone: the artwork, the title, the advertiser, the player, and Call and Website buttons',
  },
  /** The demo advertiser's analytics, the first screen of a laptop. */
  analytics: {
    viewport: { width: 1280, height: 800 },
    width: 640,
    height: 400,
    alt: 'The analytics dashboard: total plays, click rate and engagement, and a chart of plays, clicks, shares and QR scans per day',
  },
  /** The embeddable player, at the size of the iframe partners paste. */
  embed: {
    viewport: { width: 480, height: 176 },
    width: 480,
    height: 176,
    alt: 'The embeddable player: the ad’s artwork, title and advertiser, a play button and the waveform',
  },
} as const;

export type ProductShotName = keyof typeof PRODUCT_SHOTS;
export const SHOT_THEMES = ['light', 'dark'] as const;
export const SHOT_DENSITIES = [1, 2] as const;
/** Best first: the page offers them in this order and the browser takes the first it reads. */
export const SHOT_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;

export const shotFileName = (
  name: ProductShotName,
  theme: (typeof SHOT_THEMES)[number],
  density: (typeof SHOT_DENSITIES)[number],
  ext: (typeof SHOT_FORMATS)[number]['ext'],
) => `${name}-${theme}@${density}x.${ext}`;
