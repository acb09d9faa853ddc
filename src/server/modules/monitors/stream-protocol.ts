/** Messages between the main thread and the stream monitors' thread (stream-worker.ts). */
export type StreamCommand =
  | { type: 'open'; id: string; url: string; userAgent: string }
  | { type: 'close'; id: string }
  /** Ends every stream; answered by 'closed' once every ffmpeg process has exited. */
  | { type: 'close-all' };

export type StreamEvent =
  | {
      type: 'audio';
      id: string;
      /** Landmarks completed since the last batch; `frames` counted from the connection's first sample. */
      hashes: Int32Array;
      frames: Int32Array;
      /** Samples decoded since the connection began (FINGERPRINT_SAMPLE_RATE a second). */
      samples: number;
      /** When the newest of them arrived (ms since the epoch). */
      receivedAt: number;
    }
  | { type: 'closed' }
  | {
      type: 'ended';
      id: string;
      /** Why the stream ended; null when it was closed on purpose. */
      error: string | null;
    };
