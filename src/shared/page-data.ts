/**
 * The id of the <script type="application/json"> that carries the query cache a page was rendered on the
 * server from (React Query's dehydrated state); the web app hydrates its cache from it before React does.
 */
export const QUERY_STATE_ID = 'query-state';

/**
 * The class on <html> that holds the headings in the text face (theme.css) on a browser's first visit: the
 * server's head script puts it on, the web app takes it off at the first page it renders itself
 * (decision 61).
 */
export const FONTS_WAIT_CLASS = 'fonts-wait';
