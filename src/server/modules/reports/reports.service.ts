import { createHmac, timingSafeEqual } from 'node:crypto';
import { brandedMail } from '../../adapters/mailer/branded.js';
import type { Mailer, MailMessage } from '../../adapters/mailer/mailer.js';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../errors.js';
import type { JobRunner, Queue } from '../../jobs/jobs.js';
import { canonicalTimeZone, reportMessages, type ReportSettings } from '../../../shared/reports.js';
import type { AdWeek, ReportsRepository } from './reports.repository.js';
import { reportDue, reportWeeks } from './weeks.js';

/** A weekly report's job: whose, which ISO week, and the moment it was found due (its weeks follow from it). */
export interface ReportJob {
  userId: string;
  week: string;
  at: string;
}

export const REPORT_QUEUE = 'weekly-report';
export const REPORT_TICK_QUEUE = 'weekly-report-tick';
/** Every hour, on the hour (UTC): each zone's Monday 08:00 falls in one of these hours (or its half). */
export const REPORT_TICK_CRON = '0 * * * *';

/** A figure against the week before: '+12%', '-5%', 'new' (none the week before), 'no change'. */
export function changeOf(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'no change' : 'new';
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return 'no change';
  return `${pct > 0 ? '+' : '-'}${Math.abs(pct)}%`;
}

const number = new Intl.NumberFormat('en-US');
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The best ad of a week: most plays, then most clicks; none when nothing was played or clicked. */
function bestOf(weeks: AdWeek[]) {
  const ranked = [...weeks].sort((a, b) => b.plays - a.plays || b.clicks - a.clicks || a.title.localeCompare(b.title));
  const best = ranked[0];
  return best && best.plays + best.clicks > 0 ? best : null;
}

const sum = (weeks: AdWeek[], key: 'plays' | 'listeners' | 'clicks') => weeks.reduce((n, w) => n + w[key], 0);

export interface WeeklyFigures {
  plays: { value: number; change: string };
  listeners: { value: number; change: string };
  clicks: { value: number; change: string };
  best: { title: string; slug: string; plays: number; change: string } | null;
  airings: { value: number; stations: number; change: string } | null;
}

