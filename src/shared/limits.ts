/** Business constants of spec section 9. */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
export const FEATURED_HERO = 1;
export const FEATURED_HOME = 6;
export const RELATED_ADS = 3;
export const WAVEFORM_BARS = 40;
export const AUDIO_MAX_MB = 10;
export const LOGO_MAX_MB = 5;
/** The audio formats the server decodes, as the picker and the pages name them. */
export const AUDIO_FORMATS_TEXT = 'MP3, AAC (M4A), WAV, FLAC, Ogg Vorbis or Ogg Opus';
export const LOGO_FORMATS_TEXT = 'PNG, JPEG, WebP or GIF';
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_SEARCH_LENGTH = 200;
/** Longest accepted audio: ads are short, and decoding work grows with length. */
export const AUDIO_MAX_SECONDS = 300;
/**
 * The decoding budget: decoding work grows with samples times channels, so a file may hold no more of them
 * than stereo at 48 kHz for its length limit (AUDIO_MAX_SECONDS for an ad). Eight channels at 192 kHz
 * cost sixteen times as much per second, so such a file gets a sixteenth of the length.
 */
export const AUDIO_BUDGET_CHANNELS = 2;
export const AUDIO_BUDGET_RATE = 48_000;
/** Samples times channels one decoding may produce for a length limit of `seconds`. */
export const audioSampleBudget = (seconds: number) => seconds * AUDIO_BUDGET_RATE * AUDIO_BUDGET_CHANNELS;
/** Largest accepted logo, read from its header before anything decodes it (a pixel-flood bound). */
export const LOGO_MAX_SIDE_PX = 8000;
export const LOGO_MAX_MEGAPIXELS = 40;
/** Uploads (ad creations and edits) per user or API key in an hour: plenty for a person. */
export const UPLOADS_PER_HOUR = 30;
/**
 * Directory searches (a list with search words) and suggestion lookups per address and minute: each costs
 * the database several statements, and a page that answers people typing needs far fewer.
 */
export const SEARCHES_PER_MINUTE = 60;
export const SUGGESTIONS_PER_MINUTE = 120;
export const searchLimitMessages = {
  searches: 'Too many searches from this address; try again in a minute',
  suggestions: 'Too many suggestion requests from this address; try again in a minute',
} as const;
/** Ads suggested while a search is typed. */
export const SUGGESTIONS = 5;
/**
 * Most landmarks in one identify query: well above what 12 s of the densest audio produces (see
 * docs/decisions/0021), small enough that one query's lookup stays a few milliseconds. Here, free of zod,
 * because the listening page caps what it sends by it.
 */
export const IDENTIFY_MAX_LANDMARKS = 3000;
