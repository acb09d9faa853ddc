import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSmtpMailer } from '../../adapters/mailer/mailer.js';
import { airings, analytics, reportSends, stations, users } from '../../db/schema.js';
import { createUser, insertAd } from '../../db/seed/factories.js';
import { createReportsRepository } from './reports.repository.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness.js';
import { decodeQuotedPrintable, mimeStructure, readRawMails, startSmtpCatcher } from '../../test/mail.js';
import { cookieOf, signUpUser } from '../../test/session.js';
import { authServerMessages } from '../../../shared/auth.js';
import { reportMessages } from '../../../shared/reports.js';

const FROM = 'AdReplay <no-reply@adreplay.test>';
// Monday 30 November 2026, 08:00 in Paris (CET, UTC+1).
const MONDAY_8_PARIS = new Date('2026-11-30T07:00:00Z');

let now = MONDAY_8_PARIS;
const clock = () => now;
let inbox: string;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let t: TestApp;
let other: TestApp; // a second app process on the same database

beforeAll(async () => {
  inbox = await mkdtemp(path.join(os.tmpdir(), 'adreplay-report-inbox-'));
  smtp = await startSmtpCatcher(inbox);
  const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM);
  const database = await openTestDatabase();
  t = await createTestApp({}, { mailer, clock, database });
  other = await createTestApp({}, { mailer, clock, database });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await t?.close();
  await t?.database.close();
  await smtp?.close();
  await rm(inbox, { recursive: true, force: true });
});

beforeEach(() => {
  now = MONDAY_8_PARIS;
});

/** Weekly reports for one address that arrived at the SMTP server (sign-up's verification mail aside). */
async function mailsTo(email: string) {
  return (await readRawMails(inbox)).filter(
    (m) => m.includes(`To: ${email}`) && decodeQuotedPrintable(m).includes('Your week on AdReplay'),
  );
}

let keys = 0;
/** Counted events of an ad at a moment: `plays` plays by as many listeners, `clicks` clicks. */
async function seedEvents(adId: string, at: string, plays: number, clicks = 0, sameListener = false) {
  const rows = [
    ...Array.from({ length: plays }, () => ({
      adId,
      eventType: 'play',
      listenerKey: sameListener ? `same-${adId}-${at}` : `k${++keys}`,
      createdAt: new Date(at),
    })),
    ...Array.from({ length: clicks }, () => ({
      adId,
      eventType: 'click',
      listenerKey: `k${++keys}`,
      createdAt: new Date(at),
    })),
  ];
  if (rows.length) await t.db.insert(analytics).values(rows);
}

async function advertiser(timeZone: string, firstName = 'Rosa') {
  const user = await createUser(t.db, { firstName });
  await t.db.update(users).set({ timeZone }).where(eq(users.id, user.id));
  return user;
}

/** Runs the hourly tick as the schedule would, and waits for the runner to finish the jobs it sent. */
async function tickAndSettle(app: TestApp = t) {
  const sent = await app.app.reports.tick();
  await vi.waitFor(
    async () => {
      const counts = (await app.app.jobs.counts())['weekly-report'];
      expect((counts?.created ?? 0) + (counts?.active ?? 0) + (counts?.retry ?? 0)).toBe(0);
    },
    { timeout: 15_000, interval: 100 },
  );
  return sent;
}

