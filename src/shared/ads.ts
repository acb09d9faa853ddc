import { z } from 'zod';
import { CATEGORIES, type Category } from './categories.js';
import {
  AUDIO_FORMATS_TEXT,
  AUDIO_MAX_MB,
  AUDIO_BUDGET_RATE,
  AUDIO_MAX_SECONDS,
  LOGO_FORMATS_TEXT,
  LOGO_MAX_MB,
  LOGO_MAX_MEGAPIXELS,
  LOGO_MAX_SIDE_PX,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  PAGE_SIZE,
  UPLOADS_PER_HOUR,
} from './limits.js';
import { MAX_TRANSCRIPT_LENGTH, MAX_TRANSCRIPT_SEGMENTS } from './transcripts.js';
import { DAY_PART_NAMES, type DayPart } from './zoned-time.js';

/** Query of the public ads list (directory, featured sections, related ads). */
export const AdListQuery = z.object({
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional()
    .transform((s) => s?.trim() || undefined),
  category: z
    .union([z.literal('all'), z.enum(CATEGORIES)], {
      error: `category must be 'all' or one of: ${CATEGORIES.join(', ')}`,
    })
    .optional()
    .transform((c) => (c === 'all' ? undefined : c)),
  location: z
    .string()
    .max(100, 'location must be at most 100 characters')
    .optional()
    .transform((s) => s?.trim() || undefined),
  featured: z
    .enum(['true', 'false'], { error: "featured must be 'true' or 'false'" })
    .optional()
    .transform((f) => (f === undefined ? undefined : f === 'true')),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(0, 'page must be 0 or more')
    .max(100_000, 'page is too large')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
  station: z
    .string()
    .trim()
    .max(12, 'station must be a call sign')
    .optional()
    .transform((s) => s?.toUpperCase() || undefined)
    .meta({ description: 'Only ads that aired on this station (its call sign)' }),
  aired: z
    .enum(DAY_PART_NAMES, { error: `aired must be one of: ${DAY_PART_NAMES.join(', ')}` })
    .optional()
    .meta({ description: "Only ads that aired today, or in this part of the day, in the station's own time zone" }),
});
export type AdListQuery = z.output<typeof AdListQuery>;
/** What a client sends (as query-string values). */
export interface AdListParams {
  search?: string;
  category?: Category | 'all';
  location?: string;
  featured?: boolean;
  page?: number;
  limit?: number;
  station?: string;
  aired?: DayPart;
}

/** An ad's recent airing as its public page names it ('Aired on KXRP, Tue 8:14 AM'). */
export const AiringMention = z.object({
  callSign: z.string(),
  stationName: z.string(),
  timeZone: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
  localTime: z.string().meta({ description: "When it aired, in the station's time zone: 'Tue 8:14 AM'" }),
});
export type AiringMention = z.output<typeof AiringMention>;

const isoDateTime = z.iso.datetime({ offset: true });

/** A timed line as responses carry it (the input schema also checks its order). */
const TranscriptSegmentOut = z.object({ start: z.number(), end: z.number(), text: z.string() });

/** A run of text; `hit` marks words that matched the search. Rendered as text, never as HTML. */
export const HighlightPart = z.object({ text: z.string(), hit: z.literal(true).optional() });
export type HighlightPart = z.output<typeof HighlightPart>;

export const SearchMatch = z.object({
  /** The title with its matching words marked, when the title matched. */
  title: z.array(HighlightPart).nullable(),
  /** The matching words in context: a passage of the transcript, else of the description, else the phone number. */
  snippet: z.array(HighlightPart).nullable(),
  snippetFrom: z.enum(['transcript', 'description', 'phone']).nullable(),
});
export type SearchMatch = z.output<typeof SearchMatch>;

