/**
 * Acoustic landmark fingerprints (pairs of spectrogram peaks, as in Wang 2003), shared by the server, which
 * stores every ad's landmarks, and the browser, which fingerprints the microphone and sends only landmarks.
 */
export { FINGERPRINT_SAMPLE_RATE, FRAME_SECONDS } from './params.js';
export {
  createFingerprinter,
  fingerprint,
  HASH_BITS,
  landmarkHash,
  type Fingerprinter,
  type Landmark,
} from './landmarks.js';
export { Resampler, resample } from './resample.js';
export {
  alignMatches,
  alignmentSpread,
  OFFSET_BASE,
  querySpan,
  scoreBounds,
  isConfidentMatch,
  MARGIN,
  matchConfidences,
  matchStrength,
  MIN_SCORE,
  MIN_SPANS,
  querySpans,
  RATIO,
  SPAN_SHARE,
  spannedSeconds,
  type Candidate,
  type Hit,
} from './match.js';
