import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AiringList,
  AiringsCsvBody,
  AiringsCsvResult,
  AIRINGS_CSV_MAX_BYTES,
  Station,
  StationDay,
  StationDayQuery,
  StationInput,
  StationList,
  stationMessages,
} from '../../../shared/stations.js';
import { callerOf } from '../../caller.js';
import { preparedBodies, serialized } from '../../prepared-body.js';
import { PUBLIC_READ_CACHE_CONTROL, PUBLIC_READ_CDN_CACHE_CONTROL } from '../../public-cache.js';
import { IdParams } from '../../route-schemas.js';
import { refuseUnreadUploads } from '../ads/ad-form.js';
import type { RequireUser } from '../auth/require-user.js';
import { readLogo } from './station-logo.js';
import type { StationsService } from './stations.service.js';

const StationIdParams = IdParams(stationMessages.notFound);
const AdIdParams = IdParams('Ad not found');
const CallSignParams = z.object({ callSign: z.string().min(1).max(40, stationMessages.notFound) });

/** The dashboard's station endpoints: a session, and only the caller's stations (another's answers 404). */
export async function myStationsRoutes(
  plain: FastifyInstance,
  { stations, requireUser }: { stations: StationsService; requireUser: RequireUser },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', requireUser);
  refuseUnreadUploads(app);
  const owner = (req: FastifyRequest) => callerOf(req).userId;

  app.get('/api/my/stations', { schema: { response: { 200: StationList } } }, async (req) => ({
    stations: await stations.list(owner(req)),
  }));
  app.get('/api/my/stations/:id', { schema: { params: StationIdParams, response: { 200: Station } } }, async (req) =>
    stations.get(owner(req), req.params.id),
  );
  app.post('/api/my/stations', { schema: { body: StationInput, response: { 201: Station } } }, async (req, reply) =>
    reply.status(201).send(await stations.create(owner(req), req.body)),
  );
  app.put(
    '/api/my/stations/:id',
    { schema: { params: StationIdParams, body: StationInput, response: { 200: Station } } },
    async (req) => stations.update(owner(req), req.params.id, req.body),
  );
  app.delete('/api/my/stations/:id', { schema: { params: StationIdParams } }, async (req, reply) => {
    await stations.remove(owner(req), req.params.id);
    return reply.status(204).send();
  });
  app.put(
    '/api/my/stations/:id/logo',
    { schema: { params: StationIdParams, response: { 200: Station } } },
    async (req) => stations.setLogo(owner(req), req.params.id, await readLogo(req)),
  );
  app.delete(
    '/api/my/stations/:id/logo',
    { schema: { params: StationIdParams, response: { 200: Station } } },
    async (req) => stations.setLogo(owner(req), req.params.id, null),
  );
  app.get(
    '/api/my/stations/:id/airings',
    { schema: { params: StationIdParams, response: { 200: AiringList } } },
    async (req) => ({ airings: await stations.recentOfStation(owner(req), req.params.id) }),
  );
  app.post(
    '/api/my/stations/:id/airings/import',
    {
      // The CSV travels as JSON text: a little more than the file's own limit.
      bodyLimit: AIRINGS_CSV_MAX_BYTES * 2 + 1024,
      schema: { params: StationIdParams, body: AiringsCsvBody, response: { 200: AiringsCsvResult } },
    },
    async (req) => stations.importCsv(owner(req), req.params.id, req.body.csv, req.body.dryRun),
  );

  // The advertiser's view of where and when each of their ads aired.
  app.get(
    '/api/my/ads/:id/airings',
    { schema: { params: AdIdParams, response: { 200: AiringList } } },
    async (req) => ({
      airings: await stations.ofAd(owner(req), req.params.id),
    }),
  );
  app.get('/api/my/ads/:id/airings.csv', { schema: { params: AdIdParams } }, async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="airings-${req.params.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(await stations.ofAdCsv(owner(req), req.params.id)),
  );
}

/** The public station page's data, answered from the public cache like the ad page. */
export async function stationsRoutes(
  plain: FastifyInstance,
  { stations, cached }: { stations: StationsService; cached: boolean },
) {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const dayBody = preparedBodies(cached, serialized<StationDay>);
  app.get(
    '/api/stations/:callSign',
    { schema: { params: CallSignParams, querystring: StationDayQuery, response: { 200: StationDay } } },
    async (req, reply) => {
      void reply.headers({
        'cache-control': PUBLIC_READ_CACHE_CONTROL,
        'cdn-cache-control': PUBLIC_READ_CDN_CACHE_CONTROL,
      });
      return dayBody(req, reply, await stations.stationDay(req.params.callSign, req.query));
    },
  );
}
