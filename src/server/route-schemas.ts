import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { BadRequestError, issueMessage, NotFoundError } from './errors.js';

/**
 * Multipart bodies are read as streams by their handler (files are checked while they arrive), so
 * their schema documents the form and is not applied to a parsed body.
 */
const streamedForms = new WeakSet<z.ZodType>();
export function streamedForm<S extends z.ZodType>(schema: S): S {
  streamedForms.add(schema);
  return schema;
}

/**
 * Every route's input is parsed with its zod contract. A bad path parameter (an id that cannot
 * exist) answers like a missing thing, 404; any other problem is a 400 naming the first one.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  if (httpPart === 'body' && streamedForms.has(schema)) return () => true;
  return (data) => {
    // Fastify hands over a missing body as null.
    const result = schema.safeParse(httpPart === 'body' && data === null ? undefined : data);
    if (result.success) return { value: result.data };
    if (httpPart === 'params') return { error: new NotFoundError(result.error.issues[0]!.message) };
    return { error: new BadRequestError(issueMessage(result.error)) };
  };
};

/** The one id path parameter: a UUID; anything else is a thing that does not exist. */
export const IdParams = (notFound: string) => z.object({ id: z.uuid({ error: notFound }) });