/** An ad as the public pages and lists return it: nothing about its owner's account. */
export const PublicAd = z
  .object({
    id: z.uuid(),
    title: z.string(),
    slug: z.string().meta({ description: 'The ad page is {origin}/ad/{slug}' }),
    businessName: z.string(),
    description: z.string().nullable(),
    category: z.enum(CATEGORIES),
    location: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    phone: z.string().nullable(),
    audioUrl: z.string().meta({ description: 'Path (or URL) of the audio file' }),
    audioType: z.string().nullable().meta({ description: 'Media type of the audio file, e.g. audio/mpeg' }),
    logoUrl: z.string().nullable(),
    audioDurationMs: z.int().nullable(),
    waveformPeaks: z.array(z.number()).nullable().meta({ description: '40 bars between 0 and 1' }),
    status: z.string(),
    isActive: z.boolean(),
    isFeatured: z.boolean(),
    transcript: z.string().nullable().meta({ description: 'What is said in the ad; null when not given' }),
    transcriptSegments: z
      .array(TranscriptSegmentOut)
      .nullable()
      .meta({ description: 'Timed lines of the transcript, in seconds, when known' }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    match: SearchMatch.optional().meta({ description: 'With a search: why the ad matched' }),
    airedOn: z
      .array(AiringMention)
      .optional()
      .meta({ description: 'On the ad page: its latest airings, newest first' }),
  })
  .meta({ description: 'An ad' });
export type PublicAd = z.output<typeof PublicAd>;

/**
 * The automatic transcription of an ad's current audio: 'off' when this server has no transcriber;
 * pending and running while it is being transcribed; done (the transcript holds the result, unless
 * nothing was heard); failed (error says why); kept (the owner's own transcript was kept).
 */
export const TRANSCRIPTION_STATUSES = ['off', 'pending', 'running', 'done', 'failed', 'kept'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];
export const TranscriptionState = z
  .object({
    status: z.enum(TRANSCRIPTION_STATUSES),
    error: z.string().nullable().meta({ description: 'Why it failed, when it did' }),
    updatedAt: isoDateTime.nullable(),
  })
  .meta({ description: "Automatic transcription of the ad's current audio" });
export type TranscriptionState = z.output<typeof TranscriptionState>;

/** An ad as its owner sees it (dashboard, partner API): with the owning account's id. */
export const OwnAd = PublicAd.extend({
  userId: z.string(),
  transcription: TranscriptionState.nullable().meta({
    description:
      "Automatic transcription of the current audio; null when it was uploaded while this server's transcription was off",
  }),
}).meta({ description: 'One of your ads' });
export type OwnAd = z.output<typeof OwnAd>;

/** The owner's ads in the dashboard: every status, newest first. */
export const MyAdList = z.object({ ads: z.array(OwnAd) });

/** A page of the public list, with the number of all matches. */
export const AdListResponse = z.object({
  ads: z.array(PublicAd),
  count: z.int(),
  /** Set when the search as typed matched nothing and a spelling correction did: the results are for it. */
  didYouMean: z.string().optional(),
});
export type AdListResponse = z.output<typeof AdListResponse>;

/** Query of the suggestions shown while typing. */
export const AdSuggestQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters`)
    .transform((s) => s.trim()),
});

export const AdSuggestion = z.object({
  slug: z.string(),
  title: z.string(),
  businessName: z.string(),
  /** The title with its matching words marked. */
  titleParts: z.array(HighlightPart),
});
export type AdSuggestion = z.output<typeof AdSuggestion>;

export const AdSuggestResponse = z.object({
  suggestions: z.array(AdSuggestion),
  didYouMean: z.string().optional(),
});
export type AdSuggestResponse = z.output<typeof AdSuggestResponse>;

/** The slug rule of spec section 7: lowercased title, non-alphanumerics as hyphens, plus a timestamp. */
export function slugify(title: string, timestamp: number): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'ad'}-${timestamp}`;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((s) => s || null);

/** One timed line of a transcript, as the ad form and the partner API send it. */
export const TranscriptSegmentSchema = z
  .object({
    start: z.number().min(0, 'segment start must be 0 or more').max(86_400),
    end: z.number().min(0, 'segment end must be 0 or more').max(86_400),
    text: z.string().trim().min(1, 'segment text is required').max(2_000),
  })
  .refine((s) => s.end >= s.start, 'segment end must not be before its start');

/**
 * A website as people type it: 'rosasbakery.example.com' or 'www.rosas.example/menu' mean https://…, so an
 * address without a scheme gets https:// in front. Anything else is left for the URL check to refuse.
 */
export function normaliseWebsite(input: string): string {
  const s = input.trim();
  if (!s || /^[a-z][a-z\d+.-]*:\/\//i.test(s)) return s;
  // A bare host (name.tld, optionally with a port, path or query): no other scheme, no spaces.
  return /^(\/\/)?[^\s/:@]+\.[^\s/:@]+(:\d+)?([/?#]\S*)?$/.test(s) ? `https://${s.replace(/^\/\//, '')}` : s;
}

/**
 * The website field of an ad and of a profile, one contract for the form and the API: empty is none (null),
 * a bare address is normalised to https://, and what is still not an http(s) URL gets the spec's message.
 */
export const WebsiteUrl = z
  .string()
  .trim()
  .transform(normaliseWebsite)
  .pipe(
    z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Must be a valid URL' }).max(500)], {
      error: 'Must be a valid URL',
    }),
  )
  .optional()
  .nullable()
  .transform((s) => s || null);

/** The ad form (spec section 5): the dashboard form validates with it and the API parses with it. */
export const AdInput = z.object({
  title: z
    .string()
    .trim()
    .min(3, 'Title must be at least 3 characters')
    .max(120, 'Title must be at most 120 characters'),
  business_name: z
    .string({ error: 'Business name is required' })
    .trim()
    .min(1, 'Business name is required')
    .max(120, 'Business name must be at most 120 characters'),
  category: z.enum(CATEGORIES, { error: 'Category is required' }),
  location: optionalText(120),
  description: optionalText(2000),
  website_url: WebsiteUrl,
  phone: optionalText(40),
  is_active: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(true)
    .transform((v) => v === true || v === 'true'),
  /** Editing only: drop the current logo (a logo sent with the same request replaces it instead). */
  remove_logo: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((v) => v === true || v === 'true'),
  /**
   * What is said in the ad. Plain text, or one '[m:ss] line' per line for timed lines. Omitted on an
   * edit: the transcript is left as it is.
   */
  transcript: z
    .string()
    .max(MAX_TRANSCRIPT_LENGTH, `Transcript must be at most ${MAX_TRANSCRIPT_LENGTH} characters`)
    .optional(),
  /** Timed lines as JSON (the partner API); when given, the transcript text is their text. */
  transcript_segments: z
    .union([
      z.array(TranscriptSegmentSchema).max(MAX_TRANSCRIPT_SEGMENTS, 'Too many transcript segments'),
      z.string().transform((s, ctx) => {
        // A form's empty field clears the timed lines, as null (an empty array) does in JSON.
        if (s.trim() === '') return [];
        try {
          return z.array(TranscriptSegmentSchema).max(MAX_TRANSCRIPT_SEGMENTS).parse(JSON.parse(s));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'transcript_segments must be a JSON array of {start, end, text}' });
          return z.NEVER;
        }
      }),
    ])
    .optional(),
});
export type AdInput = z.output<typeof AdInput>;
export type AdFormValues = z.input<typeof AdInput>;

