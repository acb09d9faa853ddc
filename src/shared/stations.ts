import { z } from 'zod';
import { PublicAd } from './ads.js';
import { NextCursor } from './paging.js';
import { isTimeZone } from './zoned-time.js';

/**
 * Radio stations and their airings (issue 37). A partner registers stations; each airing of an ad on one is
 * detected by the station's stream monitor or reported by the station (as-run log: the API or a CSV import).
 */

/** Airings one request to POST /api/v1/airings (or one CSV import) may carry. */
export const AIRINGS_PER_BATCH = 500;
/** The longest an airing may have been heard (a spot is a few minutes at most). */
export const AIRING_MAX_SECONDS = 600;
/** How many recent airings an ad's public page names. */
export const RECENT_AIRINGS = 5;
/** The largest CSV file the dashboard imports (500 lines of a few fields fit many times over). */
export const AIRINGS_CSV_MAX_BYTES = 256 * 1024;

export const stationMessages = {
  notFound: 'Station not found',
  callSignInvalid: 'Call sign must be 2 to 12 letters, digits or hyphens (e.g. KXRP or WABC-FM)',
  callSignTaken: 'A station with this call sign is already registered',
  nameRequired: 'Name is required',
  timeZoneInvalid: 'Time zone must be an IANA time zone such as America/Chicago',
  streamUrlInvalid: 'Stream URL must be an http:// or https:// address',
  stationUnknown: 'No such station among yours',
  adUnknown: 'No such ad (give its id or its slug)',
  startedAtInvalid: 'started_at must be an ISO 8601 time with its offset, e.g. 2026-11-27T08:14:00-06:00',
  heardInvalid: `heard_seconds must be a number of seconds between 1 and ${AIRING_MAX_SECONDS}`,
  spotIdInvalid: 'spot_id is required: the station’s own id of this spot (1 to 100 characters)',
  batchTooLarge: `At most ${AIRINGS_PER_BATCH} airings per request`,
  batchEmpty: 'Send at least one airing',
  csvEmpty: 'The file has no airings below its header row',
  csvHeader: 'The header row must name the columns started_at, ad and spot_id (heard_seconds and partial are optional)',
  csvTooLarge: `The file is larger than ${AIRINGS_CSV_MAX_BYTES / 1024} KB`,
  csvHasErrors: 'Fix the lines listed, then import again: nothing was imported',
  dateInvalid: 'date must be a day as YYYY-MM-DD',
} as const;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((s) => s || null);

/** The station form and the API's body: one contract. */
export const StationInput = z.object({
  callSign: z
    .string({ error: stationMessages.callSignInvalid })
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9-]{2,12}$/, stationMessages.callSignInvalid)),
  name: z
    .string({ error: stationMessages.nameRequired })
    .trim()
    .min(1, stationMessages.nameRequired)
    .max(100, 'Name must be at most 100 characters'),
  frequency: optionalText(30, 'Frequency'),
  city: optionalText(100, 'City'),
  timeZone: z
    .string({ error: stationMessages.timeZoneInvalid })
    .trim()
    .refine(isTimeZone, stationMessages.timeZoneInvalid),
  streamUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: stationMessages.streamUrlInvalid }).max(2000)], {
      error: stationMessages.streamUrlInvalid,
    })
    .nullish()
    .transform((s) => s || null),
});
export type StationInput = z.output<typeof StationInput>;
export type StationFormValues = z.input<typeof StationInput>;

const isoDateTime = z.iso.datetime({ offset: true });

export const MonitorStatus = z.enum(['idle', 'live', 'offline']);

