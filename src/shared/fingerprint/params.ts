/**
 * The landmark fingerprint's parameters, shared by the server (stored fingerprints) and the browser
 * (queries): changing any of them changes the hashes, so stored fingerprints must be rebuilt.
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

/**
 * Reverberant tails are suppressed before peaks are picked: each bin's power, less what the loudest earlier
 * frame would still carry after decaying this many dB per frame (4 dB per 32 ms: a reverberation time of
 * about 0.5 s, a living room's). Through a room, only 15-22% of peaks fell on the clean recording's without it.
 */
export const TAIL_DECAY_DB = 4;

/** Peaks are picked between these bins (250-3500 Hz): what survives a phone's microphone and codec. */
export const MIN_BIN = 16;
export const MAX_BIN = 224;
/** A peak is the largest value within this many frames and bins either side (a 352 ms by 470 Hz patch)... */
export const PEAK_FRAMES = 5;
export const PEAK_BINS = 15;
/** ...and stands this many dB above the mean of its frame's band, and above an absolute floor. */
export const PEAK_OVER_FRAME_DB = 3;
export const PEAK_FLOOR_DB = -90;
/** Each peak pairs with up to this many earlier peaks within the target zone. */
export const FAN_OUT = 5;
/** Target zone: the earlier peak is 1..MAX_DT frames before and within MAX_DF bins. */
export const MAX_DT = 47;
export const MAX_DF = 63;
/**
 * Hashes keep bins in pairs (31 Hz) and frame gaps in pairs (64 ms): reverb and noise move a peak by a bin
 * or a frame often enough that exact values lose most pairs, and tempo changed by 2% stretches a gap.
 */
export const HASH_BIN_SHIFT = 1;
export const HASH_DT_SHIFT = 1;
/**
 * A hash already given within this many frames (1.9 s) is not given again: a held chord or a steady hum
 * repeats the same pair every beat, which says little about which recording this is and lets unrelated
 * music that shares the chord line up by chance.
 */
export const REPEAT_FRAMES = 60;
