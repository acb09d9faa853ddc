import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';
import { AdCreateForm, AdPatchForm, AdUpdateForm, OwnAd } from '../../../shared/ads.js';
import { AnalyticsSummary } from '../../../shared/analytics.js';
import {
  API_REQUESTS_PER_MINUTE,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEEP_HOURS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyMessages,
} from '../../../shared/api-keys.js';
import { ErrorBody } from '../../../shared/errors.js';

export const API_V1_PREFIX = '/api/v1/';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

/** Contracts named in the document; every other schema is written out where it is used. */
const COMPONENTS = new Map<z.ZodType, { name: string; io: Io }>([
  [OwnAd, { name: 'Ad', io: 'output' }],
  [AnalyticsSummary, { name: 'AnalyticsSummary', io: 'output' }],
  [ErrorBody, { name: 'Error', io: 'output' }],
  [AdCreateForm, { name: 'AdCreateForm', io: 'input' }],
  [AdUpdateForm, { name: 'AdUpdateForm', io: 'input' }],
  [AdPatchForm, { name: 'AdPatchForm', io: 'input' }],
]);

/** A contract as JSON Schema: what a client sends (input) or receives (output). */
function jsonOf(schema: z.ZodType, io: Io): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as Json;
  return json;
}
function refOrJson(schema: z.ZodType, io: Io): Json {
  const named = COMPONENTS.get(schema);
  return named ? { $ref: `#/components/schemas/${named.name}` } : jsonOf(schema, io);
}

type Described = { description: string; content: Record<string, { schema: z.ZodType }> };

/** A route's answers: bare schemas, or described ones (errors) in Fastify's per-content-type form. */
function responsesOf(response: Record<string, z.ZodType | Described>): Json {
  return Object.fromEntries(
    Object.entries(response).map(([status, answer]) => {
      if (answer instanceof z.ZodType) return [status, refOrJson(answer, 'output')];
      // @fastify/swagger's mark of an answer without a body.
      if (!Object.keys(answer.content).length) return [status, { type: 'null', description: answer.description }];
      const content = Object.entries(answer.content).map(([type, { schema }]) => [
        type,
        { schema: refOrJson(schema, 'output') },
      ]);
      return [status, { description: answer.description, content: Object.fromEntries(content) }];
    }),
  );
}

const errorJson = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** What every v1 route may answer, whatever it declares: the key's refusal and the limit's. */
const EVERY_ROUTE: Record<string, string> = {
  401: 'Missing, malformed or revoked API key',
  429: `More than ${API_REQUESTS_PER_MINUTE} requests in a minute with this key`,
};
/** What the Idempotency-Key adds to every POST's answers. */
const EVERY_POST: Record<string, string> = {
  409: `a request with the same ${IDEMPOTENCY_HEADER} is still being processed ('${idempotencyMessages.inFlight}')`,
  422: `the ${IDEMPOTENCY_HEADER} was already used with a different request ('${idempotencyMessages.reused}')`,
};
const IDEMPOTENCY_KEY_HEADER: Json = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description: `Any unique text of 1 to 255 visible ASCII characters (else 400). A retry with the same key and the same request gets the first answer again, marked ${IDEMPOTENT_REPLAYED_HEADER}: true, and does nothing twice; keys are kept ${IDEMPOTENCY_KEEP_HOURS} hours.`,
    },
  },
};

/**
 * Adds the answers a route shares with others to those it declares. A status it declares keeps its own
 * answer, whose description names the shared case too when `append` (a 409 of its own is another conflict).
 */
function withShared(response: Json, shared: Record<string, string>, append: boolean): Json {
  const out = { ...response };
  for (const [status, description] of Object.entries(shared)) {
    const own = out[status] as Json | undefined;
    if (!own) out[status] = errorJson(description[0]!.toUpperCase() + description.slice(1));
    else if (append) out[status] = { ...own, description: `${String(own.description)}; or ${description}` };
  }
  return out;
}

/**
 * @fastify/swagger options: the public API's document is generated from the zod schemas its routes
 * validate and serialise with. Only /api/v1/ routes are described.
 */
export function openApiOptions(origin: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
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
        schemas: Object.fromEntries([...COMPONENTS].map(([schema, { name, io }]) => [name, jsonOf(schema, io)])),
      },
    },
    transform({ schema, url, route }) {
      if (!schema || !url.startsWith(API_V1_PREFIX)) return { schema: { hide: true }, url };
      const { params, querystring, body, response, ...rest } = schema as Record<string, unknown>;
      const out: Json = { ...rest };
      if (params) out.params = jsonOf(params as z.ZodType, 'input');
      if (querystring) out.querystring = jsonOf(querystring as z.ZodType, 'input');
      if (body) out.body = refOrJson(body as z.ZodType, 'input');
      const keyed = (rest.security as unknown[] | undefined)?.length !== 0;
      const post = [route.method].flat().includes('POST');
      let answers = response ? responsesOf(response as Record<string, z.ZodType | Described>) : {};
      if (keyed) answers = withShared(answers, EVERY_ROUTE, false);
      if (keyed && post) {
        answers = withShared(answers, EVERY_POST, true);
        out.headers = IDEMPOTENCY_KEY_HEADER;
      }
      // A route that declares no answers and shares none (this document's) keeps the default one.
      if (response || keyed) out.response = answers;
      return { schema: out, url };
    },
  };
}

/** An error answer of a route, described for the document; its body is the one error shape. */
export const errorResponse = (description: string): Described => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});

/** An answer without a body (204). */
export const noContent = (description: string): Described => ({ description, content: {} });
