/**
 * The landmark fingerprint's parameters, shared by the server (stored fingerprints) and the browser
 * (queries): changing any of them changes every hash, so stored fingerprints must be rebuilt.
 * Why these values, and what was measured: docs/decisions/0020-landmark-fingerprints.md.
 */

/** Mono sample rate the engine works at: the telephone band fits under its 4 kHz Nyquist frequency. */
export const FINGERPRINT_SAMPLE_RATE = 8000;
/** FFT window (Hann), in samples: 64 ms, 15.6 Hz per bin. */
export const FFT_SIZE = 512;
/** Samples between frames: one unit of a landmark's `t`. */
export const HOP = 256;
/** Seconds per unit of a landmark's `t` (32 ms). */
export const FRAME_SECONDS = HOP / FINGERPRINT_SAMPLE_RATE;

/** Peaks are picked between these bins (about 250-3500 Hz): what survives a phone's microphone and codec. */
export const MIN_BIN = 16;
export const MAX_BIN = 224;
/** A peak is the largest value within this many frames and bins either side. */
export const PEAK_FRAMES = 5;
export const PEAK_BINS = 9;
/** ...and stands this many dB above the mean of its frame's band, and above an absolute floor. */
export const PEAK_OVER_FRAME_DB = 6;
export const PEAK_FLOOR_DB = -90;
/** Each peak pairs with up to this many earlier peaks within the target zone. */
export const FAN_OUT = 5;
/** Target zone: the earlier peak is 1..MAX_DT frames before and within MAX_DF bins. */
export const MAX_DT = 31;
export const MAX_DF = 63;
