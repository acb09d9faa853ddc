import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import prettier from 'prettier';
import { ROOT } from '../../paths.js';

/** The TypeScript types of the v1 API, generated from its OpenAPI document and committed (decision 54). */
export const API_TYPES_FILE = path.join(ROOT, 'src/shared/api-v1.d.ts');

const HEADER = `/**
 * The v1 API's paths and schemas as TypeScript types, for openapi-fetch's createClient<paths>().
 * Generated from GET /api/v1/openapi.json by \`npm run api:types\` (openapi-typescript): do not edit.
 */

`;

/** The text of API_TYPES_FILE for an OpenAPI document, formatted as the project formats its files. */
export async function apiTypesOf(document: unknown): Promise<string> {
  // A field with a default may be left out of a request (is_active, remove_logo): not required in the types.
  const ast = await openapiTS(document as OpenAPI3, { silent: true, defaultNonNullable: false });
  const options = await prettier.resolveConfig(API_TYPES_FILE);
  return prettier.format(HEADER + astToString(ast), { ...options, filepath: API_TYPES_FILE });
}
