import { z } from 'zod';
import { PAGE_DEFAULT, PAGE_MAX } from './partner-api.js';

export { PAGE_DEFAULT, PAGE_MAX };

export const pagingMessages = {
  limit: `limit must be a whole number from 1 to ${PAGE_MAX}`,
  invalidCursor:
    'Invalid cursor: pass nextCursor of the previous page unchanged, or leave cursor out for the first page',
};

/** The paging of every v1 list: the first page without a cursor, the next with the previous page's `nextCursor`. */
export const PageQuery = z.object({
  limit: z.coerce
    .number({ error: pagingMessages.limit })
    .int({ error: pagingMessages.limit })
    .min(1, { error: pagingMessages.limit })
    .max(PAGE_MAX, { error: pagingMessages.limit })
    .default(PAGE_DEFAULT)
    .meta({ description: `Items in the page: 1 to ${PAGE_MAX}, ${PAGE_DEFAULT} when left out` }),
  cursor: z
    .string()
    .optional()
    .meta({ description: "The previous page's nextCursor, unchanged (opaque); left out for the first page" }),
});
export type PageQuery = z.output<typeof PageQuery>;

export const NextCursor = z
  .string()
  .nullable()
  .meta({ description: 'Pass as cursor to get the next page; null on the last page' });
