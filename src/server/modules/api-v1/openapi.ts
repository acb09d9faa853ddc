import { z } from 'zod';
import { AdInput, FILE_RULES, type PublicAd } from '../../../shared/ads.js';
import { AnalyticsQuery, DEVICE_CLASSES, PERIODS, type AnalyticsSummary } from '../../../shared/analytics.js';
import { API_REQUESTS_PER_MINUTE } from '../../../shared/api-keys.js';
import { CATEGORIES } from '../../../shared/categories.js';

/*
 * Responses are plain objects typed by interfaces in src/shared; these schemas describe them for the
 * document, and the compiler checks below keep the two identical.
 */
const iso = z.iso.datetime();
const Ad = z.object({
  id: z.uuid(),
  userId: z.string(),
  title: z.string(),
  slug: z.string().meta({ description: 'The ad page is {origin}/ad/{slug}' }),
  businessName: z.string(),
  description: z.string().nullable(),
  category: z.enum(CATEGORIES),
  location: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  phone: z.string().nullable(),
  audioUrl: z.string().meta({ description: 'Path (or URL) of the MP3 file' }),
  logoUrl: z.string().nullable(),
  audioDurationMs: z.int().nullable(),
  waveformPeaks: z.array(z.number()).nullable().meta({ description: '40 bars between 0 and 1' }),
  status: z.string(),
  isActive: z.boolean(),
  isFeatured: z.boolean(),
  createdAt: iso,
  updatedAt: iso,
});

const counts = { plays: z.int(), clicks: z.int(), shares: z.int(), qrScans: z.int(), listeners: z.int() };
const Summary = z.object({
  period: z.enum(PERIODS),
  from: z.iso.date().nullable(),
  to: z.iso.date(),
  totals: z.object({ ...counts, ads: z.int(), activeAds: z.int() }),
  daily: z.array(z.object({ day: z.iso.date(), play: z.int(), click: z.int(), share: z.int(), qr_scan: z.int() })),
  sources: z.array(z.object({ source: z.string(), events: z.int() })).meta({
    description: 'Events by source: direct, qr, embed, share, or the host of a referring site',
  }),
  devices: z.array(z.object({ device: z.enum(DEVICE_CLASSES), events: z.int() })),
  ads: z.array(z.object({ id: z.uuid(), title: z.string(), slug: z.string(), isActive: z.boolean(), ...counts })),
});

const ErrorBody = z
  .object({ statusCode: z.int(), error: z.string(), message: z.string() })
  .meta({ description: 'Every error answer; message says what went wrong' });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameAd: Same<z.output<typeof Ad>, PublicAd> = true;
const sameSummary: Same<z.output<typeof Summary>, AnalyticsSummary> = true;
void [sameAd, sameSummary];

type Json = Record<string, unknown>;

/** A contract as JSON Schema of what a client sends (input side of transforms and defaults). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Json;
  return json;
}
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The ad form as multipart: AdInput's fields plus the two files. */
function adForm(audioRequired: boolean): Json {
  const fields = schemaOf(AdInput) as { properties: Json; required: string[] };
  const file = (field: keyof typeof FILE_RULES, description: string) => ({
    type: 'string',
    format: 'binary',
    contentMediaType: FILE_RULES[field].accept,
    description,
  });
  return {
    type: 'object',
    properties: {
      ...fields.properties,
      audio: file(
        'audio',
        `MP3, at most ${FILE_RULES.audio.maxMb} MB${audioRequired ? '' : '; omit to keep the current one'}`,
      ),
      logo: file('logo', `PNG, JPEG, WebP or GIF, at most ${FILE_RULES.logo.maxMb} MB; optional`),
    },
    required: audioRequired ? [...fields.required, 'audio'] : fields.required,
  };
}

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});
const json = (description: string, schema: Json) => ({ description, content: { 'application/json': { schema } } });
const COMMON = {
  '401': error('Missing, malformed or revoked API key'),
  '429': {
    ...error(`More than ${API_REQUESTS_PER_MINUTE} requests in a minute with this key`),
    headers: {
      'retry-after': { description: 'Seconds until requests are accepted again', schema: { type: 'integer' } },
    },
  },
};
const NOT_FOUND = { '404': error("No such ad among the key owner's ads (someone else's ad answers the same)") };
const FORM_ERRORS = {
  '400': error("Invalid field (the message names it, e.g. 'Title must be at least 3 characters') or missing audio"),
  '413': error("A file is over its limit ('File size exceeds 10MB limit.')"),
  '415': error("A file is not what its field needs ('Invalid file type. Please select a audio file.')"),
};
const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The ad id',
  schema: { type: 'string', format: 'uuid' },
};
const multipart = (audioRequired: boolean) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: ref(audioRequired ? 'AdCreateForm' : 'AdUpdateForm'),
      encoding: { audio: { contentType: 'audio/mpeg' }, logo: { contentType: FILE_RULES.logo.accept } },
    },
  },
});

