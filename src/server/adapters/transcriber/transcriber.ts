import type { TranscriptSegment } from '../../../shared/transcripts.js';

/** An audio file to transcribe, as stored. */
export interface AudioFile {
  bytes: Uint8Array;
  /** Its name with the extension the service reads the format from ('spot.mp3'). */
  filename: string;
  contentType: string;
}

/** What was heard: the text, and its timed lines when the service gave them (seconds from the start). */
export interface Transcription {
  text: string;
  segments: TranscriptSegment[] | null;
}

/** Speech to text. One adapter: the OpenAI-compatible API (openai-compatible.ts). */
export interface Transcriber {
  /** Rejects with a TranscriberError that says whether trying again later may succeed. */
  transcribe(audio: AudioFile, signal?: AbortSignal): Promise<Transcription>;
}

/**
 * A transcription that did not succeed. `retryable`: a timeout, a network failure, a busy or failing
 * service, or an answer that could not be read; else the service refused the request itself (bad audio,
 * bad key, unknown model), which the same request will not change. `retryAfterMs`: how long the service
 * asked to wait (429's Retry-After).
 */
export class TranscriberError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'TranscriberError';
  }
}