/** A station as its partner sees it (dashboard and API). */
export const Station = z.object({
  id: z.uuid(),
  callSign: z.string(),
  name: z.string(),
  frequency: z.string().nullable(),
  city: z.string().nullable(),
  timeZone: z.string(),
  logoUrl: z.string().nullable(),
  streamUrl: z.string().nullable(),
  monitorStatus: MonitorStatus.meta({
    description: "'live' while its stream is heard, 'offline' when it cannot be, 'idle' without a stream",
  }),
  offlineSince: isoDateTime.nullable(),
  lastHeardAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Station = z.output<typeof Station>;
export const StationList = z.object({ stations: z.array(Station) });
export type StationList = z.output<typeof StationList>;
/** A page of the v1 list of stations. */
export const StationPage = StationList.extend({ nextCursor: NextCursor });
export type StationPage = z.output<typeof StationPage>;

/** A station as anyone sees it: no stream address. */
export const PublicStation = Station.omit({ streamUrl: true, lastHeardAt: true, createdAt: true, updatedAt: true });
export type PublicStation = z.output<typeof PublicStation>;

export const AiringSource = z.enum(['detected', 'reported']);

/** One reported airing as the API takes it (snake_case, as partners' as-run logs name their fields). */
export const AiringInput = z.object({
  station: z
    .string({ error: stationMessages.stationUnknown })
    .trim()
    .min(1, stationMessages.stationUnknown)
    .max(100, stationMessages.stationUnknown)
    .meta({ description: 'The station’s call sign or id' }),
  ad: z
    .string({ error: stationMessages.adUnknown })
    .trim()
    .min(1, stationMessages.adUnknown)
    .max(300, stationMessages.adUnknown)
    .meta({ description: 'The ad’s id or slug' }),
  started_at: z.iso.datetime({ offset: true, error: stationMessages.startedAtInvalid }),
  heard_seconds: z
    .number({ error: stationMessages.heardInvalid })
    .min(1, stationMessages.heardInvalid)
    .max(AIRING_MAX_SECONDS, stationMessages.heardInvalid)
    .optional()
    .meta({ description: 'How long it ran; the ad’s own length when left out' }),
  partial: z.boolean({ error: 'partial must be true or false' }).optional(),
  spot_id: z
    .string({ error: stationMessages.spotIdInvalid })
    .trim()
    .min(1, stationMessages.spotIdInvalid)
    .max(100, stationMessages.spotIdInvalid),
});
export type AiringInput = z.output<typeof AiringInput>;

/** One airing, or many: a batch is checked whole before anything is written. */
export const AiringsBody = z.union([
  AiringInput,
  z.array(AiringInput).min(1, stationMessages.batchEmpty).max(AIRINGS_PER_BATCH, stationMessages.batchTooLarge),
]);

/** An airing as its station's partner and the ad's owner see it. */
export const Airing = z.object({
  id: z.uuid(),
  stationId: z.uuid(),
  callSign: z.string(),
  stationName: z.string(),
  timeZone: z.string(),
  adId: z.uuid(),
  adSlug: z.string(),
  adTitle: z.string(),
  startedAt: isoDateTime,
  heardMs: z.int(),
  partial: z.boolean(),
  source: AiringSource,
  confidence: z.number().nullable(),
  spotId: z.string().nullable(),
});
export type Airing = z.output<typeof Airing>;
export const AiringList = z.object({ airings: z.array(Airing) });
export type AiringList = z.output<typeof AiringList>;
/** A page of the v1 list of a station's airings. */
export const AiringPage = AiringList.extend({ nextCursor: NextCursor });
export type AiringPage = z.output<typeof AiringPage>;

export const AiringsPosted = z.object({
  airings: z.array(
    Airing.extend({ created: z.boolean().meta({ description: 'false: an earlier post of this spot_id' }) }),
  ),
  created: z.int(),
});
export type AiringsPosted = z.output<typeof AiringsPosted>;

/** The CSV import: the file's text; `dryRun` checks and previews without writing. */
export const AiringsCsvBody = z.object({
  csv: z.string().max(AIRINGS_CSV_MAX_BYTES, stationMessages.csvTooLarge),
  dryRun: z.boolean().default(false),
});
export const CsvLineError = z.object({ line: z.int(), message: z.string() });
export const AiringsCsvResult = z.object({
  /** Lines that would be (or were) imported. */
  rows: z.int(),
  errors: z.array(CsvLineError),
  imported: z.int(),
  duplicates: z.int(),
});
export type AiringsCsvResult = z.output<typeof AiringsCsvResult>;

const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, stationMessages.dateInvalid);

export const StationDayQuery = z.object({
  date: localDay.optional(),
  hour: z.coerce
    .number({ error: 'hour must be a whole number from 0 to 23' })
    .int('hour must be a whole number from 0 to 23')
    .min(0, 'hour must be a whole number from 0 to 23')
    .max(23, 'hour must be a whole number from 0 to 23')
    .optional(),
});
export type StationDayQuery = z.output<typeof StationDayQuery>;

/** A station's public page: what aired on one day (its own zone), by time. */
export const StationDay = z.object({
  station: PublicStation,
  /** The day shown, in the station's zone; today's when none was asked. */
  date: z.string(),
  today: z.string(),
  hour: z.int().nullable(),
  airings: z.array(
    z.object({
      id: z.uuid(),
      startedAt: isoDateTime,
      heardMs: z.int(),
      partial: z.boolean(),
      source: AiringSource,
      ad: PublicAd,
    }),
  ),
});
export type StationDay = z.output<typeof StationDay>;