export function createReportsService(deps: {
  repo: ReportsRepository;
  mailer: Mailer;
  jobs: JobRunner;
  origin: string;
  /** The app secret: unsubscribe links are signed with it. */
  secret: string;
  clock?: () => Date;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}) {
  const { repo, mailer, jobs, origin, secret, log } = deps;
  const clock = deps.clock ?? (() => new Date());

  const signatureOf = (userId: string) =>
    createHmac('sha256', secret).update(`weekly-report-unsubscribe\n${userId}`).digest('base64url');
  const unsubscribeUrl = (userId: string) =>
    `${origin}/unsubscribe/weekly-report?user=${encodeURIComponent(userId)}&sig=${signatureOf(userId)}`;

  function validSignature(userId: unknown, signature: unknown): userId is string {
    if (typeof userId !== 'string' || typeof signature !== 'string' || !userId) return false;
    const expected = Buffer.from(signatureOf(userId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The figures of the last whole week before `at` in the person's zone, against the week before. */
  async function figures(userId: string, timeZone: string, at: Date) {
    const weeks = reportWeeks(at, timeZone);
    const [current, previous, airs, airsBefore] = await Promise.all([
      repo.adWeeks(userId, weeks.current),
      repo.adWeeks(userId, weeks.previous),
      repo.airings(userId, weeks.current),
      repo.airings(userId, weeks.previous),
    ]);
    const figure = (key: 'plays' | 'listeners' | 'clicks') => {
      const value = sum(current, key);
      return { value, change: changeOf(value, sum(previous, key)) };
    };
    const best = bestOf(current);
    const bestBefore = best && previous.find((w) => w.adId === best.adId);
    const result: WeeklyFigures = {
      plays: figure('plays'),
      listeners: figure('listeners'),
      clicks: figure('clicks'),
      best: best && {
        title: best.title,
        slug: best.slug,
        plays: best.plays,
        change: changeOf(best.plays, bestBefore?.plays ?? 0),
      },
      // Stations' airings are told when either week had some: a drop to none shows too.
      airings:
        airs.airings > 0 || airsBefore.airings > 0
          ? { value: airs.airings, stations: airs.stations, change: changeOf(airs.airings, airsBefore.airings) }
          : null,
    };
    return { weeks, figures: result, adCount: current.length };
  }

  /** The report of the week before `at` for one person; null when they have no ads. */
  async function compose(userId: string, at: Date): Promise<MailMessage | null> {
    const person = await repo.settings(userId);
    if (!person) return null;
    const { weeks, figures: f, adCount } = await figures(userId, person.timeZone, at);
    if (adCount === 0) return null;
    const span = `${dayMonth.format(weeks.firstDay)} to ${dayMonth.format(weeks.lastDay)}`;
    const vs = (change: string) =>
      change === 'new' || change === 'no change' ? change : `${change} on the week before`;
    const unsubscribe = unsubscribeUrl(userId);
    return brandedMail({
      to: person.email,
      subject: `Your week on AdReplay: ${span}`,
      paragraphs: [
        `${person.firstName ? `Hello ${person.firstName}, here` : 'Here'} is how your ads did from Monday ${span}, against the week before.`,
      ],
      figures: [
        { label: 'Plays', value: number.format(f.plays.value), change: vs(f.plays.change) },
        { label: 'Unique listeners', value: number.format(f.listeners.value), change: vs(f.listeners.change) },
        { label: 'Clicks', value: number.format(f.clicks.value), change: vs(f.clicks.change) },
        f.best
          ? {
              label: `Best ad: ${f.best.title}`,
              value: `${number.format(f.best.plays)} ${f.best.plays === 1 ? 'play' : 'plays'}`,
              change: vs(f.best.change),
            }
          : { label: 'Best ad', value: 'none this week' },
        ...(f.airings
          ? [
              {
                label: f.airings.stations
                  ? `Airings (${f.airings.stations} ${f.airings.stations === 1 ? 'station' : 'stations'})`
                  : 'Airings',
                value: number.format(f.airings.value),
                change: vs(f.airings.change),
              },
            ]
          : []),
      ],
      action: { label: 'Open your dashboard', url: `${origin}/dashboard/analytics` },
      note: `Weeks run Monday to Sunday in your time zone (${person.timeZone}); you can change it in Settings.`,
      footerLink: { text: 'You get this report every Monday.', label: 'Unsubscribe', url: unsubscribe },
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  /**
   * One person's report of one week, at most once however many processes and retries run it: the claim row
   * decides who sends; a failed send gives the claim back and fails the attempt (the job retries).
   */
  async function sendWeekly({ userId, week, at }: ReportJob) {
    const person = await repo.settings(userId);
    // Off, or suspended since the tick found it due.
    if (!person?.weeklyReport || person.suspendedAt) return;
    if (!(await repo.claim(userId, week, clock()))) return;
    try {
      const message = await compose(userId, new Date(at));
      if (message) await mailer.send(message);
      await repo.markSent(userId, week, clock());
      if (message) log.info({ userId, week }, 'weekly report sent');
    } catch (err) {
      await repo.release(userId, week);
      throw err;
    }
  }

  /** Finds the people whose Monday 08:00 has come and who have not had this week's report: one job each. */
  async function tick(queue: Queue<ReportJob>) {
    const at = clock();
    const zones: string[] = [];
    for (const zone of await repo.zonesWithReaders()) {
      // Settings and sign-up store only real zones; a row that holds something else (written by hand, or
      // before they checked) is left out and told, rather than stopping everyone's report with a RangeError.
      if (!canonicalTimeZone(zone)) log.warn({ timeZone: zone }, 'weekly report: skipped a time zone that is not one');
      else if (reportDue(at, zone)) zones.push(zone);
    }
    const due = await repo.readersDue(zones, (zone) => reportWeeks(at, zone).week);
    for (const { userId, week } of due) {
      await queue.send({ userId, week, at: at.toISOString() }, { key: `${userId}:${week}` });
    }
    return due.length;
  }

  const queue = jobs.define<ReportJob>(REPORT_QUEUE, {
    handler: (job) => sendWeekly(job.data),
    concurrency: 2,
    retries: 5,
    retryDelaySeconds: 60,
    // One waiting job per person and week: the hourly ticks of one Monday add no second.
    policy: 'short',
  });
  jobs.define(REPORT_TICK_QUEUE, { handler: async () => void (await tick(queue)), retries: 2 });

  return {
    queue,
    tick: () => tick(queue),
    sendWeekly,
    compose,
    figures,
    unsubscribeUrl,

    /** Starts the hourly schedule (once the runner runs). */
    schedule: () => jobs.schedule(REPORT_TICK_QUEUE, REPORT_TICK_CRON, { tz: 'UTC' }),

    async settings(userId: string): Promise<ReportSettings> {
      const s = await repo.settings(userId);
      if (!s) throw new NotFoundError();
      return { timeZone: s.timeZone, weeklyReport: s.weeklyReport };
    },

    async updateSettings(userId: string, values: ReportSettings): Promise<ReportSettings> {
      const s = await repo.updateSettings(userId, values);
      if (!s) throw new NotFoundError();
      return s;
    },

    /** 'Send me this week's report': the same report, now, to the person asking (not counted as the week's). */
    async sendNow(userId: string) {
      const person = await repo.settings(userId);
      if (person && !canonicalTimeZone(person.timeZone)) throw new BadRequestError(reportMessages.invalidTimeZone);
      const message = await compose(userId, clock());
      if (!message) throw new BadRequestError(reportMessages.noAds);
      try {
        await mailer.send(message);
      } catch {
        throw new ServiceUnavailableError(reportMessages.reportFailed, 60);
      }
      return { message: reportMessages.reportSent(message.to) };
    },

    /** The signed link's unsubscribe: true when done, false when the link is not ours. */
    async unsubscribe(userId: unknown, signature: unknown) {
      if (!validSignature(userId, signature)) return false;
      return repo.unsubscribe(userId);
    },
    validSignature,
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
