import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RateLimitStore } from '../../adapters/redis/redis.js';
import { z } from 'zod';
import { AdCreateForm, AdPatchForm, AdUpdateForm, FILE_RULES, fileMessages, OwnAd } from '../../../shared/ads.js';
import { AnalyticsQuery, AnalyticsSummary } from '../../../shared/analytics.js';
import {
  AiringPage,
  AiringsBody,
  AiringsPosted,
  AIRINGS_PER_BATCH,
  Station,
  StationInput,
  StationPage,
  stationMessages,
} from '../../../shared/stations.js';
import { API_REQUESTS_PER_MINUTE, apiKeyMessages } from '../../../shared/api-keys.js';
import {
  IDENTIFY_FILE_MAX_SECONDS,
  IDENTIFY_RECORDINGS_PER_HOUR,
  IDENTIFY_RECORDINGS_PER_MINUTE,
  IdentifyFileForm,
  IdentifyResponse,
  identifyMessages,
} from '../../../shared/identify.js';
import { AUDIO_MAX_SECONDS, UPLOADS_PER_HOUR } from '../../../shared/limits.js';
import { NextCursor, PAGE_DEFAULT, PAGE_MAX, PageQuery, pagingMessages } from '../../../shared/paging.js';
import { callerOf } from '../../caller.js';
import { clientOf } from '../../client-address.js';
import { NotFoundError, rateLimitError } from '../../errors.js';
import { draftRateLimitHeaders, routeLimit } from '../../route-limit.js';
import { IdParams, streamedForm } from '../../route-schemas.js';
import { refuseUnreadUploads, uploadRateLimit, type AdForm } from '../ads/ad-form.js';
import type { MyAdsService } from '../ads/my-ads.service.js';
import type { AnalyticsService } from '../analytics/analytics.service.js';
import type { RequireApiKey } from '../api-keys/require-api-key.js';
import type { IdentifyService } from '../identify/identify.service.js';
import type { Idempotency } from '../idempotency/idempotency.service.js';
import type { StationsService } from '../stations/stations.service.js';
import { readLogo } from '../stations/station-logo.js';
import { readRecording } from '../identify/recording.js';
import { errorResponse, noContent } from './openapi.js';

/** The ad id of the path; one that cannot exist answers like someone else's ad. */
const AdIdParams = IdParams('Ad not found');
const PeriodQuery = AnalyticsQuery.pick({ period: true });
const AdPage = z.object({
  ads: z.array(OwnAd),
  count: z.int().meta({ description: 'The number of ads in this page' }),
  nextCursor: NextCursor,
});
const PAGING = `Paged by cursor: up to \`limit\` items (${PAGE_DEFAULT} by default, at most ${PAGE_MAX}); while \`nextCursor\` is not null, pass it as \`cursor\` for the next page. Each item appears on exactly one page, even when items are added or removed between pages.`;
const BAD_PAGE = {
  400: errorResponse(
    `limit out of range ('${pagingMessages.limit}') or a cursor this list did not give ('Invalid cursor: ...')`,
  ),
};

const COMMON = {
  401: errorResponse('Missing, malformed or revoked API key'),
  429: errorResponse(`More than ${API_REQUESTS_PER_MINUTE} requests in a minute with this key`),
};
/** Creating and updating also count towards the caller's uploads of the hour. */
const UPLOAD_LIMIT = {
  429: errorResponse(
    `More than ${API_REQUESTS_PER_MINUTE} requests in a minute with this key, more than ${UPLOADS_PER_HOUR} ads created or updated in an hour, or this account's other audio still being processed (Retry-After)`,
  ),
  503: errorResponse(`The audio workers are busy ('${fileMessages.audioBusy}'; Retry-After)`),
};
const StationIdParams = IdParams(stationMessages.notFound);
const STATION_NOT_FOUND = {
  404: errorResponse("No such station among the key owner's stations (someone else's answers the same)"),
};
const NOT_FOUND = { 404: errorResponse("No such ad among the key owner's ads (someone else's ad answers the same)") };
const FORM_ERRORS = {
  400: errorResponse(
    `Invalid field (the message names it, e.g. 'Title must be at least 3 characters'), missing audio, or audio that does not decode, is longer than ${AUDIO_MAX_SECONDS / 60} minutes or has more samples than ${AUDIO_MAX_SECONDS / 60} minutes of stereo 48 kHz audio`,
  ),
  413: errorResponse(`A file is over its limit ('${fileMessages.tooLarge(FILE_RULES.audio.maxMb)}')`),
  415: errorResponse(`A file is not what its field needs ('${fileMessages.invalidType('audio')}')`),
};

