import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { BadRequestError } from './errors.js';

/** Deepest JSON nesting accepted: our forms are flat, and a deep document only costs stack. */
export const MAX_JSON_DEPTH = 32;

export const inputMessages = {
  unstorableText: (field: string) =>
    `${field} contains a character that is not allowed (the NUL character or a lone surrogate)`,
  tooDeep: `JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
  noBoundary: 'Multipart form data without a boundary',
  malformedAddress: 'The address is not valid (a malformed %-escape)',
} as const;

/** NUL, which PostgreSQL text cannot hold, or a UTF-16 surrogate without its pair, which UTF-8 cannot. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (s: string) => UNSTORABLE.test(s);

/**
 * The name of the first text in `value` that the database could not store ('' for the value itself);
 * undefined when all of it can be stored. Keys count too.
 */
export function unstorableTextIn(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (unstorable(key)) return at;
    const found = unstorableTextIn(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Refuses text the database cannot store, naming where it was. */
export function assertStorableText(value: unknown, what: string): void {
  const at = unstorableTextIn(value);
  if (at !== undefined) throw new BadRequestError(inputMessages.unstorableText(at || what));
}

/** How deeply a JSON text nests, counted without parsing it (so without recursion). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/**
 * One gate for bad input in front of every route, so no handler, contract or query meets it: text the
 * database cannot store anywhere in the URL, the query, the path or the body (a 400 naming the field,
 * not a failed query), JSON nested deeper than any form needs, multipart without a boundary. Multipart
 * fields arrive inside the handler and go through assertStorableText there.
 */
export const inputGuards = fastifyPlugin(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) return done(new BadRequestError(inputMessages.tooDeep));
      void parseJson(req, body as string, done); // the default parser calls done itself
    });

    app.addHook('onRequest', async (req) => {
      // Every route, matched or not (the web app's catch-all too): %00 decodes to NUL wherever it stands.
      if (/%00/.test(req.url)) throw new BadRequestError(inputMessages.unstorableText('The address'));
      const type = req.headers['content-type'];
      if (type && /^\s*multipart\//i.test(type) && !/;\s*boundary=/i.test(type)) {
        throw new BadRequestError(inputMessages.noBoundary);
      }
    });

    app.addHook('preValidation', async (req) => {
      assertStorableText(req.params, 'The address');
      assertStorableText(req.query, 'The query');
      assertStorableText(req.body, 'The body');
    });
  },
  // Not encapsulated: the guards stand in front of every route of the app, its catch-all too.
  { name: 'input-guards', dependencies: ['error-handler'] },
);
