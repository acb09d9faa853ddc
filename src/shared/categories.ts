/** The spec's fixed category list (section 3), in display order. */
export const CATEGORIES = [
  'Automotive',
  'Finance',
  'Food & Dining',
  'Healthcare',
  'Real Estate',
  'Retail',
  'Services',
  'Technology',
  'Travel',
  'Other',
] as const;

export type Category = (typeof CATEGORIES)[number];
