/*
 * Times of day in a time zone (a station's, an advertiser's): the browser and the server use the same, with
 * nothing but Intl, so the public pages can import them without the schemas' library.
 */

/** Whether a name is a time zone this runtime knows (IANA, e.g. Europe/Madrid); UTC always is. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const FORMATS = {
  parts: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  aired: { weekday: 'short', hour: 'numeric', minute: '2-digit' },
  clock: { hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter of these options in this zone, made once: making one costs far more than formatting with it
 * (a page of airings made one per row). Kept for good: the zones a runtime knows are a bounded set, and an
 * unknown one throws before it is kept.
 */
function formatter(format: keyof typeof FORMATS, timeZone: string): Intl.DateTimeFormat {
  const key = `${format} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat('en-US', { ...FORMATS[format], timeZone })));
  return made;
}

/** The day (YYYY-MM-DD) and clock of an instant in a zone. */
export function localParts(at: Date | string, timeZone: string) {
  const parts = Object.fromEntries(
    formatter('parts', timeZone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** 'Tue 8:14 AM' in the station's zone. */
export const airedAt = (at: Date | string, timeZone: string) => formatter('aired', timeZone).format(new Date(at));

/** '8:14 AM' in the station's zone. */
export const clockAt = (at: Date | string, timeZone: string) => formatter('clock', timeZone).format(new Date(at));

/** The instant a local day and clock time of a zone is (the later one of a repeated hour). */
export function instantOf(date: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, hour, minute);
  let at = wanted;
  // Two corrections by the zone's offset at the guess settle it, across a change of offset too.
  for (let i = 0; i < 2; i++) {
    const local = localParts(new Date(at), timeZone);
    const [ly, lm, ld] = local.date.split('-').map(Number) as [number, number, number];
    at += wanted - Date.UTC(ly, lm - 1, ld, local.hour, local.minute);
  }
  return new Date(at);
}

/**
 * Parts of the day in a station's time zone, as [start hour, length in hours], for 'this morning' and the
 * like: the latest such stretch that has begun (at 3 AM, 'night' is the one since 21:00 yesterday).
 */
export const DAY_PARTS = {
  today: [0, 24],
  morning: [5, 7],
  afternoon: [12, 5],
  evening: [17, 4],
  night: [21, 8],
} as const;
export type DayPart = keyof typeof DAY_PARTS;
export const DAY_PART_NAMES = ['today', 'morning', 'afternoon', 'evening', 'night'] as const satisfies DayPart[];
export const DAY_PART_LABELS: Record<DayPart, string> = {
  today: 'Today',
  morning: 'This morning (5–12)',
  afternoon: 'This afternoon (12–17)',
  evening: 'This evening (17–21)',
  night: 'Last night (21–5)',
};
