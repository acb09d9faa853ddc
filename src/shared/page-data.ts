/**
 * The id of the <script type="application/json"> that carries the query cache a page was rendered on the
 * server from (React Query's dehydrated state); the web app hydrates its cache from it before React does.
 */
export const QUERY_STATE_ID = 'query-state';
