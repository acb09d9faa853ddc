/**
 * Weeks in a person's own time zone, with nothing but Intl: the local calendar of an instant, the instant
 * of a local midnight (daylight-saving changes included), and ISO week names.
 */

const DAY_MS = 86_400_000;

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** ISO: 1 Monday ... 7 Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
  return { year, month, day, hour: Number(parts.hour), minute: Number(parts.minute), weekday };
}

/** How far `timeZone` is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const l = localTime(new Date(at), timeZone);
  const seconds = new Date(at).getUTCSeconds();
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, seconds) - (at - (at % 1000));
}

/** The instant a local calendar day begins in `timeZone` (its first existing minute, across DST). */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  let at = wall - offsetAt(wall, timeZone);
  // The offset at the guess may differ from the one at the answer (a change near midnight): once more.
  const second = wall - offsetAt(at, timeZone);
  if (second !== at) at = Math.min(at, second);
  return new Date(at);
}

/** The ISO week (e.g. '2026-W48') of a calendar date. */
export function isoWeekOf(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = (date.getUTCDay() + 6) % 7; // 0 Monday
  date.setUTCDate(date.getUTCDate() - weekday + 3); // the Thursday of this week names its year
  const isoYear = date.getUTCFullYear();
  const week = 1 + Math.floor((date.getTime() - Date.UTC(isoYear, 0, 1)) / DAY_MS / 7);
  return `${isoYear}-W${String(week).padStart(2, '0')}`;
}

export interface ReportWeeks {
  /** The ISO week the report belongs to: the week of `at`, in the zone (the Monday it is sent on). */
  week: string;
  /** The last whole week before it: Monday 00:00 to Monday 00:00, local. */
  current: { from: Date; to: Date };
  /** The week before that, for the change. */
  previous: { from: Date; to: Date };
  /** The reported week's first and last day, for the subject line ('23-29 November'). */
  firstDay: Date;
  lastDay: Date;
}

/** The weeks a report sent at `at` in `timeZone` compares. */
export function reportWeeks(at: Date, timeZone: string): ReportWeeks {
  const now = localTime(at, timeZone);
  // Calendar arithmetic on UTC dates stands for the local calendar (no time of day involved).
  const monday = new Date(Date.UTC(now.year, now.month - 1, now.day - (now.weekday - 1)));
  const dayStart = (offsetDays: number) => {
    const d = new Date(monday.getTime() + offsetDays * DAY_MS);
    return startOfLocalDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timeZone);
  };
  return {
    week: isoWeekOf(now.year, now.month, now.day),
    current: { from: dayStart(-7), to: dayStart(0) },
    previous: { from: dayStart(-14), to: dayStart(-7) },
    firstDay: new Date(monday.getTime() - 7 * DAY_MS),
    lastDay: new Date(monday.getTime() - DAY_MS),
  };
}

/** Whether the weekly report is due at `at` in `timeZone`: Monday, from 08:00 (a missed hour catches up). */
export const reportDue = (at: Date, timeZone: string) => {
  const l = localTime(at, timeZone);
  return l.weekday === 1 && l.hour >= 8;
};
