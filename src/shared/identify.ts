import { z } from 'zod';
import { FILE_RULES, maxBytesOf, PublicAd } from './ads.js';
import { FRAME_SECONDS } from './fingerprint/index.js';
import { AUDIO_MAX_SECONDS, IDENTIFY_MAX_LANDMARKS, UPLOADS_PER_HOUR } from './limits.js';

/**
 * Identification by sound: the Listen button sends the landmarks it computed from the microphone (never
 * audio) to POST /api/identify; partners send a short recording to POST /api/v1/identify.
 */

/** Longest stretch of listening one query may describe: the page listens for 12 s at most. */
export const IDENTIFY_MAX_SECONDS = 15;
/** Highest frame a landmark of a query may carry. */
export const IDENTIFY_MAX_FRAME = Math.ceil(IDENTIFY_MAX_SECONDS / FRAME_SECONDS);
/** Queries per client and minute: the page sends one every ~2 s for at most 12 s. */
export const IDENTIFY_PER_MINUTE = 30;
/**
 * Recordings the partner API identifies per address and minute, whatever key sends them (each key has its
 * own limit too): several keys from one network share the decoder as one client.
 */
export const IDENTIFY_RECORDINGS_PER_MINUTE = 10;
/** Candidates an answer lists at most, best first. */
export const IDENTIFY_CANDIDATES = 5;
/** Longest recording the partner API identifies. */
export const IDENTIFY_FILE_MAX_SECONDS = 60;
/**
 * Recordings identified per API key in an hour: the decoding budget of the hour's uploads
 * (UPLOADS_PER_HOUR files of up to AUDIO_MAX_SECONDS), in recordings of up to IDENTIFY_FILE_MAX_SECONDS.
 */
export const IDENTIFY_RECORDINGS_PER_HOUR = (UPLOADS_PER_HOUR * AUDIO_MAX_SECONDS) / IDENTIFY_FILE_MAX_SECONDS;

export const identifyMessages = {
  empty: 'landmarks must hold at least one landmark',
  tooMany: `landmarks must hold at most ${IDENTIFY_MAX_LANDMARKS} landmarks`,
  landmark: `Each landmark must be [hash, t]: hash an integer from 0 to 4294967295, t an integer from 0 to ${IDENTIFY_MAX_FRAME}`,
  tooManyRequests: 'Too many identification requests from this client; try again in a minute',
  tooManyRecordingsFromAddress: `Too many recordings from this address: at most ${IDENTIFY_RECORDINGS_PER_MINUTE} a minute; try again in a minute`,
  fileRequired: 'A recording is required in the file field',
  recordingTooLong: `The recording must be at most ${IDENTIFY_FILE_MAX_SECONDS} seconds long`,
  tooManyRecordingsWithKey: `More than ${IDENTIFY_RECORDINGS_PER_HOUR} recordings identified with this key in the last hour; try again later`,
} as const;

const Landmark = z.tuple(
  [
    z
      .int({ error: identifyMessages.landmark })
      .min(0, identifyMessages.landmark)
      .max(0xffffffff, identifyMessages.landmark),
    z
      .int({ error: identifyMessages.landmark })
      .min(0, identifyMessages.landmark)
      .max(IDENTIFY_MAX_FRAME, identifyMessages.landmark),
  ],
  { error: identifyMessages.landmark },
);

/** POST /api/identify: landmarks of what the microphone heard, as [hash, frame] pairs. */
export const IdentifyInput = z
  .object({
    landmarks: z
      .array(Landmark, { error: 'landmarks must be an array of [hash, t] pairs' })
      .min(1, identifyMessages.empty)
      .max(IDENTIFY_MAX_LANDMARKS, identifyMessages.tooMany)
      .meta({
        description: `Landmarks of the recording (src/shared/fingerprint): [hash (unsigned 32-bit), t (frame of ${FRAME_SECONDS} s from the start of listening)]`,
      }),
  })
  .strict();
export type IdentifyInput = z.output<typeof IdentifyInput>;

/** An ad that sounds like the recording: what its card needs, and how sure the match is. */
export const IdentifyCandidate = PublicAd.pick({
  slug: true,
  title: true,
  businessName: true,
  category: true,
  logoUrl: true,
})
  .extend({
    confidence: z.number().min(0).max(1).meta({
      description:
        'How far the alignment clears the confidence test (many landmarks, across the recording, well ahead of other ads), 0 to 1; a match from 0.5',
    }),
    offsetSeconds: z.number().meta({ description: "Where in the ad's audio the recording starts, in seconds" }),
  })
  .meta({ description: 'An ad whose audio matches the recording' });
export type IdentifyCandidate = z.output<typeof IdentifyCandidate>;

export const IdentifyResponse = z
  .object({
    match: IdentifyCandidate.nullable().meta({
      description: 'The ad heard, when the best candidate is a confident match; otherwise null',
    }),
    candidates: z.array(IdentifyCandidate).meta({ description: 'The best-aligned ads, best first (at most 5)' }),
  })
  .meta({ description: 'What the recording sounds like' });
export type IdentifyResponse = z.output<typeof IdentifyResponse>;

/** POST /api/v1/identify: a short recording in any accepted audio format. */
export const IdentifyFileForm = z
  .object({
    file: z
      .file()
      .max(maxBytesOf('audio'))
      .meta({
        description: `The recording: ${FILE_RULES.audio.formats}, at most ${FILE_RULES.audio.maxMb} MB and ${IDENTIFY_FILE_MAX_SECONDS} seconds`,
        contentMediaType: FILE_RULES.audio.accept,
      }),
  })
  .meta({ description: 'A recording to identify' });