/** The OpenAPI 3.1 document of the public API, built from the schemas the server validates with. */
export function buildOpenApiDocument(origin: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'AdReplay API',
      version: '1.0.0',
      description:
        'Create, update, list and delete your own ads with their audio and logo, and read their analytics. ' +
        `Create a key in Settings (${origin}/dashboard/settings) and send it as \`Authorization: Bearer <key>\`. ` +
        `Each key may make ${API_REQUESTS_PER_MINUTE} requests a minute. Guide: ${origin}/docs/integration`,
    },
    servers: [{ url: origin }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from Settings, e.g. adr_…; keys are shown once and can be revoked at any time',
        },
      },
      schemas: {
        AdCreateForm: adForm(true),
        AdUpdateForm: adForm(false),
        Ad: schemaOf(Ad, 'output'),
        AdList: {
          type: 'object',
          properties: { ads: { type: 'array', items: ref('Ad') }, count: { type: 'integer' } },
          required: ['ads', 'count'],
        },
        AnalyticsSummary: schemaOf(Summary, 'output'),
        Error: schemaOf(ErrorBody, 'output'),
      },
    },
    paths: {
      '/api/v1/ads': {
        get: {
          operationId: 'listAds',
          summary: 'List your ads, newest first (any status, active or not)',
          responses: { '200': json('Your ads and their number', ref('AdList')), ...COMMON },
        },
        post: {
          operationId: 'createAd',
          summary: 'Create an ad from the same fields and files as the dashboard form',
          description: "Counts towards the plan's monthly ad limit. The ad is published at once.",
          requestBody: multipart(true),
          responses: {
            '201': json('The new ad', ref('Ad')),
            ...FORM_ERRORS,
            '403': error(
              "The plan's monthly limit is reached ('You have reached your ad creation limit for this month')",
            ),
            ...COMMON,
          },
        },
      },
      '/api/v1/ads/{id}': {
        parameters: [idParam],
        get: {
          operationId: 'getAd',
          summary: 'One of your ads',
          responses: { '200': json('The ad', ref('Ad')), ...NOT_FOUND, ...COMMON },
        },
        put: {
          operationId: 'updateAd',
          summary: 'Replace the fields of an ad; files sent replace the stored ones',
          description: 'Status and featured state never change here. Fields left out are cleared, as in the form.',
          requestBody: multipart(false),
          responses: { '200': json('The updated ad', ref('Ad')), ...FORM_ERRORS, ...NOT_FOUND, ...COMMON },
        },
        delete: {
          operationId: 'deleteAd',
          summary: 'Delete an ad and its files',
          responses: { '204': { description: 'Deleted' }, ...NOT_FOUND, ...COMMON },
        },
      },
      '/api/v1/ads/{id}/analytics': {
        parameters: [idParam],
        get: {
          operationId: 'getAdAnalytics',
          summary: "An ad's plays, clicks, shares and QR scans over a period, by day, source and device",
          parameters: [
            {
              name: 'period',
              in: 'query',
              required: false,
              description: 'Whole UTC days up to today, or all time',
              schema: schemaOf(AnalyticsQuery.shape.period),
            },
          ],
          responses: {
            '200': json('The figures', ref('AnalyticsSummary')),
            '400': error('Unknown period'),
            ...NOT_FOUND,
            ...COMMON,
          },
        },
      },
      '/api/v1/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          summary: 'This document',
          security: [],
          responses: { '200': json('OpenAPI 3.1', { type: 'object' }) },
        },
      },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
