/**
 * Title and description of each static public page: the server puts them in the HTML it sends
 * (share previews, search engines) and the web app sets them when navigating.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export const SITE_NAME = 'AdReplay';

/** The public pages search engines should find, besides each ad's page (listed in /sitemap.xml). */
export const INDEXED_PAGES = [
  '/',
  '/directory',
  '/advertisers',
  '/partners',
  '/about',
  '/about/measurement',
  '/contact',
  '/terms',
  '/demo',
  '/docs/integration',
] as const;

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
  '/advertisers': {
    title: 'For advertisers | AdReplay',
    description:
      'Give your radio and podcast ads a permanent page with a QR code, share link and real engagement figures.',
  },
  '/partners': {
    title: 'For radio stations and podcast networks | AdReplay',
    description:
      'Stream monitoring and airing logs, embeds and oEmbed, an API with keys and signed webhooks for stations and networks.',
  },
  '/about': {
    title: 'About AdReplay',
    description: 'Why we built a permanent, searchable home for radio and podcast ads, and the team behind it.',
  },
  '/contact': {
    title: 'Contact AdReplay',
    description: 'Questions about advertising, partnerships or support? Send us a message or read the FAQ.',
  },
  '/terms': {
    title: 'Terms of Service and Privacy Policy | AdReplay',
    description: 'The terms for using AdReplay and what data we store (no IP addresses, local-only likes and saves).',
  },
  '/demo': {
    title: 'Demo | AdReplay',
    description: 'Try the listener player, tour an advertiser dashboard and see a station partner portal.',
  },
  '/docs/integration': {
    title: 'Integration guide: API and embeds | AdReplay',
    description:
      'Upload and manage ads with the AdReplay REST API and an API key, read their analytics, and embed the player with iframe or oEmbed.',
  },
  '/login': { title: 'Log in | AdReplay', description: 'Sign in to manage your AdReplay ads.' },
  '/signup': { title: 'Sign up | AdReplay', description: 'Create your free AdReplay account and publish your ads.' },
  '/register': { title: 'Sign up | AdReplay', description: 'Create your free AdReplay account and publish your ads.' },
  '/forgot-password': { title: 'Forgot password | AdReplay', description: 'Get a link to reset your password.' },
  '/reset-password': { title: 'Choose a new password | AdReplay', description: 'Set a new AdReplay password.' },
  '/verify-email': {
    title: 'Confirm your e-mail address | AdReplay',
    description: 'Confirm the e-mail address of your AdReplay account.',
  },
  '/dashboard': { title: 'Dashboard | AdReplay', description: 'Manage your ads, plan and account.' },
  '/admin': { title: 'Moderation | AdReplay', description: 'Reports and moderation actions.' },
  '/dashboard/analytics': {
    title: 'Analytics | AdReplay',
    description: 'Plays, clicks, shares and QR scans of your ads, live.',
  },
  '/about/measurement': {
    title: 'How we measure | AdReplay',
    description:
      'What counts as a play, click, share and QR scan on AdReplay, how duplicates and bots are left out, and what is never stored.',
  },
};