/** File rules of spec section 5, checked in the form and again (by the bytes) on the server. */
export const FILE_RULES = {
  // Formats the server decodes (by the bytes); the picker offers these, the spec's audio/* rule stays the first check.
  audio: {
    kind: 'audio',
    maxMb: AUDIO_MAX_MB,
    accept: 'audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,.m4a,.aac,audio/wav,audio/flac,audio/ogg,audio/opus',
    formats: AUDIO_FORMATS_TEXT,
  },
  logo: {
    kind: 'image',
    maxMb: LOGO_MAX_MB,
    accept: 'image/png,image/jpeg,image/webp,image/gif',
    formats: LOGO_FORMATS_TEXT,
  },
} as const;
export type FileField = keyof typeof FILE_RULES;
/** The per-file limit in bytes; the one source of every size check. */
export const maxBytesOf = (field: FileField) => FILE_RULES[field].maxMb * 1024 * 1024;

const fileOf = (field: FileField, description: string) =>
  z.file().max(maxBytesOf(field)).meta({ description, contentMediaType: FILE_RULES[field].accept });
const logoFile = fileOf('logo', `${FILE_RULES.logo.formats}, at most ${FILE_RULES.logo.maxMb} MB; optional`).optional();
const audioRule = `${FILE_RULES.audio.formats}, at most ${FILE_RULES.audio.maxMb} MB and ${AUDIO_MAX_SECONDS / 60} minutes`;

/** The ad form as multipart, as the API documents it: AdInput's fields plus the two files. */
export const AdCreateForm = AdInput.extend({
  audio: fileOf('audio', audioRule),
  logo: logoFile,
});
export const AdUpdateForm = AdInput.extend({
  audio: fileOf('audio', `${audioRule}; omit to keep the current one`).optional(),
  logo: logoFile,
});