describe('the weekly report', () => {
  it("arrives on Monday 08:00 in the advertiser's zone with last week's figures against the week before", async () => {
    const rosa = await advertiser('Europe/Paris');
    const bakery = await insertAd(t.db, { userId: rosa.id, title: 'Morning Bakery' });
    const garage = await insertAd(t.db, { userId: rosa.id, title: 'Night Garage' });
    // The reported week: Monday 23 November 00:00 to Monday 30 November 00:00, Paris time.
    await seedEvents(bakery.id, '2026-11-22T23:30:00Z', 2, 1); // 00:30 on Monday 23 in Paris: this week
    await seedEvents(bakery.id, '2026-11-25T12:00:00Z', 4, 1, true); // four plays by one listener
    await seedEvents(garage.id, '2026-11-29T22:59:00Z', 3); // 23:59 on Sunday 29 in Paris: this week
    await seedEvents(garage.id, '2026-11-29T23:30:00Z', 5, 5); // Monday 30 in Paris: next week's
    // The week before.
    await seedEvents(bakery.id, '2026-11-22T22:30:00Z', 4, 1); // 23:30 on Sunday 22 in Paris
    // Radio airings of this week (a partner's station).
    const partner = await createUser(t.db);
    const [station] = await t.db
      .insert(stations)
      .values({ userId: partner.id, callSign: 'KTST', name: 'Test FM', timeZone: 'Europe/Paris' })
      .returning();
    await t.db.insert(airings).values(
      ['2026-11-24T08:00:00Z', '2026-11-26T08:00:00Z'].map((at) => ({
        stationId: station!.id,
        adId: bakery.id,
        startedAt: new Date(at),
        heardMs: 30_000,
        source: 'reported' as const,
      })),
    );

    // 07:59 in Paris: not yet.
    now = new Date('2026-11-30T06:59:00Z');
    await tickAndSettle();
    expect(await mailsTo(rosa.email)).toHaveLength(0);

    now = MONDAY_8_PARIS;
    expect(await tickAndSettle()).toBeGreaterThanOrEqual(1);
    const [raw, ...more] = await vi.waitFor(async () => {
      const mails = await mailsTo(rosa.email);
      expect(mails.length).toBeGreaterThan(0);
      return mails;
    });
    expect(more).toHaveLength(0);

    // One-click unsubscribe headers (RFC 8058) naming the signed link.
    const head = raw!.slice(0, raw!.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(head)?.[1];
    expect(link).toMatch(
      new RegExp(`^${t.config.PUBLIC_ORIGIN}/unsubscribe/weekly-report\\?user=${rosa.id}&sig=[\\w-]{43}$`),
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(decodeQuotedPrintable(head)).toContain('Subject: Your week on AdReplay: 23 November to 29 November');

    const mime = mimeStructure(raw!);
    expect(mime.parts.map((p) => p.contentType.split(';')[0])).toEqual(['text/plain', 'text/html']);
    const text = mime.parts[0]!.body;
    // Plays 2+4+3 = 9 against 4; listeners 2+1+3 = 6 against 4; clicks 2 against 1.
    expect(text).toContain('Hello Rosa, here is how your ads did from Monday 23 November to 29 November');
    expect(text).toContain('Plays: 9 (+125% on the week before)');
    expect(text).toContain('Unique listeners: 6 (+50% on the week before)');
    expect(text).toContain('Clicks: 2 (+100% on the week before)');
    expect(text).toContain('Best ad: Morning Bakery: 6 plays (+50% on the week before)');
    expect(text).toContain('Airings (1 station): 2 (new)');
    expect(text).toContain(`Open your dashboard: ${t.config.PUBLIC_ORIGIN}/dashboard/analytics`);
    expect(text).toContain(`Unsubscribe: ${link}`);
    expect(text).toContain('(Europe/Paris)');
    const html = mime.parts[1]!.body;
    expect(html).toContain('Morning Bakery');
    expect(html).toContain('+125% on the week before');
    expect(html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);

    // Later ticks of the same Monday send nothing more.
    now = new Date('2026-11-30T09:00:00Z');
    await tickAndSettle();
    expect(await mailsTo(rosa.email)).toHaveLength(1);
    const [record] = await t.db.select().from(reportSends).where(eq(reportSends.userId, rosa.id));
    expect(record).toMatchObject({ week: '2026-W49', state: 'sent' });
  });

  it('leaves out airings when neither week had any, and says new for a first week', async () => {
    const sam = await advertiser('Europe/Paris', 'Sam');
    const ad = await insertAd(t.db, { userId: sam.id, title: 'Corner Shop' });
    await seedEvents(ad.id, '2026-11-26T10:00:00Z', 3, 1);
    await tickAndSettle();
    const [raw] = await vi.waitFor(async () => {
      const mails = await mailsTo(sam.email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    const text = mimeStructure(raw!).parts[0]!.body;
    expect(text).toContain('Plays: 3 (new)');
    expect(text).toContain('Clicks: 1 (new)');
    expect(text).not.toContain('Airings');
  });

  it('tells airings that dropped to none, against the week before', async () => {
    const dee = await advertiser('Europe/Paris', 'Dee');
    const ad = await insertAd(t.db, { userId: dee.id, title: 'Gone Quiet' });
    const [station] = await t.db
      .insert(stations)
      .values({ userId: dee.id, callSign: 'KDRP', name: 'Drop FM', timeZone: 'Europe/Paris' })
      .returning();
    // Three airings the week before (16 to 22 November, Paris time), none in the reported week.
    await t.db.insert(airings).values(
      ['2026-11-17T08:00:00Z', '2026-11-18T08:00:00Z', '2026-11-19T08:00:00Z'].map((at) => ({
        stationId: station!.id,
        adId: ad.id,
        startedAt: new Date(at),
        heardMs: 30_000,
        source: 'reported' as const,
      })),
    );
    await tickAndSettle();
    const [raw] = await vi.waitFor(async () => {
      const mails = await mailsTo(dee.email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    const text = mimeStructure(raw!).parts[0]!.body;
    expect(text).toContain('Airings: 0 (-100% on the week before)');
  });

  it('waits for Monday 08:00 in each zone: New York gets it five hours after Paris', async () => {
    const ny = await advertiser('America/New_York');
    await insertAd(t.db, { userId: ny.id });
    await tickAndSettle(); // 02:00 in New York
    expect(await mailsTo(ny.email)).toHaveLength(0);
    now = new Date('2026-11-30T13:00:00Z'); // 08:00 in New York
    await tickAndSettle();
    await vi.waitFor(async () => expect(await mailsTo(ny.email)).toHaveLength(1));
  });

  it('is sent once when two app processes tick at once and run the same job at once', async () => {
    const kim = await advertiser('Europe/Paris', 'Kim');
    await insertAd(t.db, { userId: kim.id });
    await Promise.all([tickAndSettle(t), tickAndSettle(other)]);
    // The same job run twice at the same moment (a retry racing a takeover): one claim wins.
    const job = { userId: kim.id, week: '2026-W49', at: MONDAY_8_PARIS.toISOString() };
    await Promise.all([t.app.reports.sendWeekly(job), other.app.reports.sendWeekly(job)]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(kim.email)).toHaveLength(1);
  });

  it('gives a failed send back, so that the retry sends it', async () => {
    const lee = await advertiser('Europe/Paris', 'Lee');
    await insertAd(t.db, { userId: lee.id });
    const week = { userId: lee.id, week: '2026-W49', at: MONDAY_8_PARIS.toISOString() };
    await smtp.close();
    await expect(t.app.reports.sendWeekly(week)).rejects.toThrow();
    expect(await t.db.select().from(reportSends).where(eq(reportSends.userId, lee.id))).toHaveLength(0);
    smtp = await startSmtpCatcher(inbox, smtp.port);
    await t.app.reports.sendWeekly(week);
    await vi.waitFor(async () => expect(await mailsTo(lee.email)).toHaveLength(1));
  });

  it('skips an account whose stored time zone is not one, and still sends to everyone else', async () => {
    const mars = await advertiser('Mars/Olympus', 'Marvin');
    await insertAd(t.db, { userId: mars.id });
    const paris = await advertiser('Europe/Paris', 'Pia');
    await insertAd(t.db, { userId: paris.id });
    await tickAndSettle();
    await vi.waitFor(async () => expect(await mailsTo(paris.email)).toHaveLength(1));
    expect(await mailsTo(mars.email)).toHaveLength(0);
    // 'Send me this week's report' asks for a zone rather than failing.
    await expect(t.app.reports.sendNow(mars.id)).rejects.toThrow(reportMessages.invalidTimeZone);
    // Out of the way of the tests after this one.
    await t.db.update(users).set({ weeklyReport: false }).where(eq(users.id, mars.id));
  });

  it('is not sent to a suspended account', async () => {
    const sus = await advertiser('Europe/Paris', 'Suki');
    await insertAd(t.db, { userId: sus.id });
    await t.db
      .update(users)
      .set({ suspendedAt: new Date('2026-11-20T00:00:00Z') })
      .where(eq(users.id, sus.id));
    const due = await createReportsRepository(t.db).readersDue(['Europe/Paris'], () => '2026-W49');
    expect(due.map((r) => r.userId)).not.toContain(sus.id);
    await tickAndSettle();
    // A job found due before the suspension sends nothing either.
    await t.app.reports.sendWeekly({ userId: sus.id, week: '2026-W49', at: MONDAY_8_PARIS.toISOString() });
    expect(await mailsTo(sus.email)).toHaveLength(0);
  });

  it('is not sent to an account without ads', async () => {
    const noAds = await advertiser('Europe/Paris', 'Nia');
    await tickAndSettle();
    await t.app.reports.sendWeekly({ userId: noAds.id, week: '2026-W49', at: MONDAY_8_PARIS.toISOString() });
    expect(await mailsTo(noAds.email)).toHaveLength(0);
  });
});

describe('unsubscribing by the signed link', () => {
  async function reader() {
    const user = await advertiser('Europe/Paris', 'Uma');
    await insertAd(t.db, { userId: user.id });
    const url = new URL(t.app.reports.unsubscribeUrl(user.id));
    const weeklyReport = async () =>
      (await t.db.select({ on: users.weeklyReport }).from(users).where(eq(users.id, user.id)))[0]!.on;
    return { user, path: `${url.pathname}${url.search}`, weeklyReport };
  }

  it('shows a page with a button on GET (a link scanner changes nothing), and the button unsubscribes', async () => {
    const { path: link, weeklyReport } = await reader();
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('Stop the weekly report?');
    expect(page.body).toContain(`<form method="post" action="${link.replace(/&/g, '&amp;')}">`);
    expect(await weeklyReport()).toBe(true);

    // The page's own button: a same-origin form post.
    const done = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { origin: t.config.PUBLIC_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await weeklyReport()).toBe(false);
  });

  it("unsubscribes by the mail provider's one-click POST, and no report follows", async () => {
    const { user, path: link, weeklyReport } = await reader();
    const res = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await weeklyReport()).toBe(false);
    await tickAndSettle();
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it('refuses a link with a wrong signature, or one signed for someone else, with a clear page', async () => {
    const a = await reader();
    const b = await reader();
    const forged = a.path.replace(/sig=[\w-]+/, `sig=${'A'.repeat(43)}`);
    const swapped = a.path.replace(/sig=[\w-]+/, /sig=[\w-]+/.exec(b.path)![0]);
    for (const url of [forged, swapped, '/unsubscribe/weekly-report', `/unsubscribe/weekly-report?user=${a.user.id}`]) {
      const get = await t.app.inject({ method: 'GET', url });
      expect(get.statusCode, url).toBe(400);
      expect(get.body).toContain(reportMessages.badUnsubscribeLink);
      const post = await t.app.inject({
        method: 'POST',
        url,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(post.statusCode, url).toBe(400);
    }
    expect(await a.weeklyReport()).toBe(true);
    expect(await b.weeklyReport()).toBe(true);
  });
});

describe('report settings', () => {
  it('keeps the time zone the browser sent at sign-up, and UTC for anything that is not one', async () => {
    const signUp = async (timeZone: unknown) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: `10.9.${++keys % 250}.${keys % 250}`,
        headers: { origin: t.config.PUBLIC_ORIGIN },
        payload: {
          email: `tz-${keys}-${process.pid}@example.com`,
          password: 'tuned-radio-42',
          name: 'T Z',
          firstName: 'T',
          lastName: 'Z',
          companyName: 'TZ',
          timeZone,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const settings = await t.app.inject({ url: '/api/my/report-settings', headers: { cookie: cookieOf(res) } });
      return settings.json();
    };
    expect(await signUp('America/New_York')).toEqual({ timeZone: 'America/New_York', weeklyReport: true });
    expect(await signUp('Mars/Olympus_Mons')).toEqual({ timeZone: 'UTC', weeklyReport: true });
    expect(await signUp('+02:00')).toEqual({ timeZone: 'UTC', weeklyReport: true });
    expect(await signUp(undefined)).toEqual({ timeZone: 'UTC', weeklyReport: true });
  });

  it('changes the zone and the switch in Settings, refusing a zone that does not exist', async () => {
    const { cookie } = await signUpUser(t);
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/my/report-settings',
        headers: { cookie, origin: t.config.PUBLIC_ORIGIN },
        payload,
      });
    const bad = await put({ timeZone: 'Europe/Atlantis', weeklyReport: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(reportMessages.invalidTimeZone);
    expect((await t.app.inject({ url: '/api/my/report-settings', headers: { cookie } })).json()).toEqual({
      timeZone: 'UTC',
      weeklyReport: true,
    });
    const ok = await put({ timeZone: 'Asia/Tokyo', weeklyReport: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ timeZone: 'Asia/Tokyo', weeklyReport: false });
    expect((await t.app.inject({ url: '/api/my/report-settings' })).statusCode).toBe(401);
  });

  it('cannot be changed past Settings: update-user refuses a time zone, valid or not, and keeps the stored one', async () => {
    const { id, cookie } = await signUpUser(t);
    for (const timeZone of ['Mars/Olympus', 'Asia/Tokyo']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie, origin: t.config.PUBLIC_ORIGIN },
        payload: { timeZone },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(authServerMessages.changeInSettings);
    }
    const [row] = await t.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, id));
    expect(row!.timeZone).toBe('UTC');
  });

  it("sends this week's report now on request, and says why not without ads", async () => {
    const { id, email, cookie } = await signUpUser(t);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/my/report-settings/send-now',
        headers: { cookie, origin: t.config.PUBLIC_ORIGIN },
      });
    const none = await send();
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(reportMessages.noAds);
    const ad = await insertAd(t.db, { userId: id, title: 'Asked For' });
    await seedEvents(ad.id, '2026-11-24T10:00:00Z', 2);
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(reportMessages.reportSent(email));
    const [raw] = await vi.waitFor(async () => {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mimeStructure(raw!).parts[0]!.body).toContain('Plays: 2 (new)');
    // Not counted as the week's report: Monday's still goes out.
    expect(await t.db.select().from(reportSends).where(eq(reportSends.userId, id))).toHaveLength(0);
  });
});

describe('without an SMTP server', () => {
  it('keeps the report in the outbox folder, as all mail', async () => {
    const local = await createTestApp({}, { clock });
    try {
      const user = await createUser(local.db, { firstName: 'Olga', email: 'olga@example.com' });
      await local.db.update(users).set({ timeZone: 'Europe/Paris' }).where(eq(users.id, user.id));
      const ad = await insertAd(local.db, { userId: user.id, title: 'Kept Locally' });
      await local.db.insert(analytics).values({
        adId: ad.id,
        eventType: 'play',
        listenerKey: 'outbox-1',
        createdAt: new Date('2026-11-25T09:00:00Z'),
      });
      expect(await tickAndSettle(local)).toBe(1);
      const kept = (await readRawMails(local.outboxDir)).filter((m) => m.includes('To: olga@example.com'));
      expect(kept).toHaveLength(1);
      expect(decodeQuotedPrintable(kept[0]!)).toContain('Your week on AdReplay');
    } finally {
      await local.close();
    }
  });
});
