import {
  AudioRefusedError,
  AudioTooCostlyError,
  AudioTooLongError,
  readAudioFacts,
  type AudioFacts,
  type AudioFormat,
  type AudioReadOptions,
} from './audio-facts.js';

export interface AudioTask {
  bytes: Uint8Array;
  format: AudioFormat;
  options?: AudioReadOptions;
}
/** Errors lose their class between threads: a refusal comes back as data. */
export type AudioResult = { facts: AudioFacts } | { refused: 'undecodable' | 'tooLong' | 'tooCostly'; message: string };

/** Entry of the audio worker threads (a bundle entry of its own: see scripts/build-server.mjs). */
export default async function analyseAudio({ bytes, format, options }: AudioTask): Promise<AudioResult> {
  try {
    return { facts: await readAudioFacts(bytes, format, options) };
  } catch (err) {
    if (!(err instanceof AudioRefusedError)) throw err;
    const refused =
      err instanceof AudioTooLongError ? 'tooLong' : err instanceof AudioTooCostlyError ? 'tooCostly' : 'undecodable';
    return { refused, message: err.message };
  }
}
