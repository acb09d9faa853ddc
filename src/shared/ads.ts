import { z } from 'zod';
import { CATEGORIES, type Category } from './categories.js';
import { MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, PAGE_SIZE } from './limits.js';

/** Query of the public ads list (directory, featured sections, related ads). */
export const AdListQuery = z.object({
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional()
    .transform((s) => s?.trim() || undefined),
  category: z
    .union([z.literal('all'), z.enum(CATEGORIES)], {
      error: `category must be 'all' or one of: ${CATEGORIES.join(', ')}`,
    })
    .optional()
    .transform((c) => (c === 'all' ? undefined : c)),
  location: z
    .string()
    .max(100, 'location must be at most 100 characters')
    .optional()
    .transform((s) => s?.trim() || undefined),
  featured: z
    .enum(['true', 'false'], { error: "featured must be 'true' or 'false'" })
    .optional()
    .transform((f) => (f === undefined ? undefined : f === 'true')),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(0, 'page must be 0 or more')
    .max(100_000, 'page is too large')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE),
});
export type AdListQuery = z.output<typeof AdListQuery>;
/** What a client sends (as query-string values). */
export interface AdListParams {
  search?: string;
  category?: Category | 'all';
  location?: string;
  featured?: boolean;
  page?: number;
  limit?: number;
}

/** An ad as the public API returns it. */
export interface PublicAd {
  id: string;
  userId: string;
  title: string;
  slug: string;
  businessName: string;
  description: string | null;
  category: Category;
  location: string | null;
  websiteUrl: string | null;
  phone: string | null;
  audioUrl: string;
  logoUrl: string | null;
  audioDurationMs: number | null;
  waveformPeaks: number[] | null;
  status: string;
  isActive: boolean;
  isFeatured: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AdListResponse {
  ads: PublicAd[];
  count: number;
}

/** The slug rule of spec section 7: lowercased title, non-alphanumerics as hyphens, plus a timestamp. */
export function slugify(title: string, timestamp: number): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'ad'}-${timestamp}`;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((s) => s || null);

/** The ad form (spec section 5): the dashboard form validates with it and the API parses with it. */
export const AdInput = z.object({
  title: z
    .string()
    .trim()
    .min(3, 'Title must be at least 3 characters')
    .max(120, 'Title must be at most 120 characters'),
  business_name: z
    .string({ error: 'Business name is required' })
    .trim()
    .min(1, 'Business name is required')
    .max(120, 'Business name must be at most 120 characters'),
  category: z.enum(CATEGORIES, { error: 'Category is required' }),
  location: optionalText(120),
  description: optionalText(2000),
  website_url: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Must be a valid URL' }).max(500)])
    .optional()
    .transform((s) => s || null),
  phone: optionalText(40),
  is_active: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(true)
    .transform((v) => v === true || v === 'true'),
});
export type AdInput = z.output<typeof AdInput>;
export type AdFormValues = z.input<typeof AdInput>;

/** File rules of spec section 5, checked in the form and again (by the bytes) on the server. */
export const FILE_RULES = {
  audio: { kind: 'audio', maxMb: 10, accept: 'audio/*' },
  logo: { kind: 'image', maxMb: 5, accept: 'image/png,image/jpeg,image/webp,image/gif' },
} as const;
export type FileField = keyof typeof FILE_RULES;

export const fileMessages = {
  invalidType: (kind: 'audio' | 'image') => `Invalid file type. Please select a ${kind} file.`,
  tooLarge: (maxMb: number) => `File size exceeds ${maxMb}MB limit.`,
  audioRequired: 'Audio file is required',
} as const;

/** Spec section 8: the ad texts the server throws and the dashboard form and table show. */
export const adMessages = {
  notLoggedIn: 'You must be logged in to create an ad',
  requiredFields: 'Please fill in all required fields',
  uploadError: (message: string) => `Upload Error: ${message}`,
  audioUploadFailed: (message: string) => `Audio upload failed: ${message}`,
  imageUploadFailed: (message: string) => `Image upload failed: ${message}`,
  createFailed: (message: string) => `Failed to create ad: ${message}`,
  createFailedGeneric: 'Failed to create ad. Please try again.',
  updateFailed: (message: string) => `Failed to update ad: ${message}`,
  deleteFailed: (message: string) => `Failed to delete ad: ${message}`,
  // The 'Ad creation failures' table: what the form shows when the message names a cause.
  audioFilesFailure: 'Audio file upload failed. Please try uploading a different audio file.',
  imagesFailure: 'Image upload failed. Please try uploading a different image.',
  userIdFailure: 'Authentication error. Please try logging out and back in.',
  slugFailure: 'Please try a different ad title.',
  created: 'Ad created successfully!',
  updated: 'Ad updated successfully!',
  deleted: 'Ad deleted successfully',
  activated: 'Ad activated',
  deactivated: 'Ad deactivated',
  featured: 'Added to featured',
  unfeatured: 'Removed from featured',
  // 'Screens and silent fallbacks': the dashboard's ads failed to load.
  loadFailedTitle: 'Unable to load your ads',
  loadFailedText: 'There was an issue loading your ads. This might be a temporary issue.',
  unknownError: 'Unknown error',
  notAuthenticatedNote: 'Note: User not authenticated',
} as const;
