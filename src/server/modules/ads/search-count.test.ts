import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adIsPublic, ads, searchLexemes } from '../../db/schema.js';
import { createUser, insertAd, makeAd } from '../../db/seed/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  type AdSearch,
  createAdsRepository,
  listVisibleQueries,
  type ListedAdRow,
  NARROW_MATCHES,
  RANKED,
  RECENT_WINDOW,
  withWholeWords,
} from './ads.repository.js';
import { parseSearch } from './search-query.js';

let t: TestApp;
let owner: string;
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 5, 30) - daysAgo * DAY);

beforeAll(async () => {
  t = await createTestApp();
  owner = (await createUser(t.db)).id;
});
afterAll(() => t.close());

const list = (search: string, more: { page?: number; limit?: number; category?: string } = {}) =>
  createAdsRepository(t.db).listVisible(
    { page: more.page ?? 0, limit: more.limit ?? 12, ...(more.category ? { category: more.category } : {}) } as never,
    search ? parseSearch(search) : undefined,
  );

describe('the exact count (ad_search, kept by a trigger)', () => {
  it('counts an ad exactly while it is public, through every write', async () => {
    const blank = (await list('')).count;
    const ad = await insertAd(t.db, { userId: owner, title: 'Zeppelin Rides', category: 'Travel' });
    await insertAd(t.db, { userId: owner, title: 'Zeppelin Draft', status: 'draft' });
    await insertAd(t.db, { userId: owner, title: 'Zeppelin Paused', isActive: false });
    expect((await list('zeppelin')).count).toBe(1);
    expect((await list('')).count).toBe(blank + 1);

    const set = (values: Partial<typeof ads.$inferInsert>) => t.db.update(ads).set(values).where(eq(ads.id, ad.id));
    await set({ isActive: false });
    expect(await list('zeppelin')).toEqual({ rows: [], count: 0 });
    expect((await list('')).count).toBe(blank);
    await set({ isActive: true });
    expect((await list('zeppelin')).count).toBe(1);
    await set({ status: 'draft' });
    expect((await list('zeppelin')).count).toBe(0);
    await set({ status: 'published' });

    // The words, the category and the transcript follow an edit.
    await set({ title: 'Airship Rides' });
    expect((await list('zeppelin')).count).toBe(0);
    expect((await list('airship')).count).toBe(1);
    await set({ transcript: 'Book a zeppelin flight today.' });
    expect((await list('zeppelin')).count).toBe(1);
    expect((await list('zeppelin', { category: 'Travel' })).count).toBe(1);
    await set({ category: 'Other' });
    expect((await list('zeppelin', { category: 'Travel' })).count).toBe(0);
    expect((await list('zeppelin', { category: 'Other' })).count).toBe(1);
    // So does the phone number (migration 0015).
    await set({ phone: '(555) 014-7788' });
    expect((await list('014-7788')).count).toBe(1);
    await set({ phone: '(555) 014-9911' });
    expect(await list('014-7788')).toEqual({ rows: [], count: 0 });
    expect((await list('014-9911')).count).toBe(1);

    await t.db.delete(ads).where(eq(ads.id, ad.id));
    expect((await list('zeppelin')).count).toBe(0);
    expect((await list('')).count).toBe(blank);
  });
});

