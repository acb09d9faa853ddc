/** m:ss from milliseconds; '0:00' when unknown. */
export function formatDuration(ms: number | null | undefined): string {
  const total = Math.max(0, Math.round((ms ?? 0) / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export function formatSeconds(seconds: number): string {
  return formatDuration(seconds * 1000);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'November 23, 2026' in local time, as toLocaleDateString('en-US', long date) writes it, without
 * Intl: its first use loads locale data, ~30 ms of main thread on the ad page's first render.
 */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/**
 * The same long date in UTC: what pages rendered on the server show, so the server's HTML and the
 * browser's first render agree whatever the reader's time zone (an ad's day is its UTC day, as analytics').
 */
export function formatUtcDate(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** A count as the dashboard shows it: '8,398'. */
/** A moment to the minute, in the reader's time zone (moderation's queue and log). */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A count with its noun, '1 click' or '12 clicks'. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** A file size as people read it: 512 B, 38 KB, 2.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
