/** Business constants of spec section 9. */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
export const FEATURED_HERO = 1;
export const FEATURED_HOME = 6;
export const RELATED_ADS = 3;
export const WAVEFORM_BARS = 40;
export const AUDIO_MAX_MB = 10;
export const LOGO_MAX_MB = 5;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_SEARCH_LENGTH = 200;