/**
 * The public API, v1: the dashboard's ad services behind an API key instead of a session. Routes
 * only translate HTTP; limits, file checks, ownership and messages are the services'. The OpenAPI
 * document is generated from these declarations.
 */
export async function apiV1Routes(
  app: FastifyInstance,
  deps: {
    myAds: MyAdsService;
    adForm: AdForm;
    analytics: AnalyticsService;
    identify: IdentifyService;
    stations: StationsService;
    requireApiKey: RequireApiKey;
    limits: RateLimitStore;
    idempotency: Idempotency;
    /** More routes of the public API, declared by other modules (webhooks), in this scope: key, limits, Idempotency-Key. */
    more?: ((v1: FastifyInstance) => void)[];
  },
) {
  const { myAds, adForm, analytics, identify, stations, requireApiKey, idempotency } = deps;

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/v1/openapi.json',
      { schema: { operationId: 'getOpenApiDocument', summary: 'This document', security: [] } },
      async (_req, reply) =>
        reply
          .header('Access-Control-Allow-Origin', '*')
          .header('Cache-Control', 'public, max-age=300')
          .send(app.swagger()),
    );

  await app.register(async (plain) => {
    const v1 = plain.withTypeProvider<ZodTypeProvider>();
    // The key first (onRequest), so the limit below counts per key and never reads an upload of a stranger.
    // The limit counts each request before its body is read or anything it sends is checked (preParsing): a
    // refused query, body, id or path is counted too and its answer tells the limit, and a request past the
    // limit is refused with its body unread (an upload is only read by its handler).
    v1.addHook('onRequest', requireApiKey);
    await v1.register(rateLimit, {
      ...deps.limits('api-v1'),
      hook: 'preParsing',
      max: API_REQUESTS_PER_MINUTE,
      timeWindow: '1 minute',
      keyGenerator: (req) => callerOf(req).keyId!,
      errorResponseBuilder: rateLimitError(apiKeyMessages.tooManyRequests),
    });
    draftRateLimitHeaders(v1, 'per-key', 60);
    idempotency.register(v1);
    const owner = (req: Parameters<typeof callerOf>[0]) => callerOf(req).userId;
    refuseUnreadUploads(v1);
    const uploadLimit = await uploadRateLimit(v1, (req) => `key:${callerOf(req).keyId!}`, deps.limits);
    const recordingsPerAddress = await routeLimit(v1, deps.limits, 'identify-address', {
      max: IDENTIFY_RECORDINGS_PER_MINUTE,
      timeWindow: '1 minute',
      keyOf: (req) => `identify-address:${clientOf(req)}`,
      message: identifyMessages.tooManyRecordingsFromAddress,
    });
    const recordingsPerKey = await uploadRateLimit(v1, (req) => `identify-key:${callerOf(req).keyId!}`, deps.limits, {
      max: IDENTIFY_RECORDINGS_PER_HOUR,
      message: identifyMessages.tooManyRecordingsWithKey,
    });
    /** A limit on new work, passed by for a retry whose Idempotency-Key holds an answer (it is only replayed). */
    const unlessRetry =
      (...limits: ((req: FastifyRequest, reply: FastifyReply) => Promise<void>)[]) =>
      async (req: FastifyRequest, reply: FastifyReply) => {
        if (await idempotency.answered(req, owner(req))) return;
        for (const limit of limits) await limit(req, reply);
      };
    const newUpload = unlessRetry(uploadLimit);
    const newRecording = unlessRetry(recordingsPerAddress, recordingsPerKey);

    v1.get(
      '/api/v1/ads',
      {
        schema: {
          operationId: 'listAds',
          summary: 'List your ads, newest first (any status, active or not)',
          description: PAGING,
          querystring: PageQuery,
          response: { 200: AdPage.describe('A page of your ads'), ...BAD_PAGE, ...COMMON },
        },
      },
      async (req) => {
        const page = await myAds.page(owner(req), req.query);
        return { ads: page.ads, count: page.ads.length, nextCursor: page.nextCursor };
      },
    );

    v1.get(
      '/api/v1/ads/:id',
      {
        schema: {
          operationId: 'getAd',
          summary: 'One of your ads',
          params: AdIdParams,
          response: { 200: OwnAd, ...NOT_FOUND, ...COMMON },
        },
      },
      async (req) => myAds.get(owner(req), req.params.id),
    );

    v1.post(
      '/api/v1/ads',
      {
        preHandler: newUpload,
        schema: {
          operationId: 'createAd',
          summary: 'Create an ad from the same fields and files as the dashboard form',
          description: "Counts towards the plan's monthly ad limit. The ad is published at once.",
          consumes: ['multipart/form-data'],
          body: streamedForm(AdCreateForm),
          response: {
            201: OwnAd,
            ...FORM_ERRORS,
            403: errorResponse(
              "The plan's monthly limit is reached ('You have reached your ad creation limit for this month')",
            ),
            ...COMMON,
            ...UPLOAD_LIMIT,
          },
        },
      },
      async (req, reply) => {
        const ad = await adForm.createOnce(owner(req), req, reply, {
          answered: await idempotency.answered(req, owner(req)),
          claim: (content) => idempotency.claim(req, reply, owner(req), content),
          countUpload: () => uploadLimit(req, reply),
        });
        return ad ? reply.status(201).send(ad) : reply;
      },
    );

    v1.patch(
      '/api/v1/ads/:id',
      {
        preHandler: uploadLimit,
        schema: {
          operationId: 'patchAd',
          summary: 'Change some fields of an ad; every field left out stays as it is',
          description:
            'JSON, or multipart form data when files are sent. In JSON, null clears location, description, website_url, phone, transcript or logo; in a form, an empty value does. The same rules and messages as creating apply to what results. Status and featured state never change here.',
          consumes: ['application/json', 'multipart/form-data'],
          params: AdIdParams,
          body: streamedForm(AdPatchForm),
          response: { 200: OwnAd, ...FORM_ERRORS, ...NOT_FOUND, ...COMMON, ...UPLOAD_LIMIT },
        },
      },
      async (req, reply) => adForm.patch(owner(req), req.params.id, req, reply),
    );

    v1.put(
      '/api/v1/ads/:id',
      {
        preHandler: uploadLimit,
        schema: {
          operationId: 'updateAd',
          summary: 'Replace all fields of an ad (a full replace: fields left out are cleared)',
          description:
            'A full replace, as the dashboard form saves: every field left out is cleared and is_active returns to true; files sent replace the stored ones. To change some fields only, use PATCH. Status and featured state never change here.',
          consumes: ['multipart/form-data'],
          params: AdIdParams,
          body: streamedForm(AdUpdateForm),
          response: { 200: OwnAd, ...FORM_ERRORS, ...NOT_FOUND, ...COMMON, ...UPLOAD_LIMIT },
        },
      },
      async (req, reply) => adForm.update(owner(req), req.params.id, req, reply),
    );

    v1.delete(
      '/api/v1/ads/:id',
      {
        schema: {
          operationId: 'deleteAd',
          summary: 'Delete an ad and its files',
          params: AdIdParams,
          response: { 204: noContent('Deleted'), ...NOT_FOUND, ...COMMON },
        },
      },
      async (req, reply) => {
        await myAds.remove(owner(req), req.params.id);
        return reply.status(204).send();
      },
    );

    v1.get(
      '/api/v1/ads/:id/analytics',
      {
        schema: {
          operationId: 'getAdAnalytics',
          summary: "An ad's plays, clicks, shares and QR scans over a period, by day, source and device",
          params: AdIdParams,
          querystring: PeriodQuery,
          response: { 200: AnalyticsSummary, 400: errorResponse('Unknown period'), ...NOT_FOUND, ...COMMON },
        },
      },
      async (req) => analytics.summary(owner(req), { period: req.query.period, adId: req.params.id }),
    );

    v1.get(
      '/api/v1/stations',
      {
        schema: {
          operationId: 'listStations',
          summary: 'List your stations, by call sign',
          description: PAGING,
          querystring: PageQuery,
          response: { 200: StationPage, ...BAD_PAGE, ...COMMON },
        },
      },
      async (req) => stations.page(owner(req), req.query),
    );

    v1.get(
      '/api/v1/stations/:id',
      {
        schema: {
          operationId: 'getStation',
          summary: 'One of your stations, with its monitor status',
          params: StationIdParams,
          response: { 200: Station, ...STATION_NOT_FOUND, ...COMMON },
        },
      },
      async (req) => stations.get(owner(req), req.params.id),
    );

    v1.post(
      '/api/v1/stations',
      {
        schema: {
          operationId: 'createStation',
          summary: 'Register a station',
          description:
            'The call sign is stored upper-cased and is the address of its public page, /station/{callSign}. With a stream URL the station is monitored.',
          body: StationInput,
          response: {
            201: Station,
            400: errorResponse("Invalid field (e.g. 'Time zone must be an IANA time zone such as America/Chicago')"),
            409: errorResponse(`The call sign is taken ('${stationMessages.callSignTaken}')`),
            ...COMMON,
          },
        },
      },
      async (req, reply) => {
        if (await idempotency.claim(req, reply, owner(req), req.body)) return reply;
        return reply.status(201).send(await stations.create(owner(req), req.body));
      },
    );

    v1.put(
      '/api/v1/stations/:id',
      {
        schema: {
          operationId: 'updateStation',
          summary: 'Replace the fields of a station (fields left out are cleared)',
          params: StationIdParams,
          body: StationInput,
          response: {
            200: Station,
            400: errorResponse('Invalid field'),
            409: errorResponse(`The call sign is taken ('${stationMessages.callSignTaken}')`),
            ...STATION_NOT_FOUND,
            ...COMMON,
          },
        },
      },
      async (req) => stations.update(owner(req), req.params.id, req.body),
    );

    v1.put(
      '/api/v1/stations/:id/logo',
      {
        schema: {
          operationId: 'setStationLogo',
          summary: "Replace a station's logo (an image in the logo field, as an ad's logo)",
          consumes: ['multipart/form-data'],
          params: StationIdParams,
          response: {
            200: Station,
            400: errorResponse('No image in the logo field, or an image too large in pixels'),
            413: errorResponse(`The logo is over its limit ('${fileMessages.tooLarge(FILE_RULES.logo.maxMb)}')`),
            415: errorResponse(`Not an image ('${fileMessages.invalidType('image')}')`),
            ...STATION_NOT_FOUND,
            ...COMMON,
          },
        },
      },
      async (req) => stations.setLogo(owner(req), req.params.id, await readLogo(req)),
    );

    v1.delete(
      '/api/v1/stations/:id',
      {
        schema: {
          operationId: 'deleteStation',
          summary: 'Delete a station and its airings',
          params: StationIdParams,
          response: { 204: noContent('Deleted'), ...STATION_NOT_FOUND, ...COMMON },
        },
      },
      async (req, reply) => {
        await stations.remove(owner(req), req.params.id);
        return reply.status(204).send();
      },
    );

    v1.get(
      '/api/v1/stations/:id/airings',
      {
        schema: {
          operationId: 'listStationAirings',
          summary: "A station's airings, detected and reported, newest first",
          description: PAGING,
          params: StationIdParams,
          querystring: PageQuery,
          response: { 200: AiringPage, ...BAD_PAGE, ...STATION_NOT_FOUND, ...COMMON },
        },
      },
      async (req) => stations.pageOfStation(owner(req), req.params.id, req.query),
    );

    v1.post(
      '/api/v1/airings',
      {
        schema: {
          operationId: 'reportAirings',
          summary: "Report airings from a station's as-run log: one, or an array of up to " + AIRINGS_PER_BATCH,
          description:
            'Each airing names one of your stations (call sign or id), an ad (id or slug; a published ad, or one of yours), when it started (ISO 8601 with its offset) and your own `spot_id`. ' +
            'Idempotent by station and `spot_id`: posting a spot again returns the airing already stored (`created: false`). ' +
            'The whole request is checked before anything is written: with any problem nothing is stored, and the message names the first item at fault (`airings[3]: ...`).',
          body: AiringsBody,
          response: {
            200: AiringsPosted.describe('Every airing was already stored'),
            201: AiringsPosted.describe('At least one airing was stored'),
            400: errorResponse(
              `A field is missing or invalid (e.g. '${stationMessages.startedAtInvalid}'), or more than ${AIRINGS_PER_BATCH} airings`,
            ),
            404: errorResponse(
              `An item names a station that is not one of yours ('${stationMessages.stationUnknown}'; someone else's answers the same) or an ad that does not exist ('${stationMessages.adUnknown}')`,
            ),
            ...COMMON,
          },
        },
      },
      async (req, reply) => {
        if (await idempotency.claim(req, reply, owner(req), req.body)) return reply;
        const posted = await stations.postAirings(owner(req), req.body);
        return reply.status(posted.created ? 201 : 200).send(posted);
      },
    );
    for (const routes of deps.more ?? []) routes(v1);

    v1.post(
      '/api/v1/identify',
      {
        preHandler: newRecording,
        schema: {
          operationId: 'identifyRecording',
          summary: 'Which public ad a recording is (stations checking what aired)',
          description: `Send a recording of up to ${IDENTIFY_FILE_MAX_SECONDS} seconds from any part of an ad; it is decoded, fingerprinted and matched against every published, active ad, and not kept. \`match\` is set only when the best candidate aligns far above chance.`,
          consumes: ['multipart/form-data'],
          body: streamedForm(IdentifyFileForm),
          response: {
            200: IdentifyResponse,
            400: errorResponse(
              `No recording in the file field, one that does not decode, one longer than ${IDENTIFY_FILE_MAX_SECONDS} seconds, or one with more samples than ${IDENTIFY_FILE_MAX_SECONDS} seconds of stereo 48 kHz audio`,
            ),
            413: errorResponse("The recording is over the audio file limit ('File size exceeds 10MB limit.')"),
            415: errorResponse(
              "The file is not audio of an accepted format ('Invalid file type. Please select a audio file.')",
            ),
            ...COMMON,
            ...UPLOAD_LIMIT,
            429: errorResponse(
              `More than ${API_REQUESTS_PER_MINUTE} requests in a minute with this key, more than ${IDENTIFY_RECORDINGS_PER_HOUR} recordings in an hour, or this account's other audio still being processed (Retry-After)`,
            ),
          },
        },
      },
      async (req, reply) => {
        const { bytes, format } = await readRecording(req);
        if (await idempotency.claim(req, reply, owner(req), { format, bytes })) return reply;
        // A retry whose answer expired while it was read runs as a new request: its recording is counted now.
        if (await idempotency.answered(req, owner(req))) {
          await recordingsPerAddress(req, reply);
          await recordingsPerKey(req, reply);
        }
        return identify.identifyRecording(bytes, format, owner(req));
      },
    );

    // Any other path under /api/v1/, with any method: a 404 of the API, behind its key and limit like the rest.
    v1.all('/api/v1/*', async (req) => {
      throw new NotFoundError(`Route ${req.method} ${req.url.split('?')[0]} not found`);
    });
  });
}
