/** Every user-facing text of the spec lives here, word for word, so both sides use one copy. */
export const messages = {
  adNotFound: 'Ad Not Found',
  /** Not the spec's: the ad page and the embed when moderation hides the ad (HTTP 451). */
  adRemoved: 'Ad Removed',
  adNotFoundText: "The ad you're looking for doesn't exist or may have been removed.",
  /** Not the spec's: the ad page and the embed when an ad could not be loaded (not a refusal). */
  adUnavailable: 'Unable to load this ad',
  loadingAd: 'Loading ad...',
  loadingAds: 'Loading ads...',
  directoryError: 'Error loading ads. Please try again later.',
  noAdsFound: 'No ads found',
  noAdsMatch: 'No ads match your search criteria. Try adjusting your filters.',
  noAdsAvailable: 'There are currently no ads available.',
  pageNotFound: 'Page Not Found',
  somethingWentWrong: 'Something went wrong',
  featuredUnavailable: 'Featured Content Unavailable',
  loadingFeatured: 'Loading featured ads...',
  featuredError: 'Unable to load featured ads',
  featuredEmpty: 'Be the First Featured Ad!',
  readyToStart: 'Ready to get started?',
  tagline: 'Discover and replay radio and podcast ads. Connect with advertisers and radio stations.',
  liked: (title: string) => `You've liked "${title}"`,
  unliked: (title: string) => `You've unliked "${title}"`,
  saved: (title: string) => `You've saved "${title}"`,
  unsaved: (title: string) => `You've unsaved "${title}"`,
  linkCopied: (title: string) => `Link to '${title}' has been copied to clipboard`,
  shareText: (business: string) => `Check out this ad from ${business}`,
  failedToRecordEvent: (message: string) => `Failed to record event: ${message}`,
  failedToFetchAnalytics: (message: string) => `Failed to fetch analytics: ${message}`,
  loadingAnalytics: 'Loading analytics...',
  noAnalytics: 'No analytics data available',
  scanToShare: 'Scan to share this ad',
  /** The listening dialog when nothing it heard is an ad of the catalogue. */
  listenNoMatch: 'Try closer to the speaker, or search for words you heard.',
  /** Not a spec text: a sign-up or new password found in the list of most used (leaked) passwords. */
  commonPassword: 'This password is too common and easy to guess. Please choose a less common one.',
} as const;

/** How a failure's request id is shown to a person (error views, the embed): 'reference: <id>'. */
export const referenceText = (reference: string) => `reference: ${reference}`;
