import { z } from 'zod';

/**
 * The weekly report's settings and the stats share link: contracts of the Settings section, the ad's
 * analytics page and their routes.
 */

/**
 * The canonical IANA name of a time zone, or null when it is not one. Offsets ('+01:00') are refused:
 * a zone keeps its daylight-saving rules, an offset does not.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value) || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const reportMessages = {
  invalidTimeZone: 'Choose a time zone from the list',
  settingsSaved: 'Report settings saved',
  reportSent: (email: string) => `This week's report is on its way to ${email}`,
  reportFailed: 'The report could not be sent. Please try again in a few minutes.',
  tooMany: 'You asked for the report several times this hour. Please try again later.',
  noAds: 'Create an ad first: the report tells how your ads did.',
  unsubscribed: 'You will no longer receive the weekly report.',
  badUnsubscribeLink: 'This unsubscribe link is not valid. Sign in and turn the report off in Settings.',
} as const;

/** A time zone as sent by a form or an API client: an IANA name, kept canonical. */
export const TimeZoneInput = z.string({ error: reportMessages.invalidTimeZone }).transform((v, ctx) => {
  const zone = canonicalTimeZone(v);
  if (zone) return zone;
  ctx.addIssue({ code: 'custom', message: reportMessages.invalidTimeZone });
  return z.NEVER;
});

export const ReportSettings = z.object({
  timeZone: z.string(),
  weeklyReport: z.boolean(),
});
export type ReportSettings = z.infer<typeof ReportSettings>;

export const ReportSettingsInput = z.object({
  timeZone: TimeZoneInput,
  weeklyReport: z.boolean({ error: 'weeklyReport must be true or false' }),
});
export type ReportSettingsInput = z.input<typeof ReportSettingsInput>;

/** Whether an ad has a share link; its address only right after it is made (only its hash is kept). */
export const ShareLinkState = z.object({
  exists: z.boolean(),
  createdAt: z.string().nullable(),
  url: z.string().optional(),
});
export type ShareLinkState = z.infer<typeof ShareLinkState>;

/** The public path of a shared stats page. */
export const sharedStatsPath = (token: string) => `/stats/${token}`;
