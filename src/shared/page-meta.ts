/**
 * Title and description of each static public page: the server puts them in the HTML it sends
 * (share previews, search engines) and the web app sets them when navigating.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export const SITE_NAME = 'AdReplay';

export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    title: 'AdReplay: replay radio and podcast ads',
    description:
      'Discover and replay radio and podcast ads. Search by business, category or location, play any ad again, and share it.',
  },
  '/directory': {
    title: 'Browse radio and podcast ads | AdReplay',
    description: 'Search and filter the AdReplay directory of radio and podcast ads by name, category and location.',
  },
};
