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
  '/login': { title: 'Log in | AdReplay', description: 'Sign in to manage your AdReplay ads.' },
  '/signup': { title: 'Sign up | AdReplay', description: 'Create your free AdReplay account and publish your ads.' },
  '/register': { title: 'Sign up | AdReplay', description: 'Create your free AdReplay account and publish your ads.' },
  '/forgot-password': { title: 'Forgot password | AdReplay', description: 'Get a link to reset your password.' },
  '/reset-password': { title: 'Choose a new password | AdReplay', description: 'Set a new AdReplay password.' },
  '/dashboard': { title: 'Dashboard | AdReplay', description: 'Manage your ads, plan and account.' },
};