describe('relevance among the newest matches', () => {
  it(`ranks the newest ${RANKED} matches, then pages through the rest newest first, never twice`, async () => {
    // RANKED + 10 ads say 'quokka' in their transcript only; the newest of them and the oldest also have it
    // in the title.
    const total = RANKED + 10;
    await t.db.insert(ads).values(
      Array.from({ length: total }, (_, i) =>
        makeAd({
          userId: owner,
          title: i === 5 || i === total - 1 ? `Quokka Cafe ${i}` : `Island Tours ${i}`,
          transcript: 'See a quokka on the island.',
          createdAt: at(i),
        }),
      ),
    );
    const seen: string[] = [];
    // Pages of 30: one of them runs past the ranked matches.
    for (let page = 0; page * 30 < total; page++) {
      const r = await list('quokka', { page, limit: 30 });
      expect(r.count).toBe(total);
      seen.push(...r.rows.map((a) => a.title));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    // The title match among the newest comes first; the old one is past the ranked ones, in date order.
    expect(seen[0]).toBe('Quokka Cafe 5');
    expect(seen.slice(1, 5)).toEqual(['Island Tours 0', 'Island Tours 1', 'Island Tours 2', 'Island Tours 3']);
    expect(seen.at(-1)).toBe(`Quokka Cafe ${total - 1}`);
    expect(seen.slice(RANKED)).toEqual(
      Array.from({ length: 10 }, (_, k) =>
        RANKED + k === total - 1 ? `Quokka Cafe ${total - 1}` : `Island Tours ${RANKED + k}`,
      ),
    );
    // A page wholly past them.
    expect((await list('quokka', { page: 17, limit: 12 })).rows.map((a) => a.title)).toEqual(seen.slice(204));
  });
});

describe('a page read from the narrow table (few matches)', () => {
  it(`gives the same page as the wide table, searched, filtered or past the ${RANKED} ranked matches`, async () => {
    // 'wombat' in RANKED + 30 transcripts, in the titles of some, across two categories; 'emu' in a fifth.
    const total = RANKED + 30;
    await t.db.insert(ads).values(
      Array.from({ length: total }, (_, i) =>
        makeAd({
          userId: owner,
          title: i % 7 === 0 ? `Wombat Walks ${i}` : `Bush Camp ${i}`,
          category: i % 2 ? 'Travel' : 'Other',
          transcript: i % 5 === 0 ? 'A wombat and an emu.' : 'A wombat at dusk.',
          createdAt: at(2000 + i),
        }),
      ),
    );
    const page = (search: AdSearch, narrow: boolean, q: { page: number; limit: number; category?: 'Travel' }) =>
      listVisibleQueries(t.db, q as never, search, { narrow }).rows.then((rows) =>
        (rows as ListedAdRow[]).map((r) => [r.title, r.score, r.titleHeadline, r.transcriptHeadline]),
      );
    const read = [];
    for (const words of ['wombat', 'wombat emu', 'womb', 'wombat -emu']) {
      // As typed, and with its unfinished words spelt whole (decision 37), as the list reads it.
      const search = parseSearch(words);
      const whole = await withWholeWords(t.db, search);
      expect(whole.whole).not.toContain(':*');
      for (const q of [
        { page: 0, limit: 12 },
        { page: 1, limit: 5 },
        { page: 0, limit: 12, category: 'Travel' as const },
        { page: 6, limit: 30 }, // across the ranked matches' end
        { page: 7, limit: 30 }, // wholly past it
      ]) {
        const wide = await page(search, false, q);
        expect(await page(search, true, q)).toEqual(wide);
        expect(await page(whole, true, q)).toEqual(wide);
        expect(await page(whole, false, q)).toEqual(wide);
        read.push(wide.length);
      }
    }
    expect(read.slice(0, 5)).toEqual([12, 5, 12, 30, 20]);
    expect((await list('wombat')).count).toBe(total);
    expect(total).toBeLessThanOrEqual(NARROW_MATCHES);
  });
});

describe('suggestions from transcripts only', () => {
  it(`finds the newest ads saying a word only in their transcript, among the newest ${RECENT_WINDOW} or further back`, async () => {
    // More ads than the window, a day apart: 'numbat' is said by six of the newest, 'wallaby' by the two
    // oldest only, and no title, business or description holds either.
    const total = RECENT_WINDOW + 10;
    const says = (i: number) =>
      [2, 3, 4, 7, 9, 11].includes(i) ? 'Spot a numbat today.' : i >= total - 2 ? 'A wallaby waits.' : 'Calm seas.';
    await t.db
      .insert(ads)
      .values(
        Array.from({ length: total }, (_, i) =>
          makeAd({ userId: owner, title: `Reef Trips ${i}`, transcript: says(i), createdAt: at(1000 + i) }),
        ),
      );
    const suggest = async (q: string) =>
      (await createAdsRepository(t.db).suggest(parseSearch(q), 5)).map((s) => s.title);
    expect(await suggest('numba')).toEqual([2, 3, 4, 7, 9].map((i) => `Reef Trips ${i}`));
    expect(await suggest('wallab')).toEqual([`Reef Trips ${total - 2}`, `Reef Trips ${total - 1}`]);
  });
});

describe('unfinished words asked for as whole lexemes (whole_words)', () => {
  const wholeWords = async (tsquery: string) =>
    (
      (await t.db.execute(sql`SELECT whole_words(${tsquery}::tsquery)::text AS q`)) as unknown as {
        rows: { q: string }[];
      }
    ).rows[0]!.q;

  it('finds what the prefix finds, a word new to the directory included', async () => {
    for (const [i, title] of ['Capybara Petting', 'Capybaras at Dawn', 'Capstone Tutors', 'Capsule Hotel'].entries())
      await insertAd(t.db, { userId: owner, title, transcript: `Visit ${title} ${i}.` });
    expect(await wholeWords(`'capy':*`)).toBe(`'capybara'`);
    expect(await wholeWords(`'caps':* & !'capsul':*`)).toBe(`( 'capston' | 'capsul' ) & !'capsul'`);
    // The count (whole_words on ad_search) against the prefix on the wide table.
    const wide = async (search: string) =>
      (
        await t.db
          .select({ n: count() })
          .from(ads)
          .where(and(adIsPublic, sql`${ads.searchVector} @@ to_tsquery('english', ${parseSearch(search).tsquery})`))
      )[0]!.n;
    for (const search of ['capy', 'caps', 'cap', 'capybara dawn', '"visit capy"', 'caps -capsule', 'capstone or capy'])
      expect({ search, n: (await list(search)).count }).toEqual({ search, n: await wide(search) });
    expect((await list('cap')).count).toBe(4);

    // A lexeme no ad said before is there as soon as the ad is.
    await insertAd(t.db, { userId: owner, title: 'Capsicum Farm Shop' });
    expect((await list('capsi')).count).toBe(1);
    expect(await wholeWords(`'caps':*`)).toBe(`'capsicum' | 'capston' | 'capsul'`);
  });

  it('keeps a prefix that begins more than 32 lexemes, or none, or has a weight; quotes and backslashes survive', async () => {
    const lexemes = [...Array.from({ length: 33 }, (_, i) => `zq${i}`), `o'zq`, `o'zqy`, 'a\\zq', 'a\\zqx'];
    await t.db.insert(searchLexemes).values(lexemes.map((lexeme) => ({ lexeme })));
    expect(await wholeWords(`'zq':*`)).toBe(`'zq':*`);
    expect(await wholeWords(`'zq3':* <-> 'tour'`)).toBe(`( 'zq3' | 'zq30' | 'zq31' | 'zq32' ) <-> 'tour'`);
    expect(await wholeWords(`'zq3':*B`)).toBe(`'zq3':*B`);
    expect(await wholeWords(`'zqz':*`)).toBe(`'zqz':*`);
    expect(await wholeWords(`'o''zq':* & 'a\\\\zq':*`)).toBe(`( 'o''zq' | 'o''zqy' ) & ( 'a\\\\zq' | 'a\\\\zqx' )`);
  });
});
