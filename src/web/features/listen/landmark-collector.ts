import { createFingerprinter, type Landmark } from '../../../shared/fingerprint';

/**
 * The landmarks of one session, made as the audio arrives: chunks at the context's rate go into the
 * streaming fingerprinter (which resamples them), and each look-up sends the latest `max` landmarks.
 */
export function createLandmarkCollector(sampleRate: number, max: number) {
  const fingerprinter = createFingerprinter(sampleRate);
  const landmarks: Landmark[] = [];
  let peak = 0;
  let finished = false;
  return {
    push(mono: Float32Array) {
      if (finished) return; // a chunk still on its way when the microphone stopped
      for (const s of mono) if (Math.abs(s) > peak) peak = Math.abs(s);
      for (const l of fingerprinter.push(mono)) landmarks.push(l);
    },
    /** The end of the audio: the landmarks of its last moments. */
    finish() {
      if (finished) return;
      finished = true;
      for (const l of fingerprinter.flush()) landmarks.push(l);
    },
    get count() {
      return landmarks.length;
    },
    /** The loudest sample heard (0..1): near 0, the microphone heard nothing at all. */
    get peak() {
      return peak;
    },
    /** What a look-up sends: every landmark so far, or the latest `max` of them. */
    batch(): Landmark[] {
      return landmarks.slice(-max);
    },
  };
}