/**
 * A partial edit (PATCH): only the fields sent change. In JSON, null clears a field that may be empty
 * (location, description, website_url, phone, transcript, logo); in multipart, an empty value does.
 */
export const AdPatchForm = AdUpdateForm.partial().extend({
  location: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  website_url: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  transcript: z.string().nullable().optional(),
  logo: logoFile.nullable().meta({ description: 'A new logo; null (JSON) removes the current one' }),
});
/** The fields of the ad form a PATCH may send; the rest of a body is ignored. */
export const AD_PATCH_FIELDS = [
  'title',
  'business_name',
  'category',
  'location',
  'description',
  'website_url',
  'phone',
  'is_active',
  'remove_logo',
  'transcript',
  'transcript_segments',
] as const;

export const fileMessages = {
  invalidType: (kind: 'audio' | 'image') => `Invalid file type. Please select a ${kind} file.`,
  tooLarge: (maxMb: number) => `File size exceeds ${maxMb}MB limit.`,
  audioRequired: 'Audio file is required',
  /** Bytes of a known format that do not decode to anything playable; `format` as the picker names it. */
  undecodable: (format: string) => `The audio file could not be decoded. Please upload a valid ${format} file.`,
  audioTooLong: `The audio is longer than ${AUDIO_MAX_SECONDS / 60} minutes. Ads can be at most ${AUDIO_MAX_SECONDS / 60} minutes long.`,
  /** Over the decoding budget (limits.ts): `seconds` is the length limit it was given for. */
  audioTooCostly: (channels: number, rateHz: number, seconds: number = AUDIO_MAX_SECONDS) =>
    `The audio has too many samples to process (${channels} channels at ${rateHz / 1000} kHz). At most ${
      seconds % 60 === 0 && seconds > 60 ? `${seconds / 60} minutes` : `${seconds} seconds`
    } of stereo ${AUDIO_BUDGET_RATE / 1000} kHz audio are accepted, or as many samples with fewer channels or a lower rate.`,
  imageTooLarge: `The image is too large. Logos can be at most ${LOGO_MAX_SIDE_PX} pixels on a side and ${LOGO_MAX_MEGAPIXELS} megapixels.`,
  audioBusy: 'Too many audio files are being processed right now. Please try again in a few seconds.',
  /** One caller's share of the audio workers is taken by its own files. */
  audioCallerBusy: 'Your other audio files are still being processed. Please wait for them to finish and try again.',
  tooManyUploads: `You have saved ads ${UPLOADS_PER_HOUR} times in the last hour. Please wait a while before saving again.`,
} as const;

/** Spec section 8: the ad texts the server throws and the dashboard form and table show. */
export const adMessages = {
  notLoggedIn: 'You must be logged in to create an ad',
  requiredFields: 'Please fill in all required fields',
  uploadError: (message: string) => `Upload Error: ${message}`,
  audioUploadFailed: (message: string) => `Audio upload failed: ${message}`,
  imageUploadFailed: (message: string) => `Image upload failed: ${message}`,
  createFailed: (message: string) => `Failed to create ad: ${message}`,
  createFailedGeneric: 'Failed to create ad. Please try again.',
  updateFailed: (message: string) => `Failed to update ad: ${message}`,
  deleteFailed: (message: string) => `Failed to delete ad: ${message}`,
  // The 'Ad creation failures' table: what the form shows when the message names a cause.
  audioFilesFailure: 'Audio file upload failed. Please try uploading a different audio file.',
  imagesFailure: 'Image upload failed. Please try uploading a different image.',
  userIdFailure: 'Authentication error. Please try logging out and back in.',
  slugFailure: 'Please try a different ad title.',
  created: 'Ad created successfully!',
  updated: 'Ad updated successfully!',
  deleted: 'Ad deleted successfully',
  activated: 'Ad activated',
  deactivated: 'Ad deactivated',
  featured: 'Added to featured',
  unfeatured: 'Removed from featured',
  // 'Screens and silent fallbacks': the dashboard's ads failed to load.
  loadFailedTitle: 'Unable to load your ads',
  loadFailedText: 'There was an issue loading your ads. This might be a temporary issue.',
  unknownError: 'Unknown error',
  notAuthenticatedNote: 'Note: User not authenticated',
} as const;
