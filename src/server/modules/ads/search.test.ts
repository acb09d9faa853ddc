import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdListResponse, AdSuggestResponse, HighlightPart } from '../../../shared/ads.js';
import { createUser, insertAd } from '../../db/seed/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createAdsRepository, type AdsRepository } from './ads.repository.js';
import { createAdsService } from './ads.service.js';
import { editDistance, mayMean, parseSearch } from './search-query.js';

let t: TestApp;
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.UTC(2026, 5, 30) - daysAgo * DAY);

beforeAll(async () => {
  t = await createTestApp();
  const owner = (await createUser(t.db)).id;
  const ad = (title: string, daysAgo: number, more: Partial<Parameters<typeof insertAd>[1]>) =>
    insertAd(t.db, { userId: owner, title, createdAt: at(daysAgo), ...more });
  await ad('Bean There Coffee Roasters', 5, {
    businessName: 'Bean There',
    description: 'Small-batch beans roasted every Monday.',
    category: 'Food & Dining',
    transcript: 'Tired of stale coffee? Your first bag ships free.',
  });
  await ad('Sunrise Bakery Weekend', 1, {
    businessName: 'Sunrise Bakery',
    description: 'Sourdough and croissants; we also pour coffee.',
    category: 'Food & Dining',
    transcript: 'Buy a dozen pastries this weekend and your second latte is free at Sunrise.',
  });
  await ad('Bright Smile Dental Checkup', 2, {
    businessName: 'Bright Smile',
    category: 'Healthcare',
    phone: '(555) 010-1201',
    transcript: 'Afraid of the dentist? Our gentle team makes cleanings painless.',
  });
  // Weights: 'harbor' in the title of one, only in the transcript of a newer one.
  await ad('Harbor Pizza Family Night', 9, { businessName: 'Harbor Pizza', category: 'Food & Dining' });
  await ad('Quick Tire Brake Special', 0, {
    businessName: 'Quick Tire',
    category: 'Automotive',
    transcript: 'Drive down to the harbor road for brakes in an hour.',
  });
  // Numbers as ads say them: in words, and in digits with '%', a hyphen, a decimal point or a slash.
  await ad('Corner Hardware Garden Sale', 6, {
    businessName: 'Corner Hardware',
    category: 'Retail',
    transcript: 'Seeds, soil and hand tools are twenty percent off this month. Call 555-0142.',
  });
  await ad('FlowRight Plumbing Repairs', 7, {
    businessName: 'FlowRight',
    category: 'Services',
    transcript: 'Burst pipe? We answer 24/7, twenty-four hours a day. Drain cleaning is 50% off, just $89.99.',
  });
  await ad('Lakeside Books Paperbacks', 8, {
    businessName: 'Lakeside Books',
    category: 'Retail',
    transcript: 'Paperbacks are twenty dollars, or two for thirty-five.',
  });
  await ad('WKRP Listener Pledge', 10, { businessName: 'WKRP', category: 'Other' });
  await ad('Markup Test Ad', 3, {
    businessName: 'Escapes',
    transcript: '<script>alert("x")</script> <b>bold</b> claims: the gizmo sale & more',
  });
});
afterAll(() => t.close());

/** Each request from an address of its own: searches have a limit per address, which this file passes. */
let client = 0;
const fromAnywhere = (url: string) =>
  t.app.inject({ url, remoteAddress: `10.9.${Math.floor(++client / 250)}.${client % 250}` });

async function list(search: string, extra = '') {
  const res = await fromAnywhere(`/api/ads?search=${encodeURIComponent(search)}${extra}`);
  expect(res.statusCode).toBe(200);
  return res.json() as AdListResponse;
}
const titles = (r: AdListResponse) => r.ads.map((a) => a.title);
const hits = (parts: HighlightPart[] | null | undefined) => (parts ?? []).filter((p) => p.hit).map((p) => p.text);
const joined = (parts: HighlightPart[] | null | undefined) => (parts ?? []).map((p) => p.text).join('');

describe('search query parsing', () => {
  it('keeps only words, quoted, with prefixes on words of 3 letters or more', () => {
    expect(parseSearch(`coffe`).tsquery).toBe(`'coffe':*`);
    expect(parseSearch(`a & b | !c <-> d:*`).tsquery).toBe(`'a' & 'b' & 'c' & 'd'`);
    expect(parseSearch(`'; DROP TABLE ads; --`).tsquery).toBe(`'drop':* & 'table':* & 'ads':*`);
    expect(parseSearch(`pizza OR coffee -tea`).tsquery).toBe(`'pizza':* | 'coffee':* & !'tea':*`);
    expect(parseSearch(`"second latte"`).tsquery).toBe(`('second' <-> 'latte':*)`);
    expect(parseSearch(`((( -`).tsquery).toBe('');
  });

  it('lets a number match its digits and its words, and a hyphen before digits', () => {
    // Before 'percent' or '%', a number in words must be followed by 'percent': 'twenty-four' is no 20%.
    expect(parseSearch(`20% off`).tsquery).toBe(`('20' | '-20' | ('twenty' <-> 'percent')) & 'off':*`);
    expect(parseSearch(`twenty percent off`).tsquery).toBe(`(('twenty' <-> 'percent') | '20') & 'off':*`);
    expect(parseSearch(`twenty`).tsquery).toBe(`('twenty':* | '20')`);
    expect(parseSearch(`150% off`).tsquery).toBe(`('150':* | '-150') & 'off':*`);
    expect(parseSearch(`25`).tsquery).toBe(`('25' | '-25' | ('twenty' <-> 'five'))`);
    expect(parseSearch(`"25 off"`).tsquery).toBe(`(('25' | '-25') <-> 'off':*)`);
    // A round number in words is not followed by a unit ('twenty-four' is indexed 'twenty', 'four');
    // in a phrase the next word is given; marking leaves the condition out.
    const ones = `'one' | 'two' | 'three' | 'four' | 'five' | 'six' | 'seven' | 'eight' | 'nine'`;
    expect(parseSearch(`20`).tsquery).toBe(`('20' | '-20' | ('twenty' <-> !(${ones})))`);
    expect(parseSearch(`20`).highlight).toBe(`('20' | '-20' | ('twenty'))`);
    expect(parseSearch(`"20 off"`).tsquery).toBe(`(('20' | '-20' | 'twenty') <-> 'off':*)`);
    // A phone number: its digits together (as an ad's phone is indexed), or its groups (as a transcript's).
    expect(parseSearch(`555-0142`).tsquery).toBe(`('5550142' | (('555':* | '-555') & ('0142':* | '-0142')))`);
    expect(parseSearch(`+1 555.010.1201 pizza`).tsquery).toBe(
      `('15550101201' | '5550101201' | (('1' | '-1' | 'one') & '555.010.1201':*)) & 'pizza':*`,
    );
    expect(parseSearch(`$89.99 24/7`).tsquery).toBe(`'89.99':* & '24/7':*`);
    // 'percent' is kept where no number says it.
    expect(parseSearch(`percent off`).words).toEqual(['percent', 'off']);
  });

  it('reads letters spelt out one by one as the word the ads write', () => {
    for (const spelt of ['k-x-r-p', 'K.X.R.P.', 'k x r p', 'kxrp'])
      expect(parseSearch(spelt).tsquery, spelt).toBe(`'kxrp':*`);
    expect(parseSearch('k-x-r-p pledge').words).toEqual(['kxrp', 'pledge']);
    // A letter before a word is not a spelt-out name.
    expect(parseSearch('x-ray').words).toEqual(['x', 'ray']);
    expect(parseSearch('a b').words).toEqual(['a', 'b']);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('dentsit', 'dentist')).toBe(1);
    expect(editDistance('cofee', 'coffee')).toBe(1);
    expect(editDistance('dentsit', 'dental')).toBe(3);
    expect([mayMean('plumbng', 'plumbing'), mayMean('fone', 'phone'), mayMean('tyre', 'tire')]).toEqual([
      true,
      true,
      true,
    ]);
    // Sounding the same is not enough when the letters are far apart: 'slow' is not a misheard 'sale'.
    expect([mayMean('breaks', 'brakes'), mayMean('slow', 'sale'), mayMean('kwik', 'quick')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([mayMean('hardwear', 'hardware'), mayMean('realtor', 'realty')]).toEqual([true, true]);
    expect([mayMean('bread', 'tread'), mayMean('matte', 'latte'), mayMean('doctor', 'door')]).toEqual([
      false,
      false,
      false,
    ]);
  });
});

describe('GET /api/ads with a search', () => {
  it('matches a word being typed by its prefix', async () => {
    const r = await list('coffe');
    expect(r.count).toBe(2);
    expect(r.didYouMean).toBeUndefined();
    expect(titles(r)).toContain('Bean There Coffee Roasters');
  });

  it('keeps stemming: roasting finds roasted', async () => {
    expect(titles(await list('roasting'))).toEqual(['Bean There Coffee Roasters']);
  });

  it('finds a phrase only the transcript holds, and shows that passage marked', async () => {
    const r = await list('second latte is free');
    expect(titles(r)).toEqual(['Sunrise Bakery Weekend']);
    const match = r.ads[0]!.match!;
    expect(match.snippetFrom).toBe('transcript');
    expect(hits(match.snippet)).toEqual(['second', 'latte', 'free']);
    expect(joined(match.snippet)).toContain('your second latte is free at Sunrise');
    expect(match.title).toBeNull();
  });

  it('corrects a misspelt word and says what it searched instead', async () => {
    const coffee = await list('cofee');
    expect(coffee.didYouMean).toBe('coffee');
    expect(coffee.count).toBe(2);
    const dentist = await list('dentsit');
    expect(dentist.didYouMean).toBe('dentist');
    expect(titles(dentist)).toEqual(['Bright Smile Dental Checkup']);
    expect(hits(dentist.ads[0]!.match!.snippet)).toEqual(['dentist']);
  });

  it('finds a kind of business by its category, without widening what an ad sells', async () => {
    expect(titles(await list('car'))).toEqual(['Quick Tire Brake Special']);
    expect(titles(await list('doctor'))).toEqual(['Bright Smile Dental Checkup']);
    expect(titles(await list('pizza restaurant'))).toEqual(['Harbor Pizza Family Night']);
    expect((await list('coffee')).count).toBe(2); // not every Food & Dining ad
  });

  it('corrects a word spelt by ear, but never into one that starts and sounds otherwise', async () => {
    const heard = await list('kleanings');
    expect(heard.didYouMean).toBe('cleanings');
    expect(titles(heard)).toEqual(['Bright Smile Dental Checkup', 'FlowRight Plumbing Repairs']);
    // 'matte' is a word of its own, not a misspelt 'latte' (as 'bread' is not 'tread').
    expect(await list('matte')).toEqual({ ads: [], count: 0 });
    expect(await list('sunrise matte')).toMatchObject({ didYouMean: 'sunrise', count: 1 });
    // Words that sound the same whose letters share too little for the trigram index; a plural typed by
    // ear is also heard as its singular ('break', which sounds as 'brake' does).
    for (const [typed, meant] of [
      ['tyre', 'tire'],
      ['breaks', 'brake'],
    ]) {
      const found = await list(typed!);
      expect(found.didYouMean, typed).toBe(meant);
      expect(titles(found)[0], typed).toBe('Quick Tire Brake Special');
    }
    expect(await list('slow')).toEqual({ ads: [], count: 0 });
  });

  it('leaves out a word no ad says when its correction finds nothing, and says so', async () => {
    // 'zzzzunicorn' is like no word; 'pastries' and 'latte' are remembered right.
    const remembered = await list('pastries zzzzunicorn latte');
    expect(remembered.didYouMean).toBe('pastries latte');
    expect(titles(remembered)).toEqual(['Sunrise Bakery Weekend']);
    // 'dentsit' corrects to 'dentist', which no ad says beside 'harbor': the correction finds nothing, so
    // only the word the ads do say is kept.
    const misheard = await list('harbor dentsit');
    expect(misheard.didYouMean).toBe('harbor');
    expect(titles(misheard)).toEqual(['Harbor Pizza Family Night', 'Quick Tire Brake Special']);
    // Three words or more, all said but never together: one was likely misheard. Without 'pizza', two ads;
    // without 'free', one: leaving out the word more ads say keeps the ad apart.
    const oneWrong = await list('food free pizza');
    expect(oneWrong.didYouMean).toBe('food pizza');
    expect(titles(oneWrong)).toEqual(['Harbor Pizza Family Night']);
    expect(titles(await list('bakery pastries pizza'))).toEqual(['Sunrise Bakery Weekend']);
    // As few either way ('stale coffee' finds only the roaster, 'bakery coffee' only the bakery): the one whose
    // ad says the words in its title or description, not only in its transcript.
    const asFew = await list('bakery stale coffee');
    expect(asFew.didYouMean).toBe('bakery coffee');
    expect(titles(asFew)).toEqual(['Sunrise Bakery Weekend']);
    // Six words are not tried one by one: an empty answer costs a few searches, not many.
    expect(await list('bakery pastries sourdough croissants latte pizza')).toEqual({ ads: [], count: 0 });
    // The correction comes first when it finds something.
    expect((await list('croissants cofee')).didYouMean).toBe('croissants coffee');
    // Two words the ads say, just never together, are not dropped: neither is more likely misheard.
    expect(await list('dentist pizza')).toEqual({ ads: [], count: 0 });
  });

  it('keeps a word that finds ads though no ad writes it so, and leaves out the one no ad says', async () => {
    // 'roaster' is the singular of the title's 'Roasters', 'car' a kind of business: remembered right.
    const form = await list('emergency roaster');
    expect(form.didYouMean).toBe('roaster');
    expect(titles(form)).toEqual(['Bean There Coffee Roasters']);
    const kind = await list('used car');
    expect(kind.didYouMean).toBe('car');
    expect(titles(kind)).toEqual(['Quick Tire Brake Special']);
    // Not a correction and a word left out at once: two guesses are one too many ('lawn mower' is not 'loan').
    expect(await list('dentsit emergency')).toEqual({ ads: [], count: 0 });
  });

  it('finds a number however the ad and the listener wrote it', async () => {
    expect(titles(await list('20% off'))).toEqual(['Corner Hardware Garden Sale']);
    expect(titles(await list('twenty percent off'))).toEqual(['Corner Hardware Garden Sale']);
    expect(titles(await list('fifty percent off'))).toEqual(['FlowRight Plumbing Repairs']);
    expect(titles(await list('50% off'))).toEqual(['FlowRight Plumbing Repairs']);
    expect(titles(await list('555-0142'))).toEqual(['Corner Hardware Garden Sale']);
    // A number the ad says, typed in another grouping (migration 0017).
    for (const heard of ['5550142', '555 0142', '555.0142']) {
      const found = await list(heard);
      expect(titles(found), heard).toEqual(['Corner Hardware Garden Sale']);
      // Why it matched: the passage that says the number (ten words each side at most), marked as written,
      // without its closing full stop (the card adds '...' after a passage).
      expect(found.ads[0]!.match!.snippetFrom, heard).toBe('transcript');
      expect(hits(found.ads[0]!.match!.snippet).join(''), heard).toBe('555-0142');
      expect(joined(found.ads[0]!.match!.snippet), heard).toBe(
        'and hand tools are twenty percent off this month. Call 555-0142',
      );
    }
    expect(titles(await list('89.99'))).toEqual(['FlowRight Plumbing Repairs']);
    expect(titles(await list('plumbing 24/7'))).toEqual(['FlowRight Plumbing Repairs']);
    expect((await list('555-0142')).didYouMean).toBeUndefined();
  });

  it("does not take the 'twenty' of 'twenty-four' for 20, and marks only the number", async () => {
    expect(titles(await list('20'))).toEqual(['Corner Hardware Garden Sale', 'Lakeside Books Paperbacks']);
    expect(titles(await list('30'))).toEqual([]);
    expect(titles(await list('35'))).toEqual(['Lakeside Books Paperbacks']);
    expect(titles(await list('24'))).toEqual(['FlowRight Plumbing Repairs']);
    const books = (await list('20')).ads[1]!.match!;
    expect(hits(books.snippet)).toEqual(['twenty']); // not the 'two' the condition names
  });

  it('finds an ad by its phone number, written as a listener would', async () => {
    for (const heard of [
      '555-010-1201',
      '(555) 010-1201',
      '010-1201',
      '5550101201',
      '555.010.1201',
      '+1 555 010 1201',
      '15550101201',
      '0101201',
    ]) {
      const found = await list(heard);
      expect(titles(found), heard).toEqual(['Bright Smile Dental Checkup']);
      expect(found.count).toBe(1);
      // Nothing the ad says matched: the card shows the number, marked whole.
      expect(found.ads[0]!.match).toMatchObject({ snippetFrom: 'phone' });
      expect(found.ads[0]!.match!.snippet).toEqual([{ text: '(555) 010-1201', hit: true }]);
    }
  });

  it('finds words heard apart that the ad writes as one, and heard as one that it writes apart', async () => {
    const together = await list('flow right');
    expect(together.didYouMean).toBe('flowright');
    expect(titles(together)).toEqual(['FlowRight Plumbing Repairs']);
    const apart = await list('cornerhardware');
    expect(apart.didYouMean).toBe('corner hardware');
    expect(titles(apart)).toEqual(['Corner Hardware Garden Sale']);
    // Among other words, whatever their case; with a correction of another word.
    expect((await list('Hard ware garden')).didYouMean).toBe('hardware garden');
    expect((await list('flow right plumbng')).didYouMean).toBe('flowright plumbing');
  });

  it('finds a call sign spelt out letter by letter, and never offers a search for every ad', async () => {
    for (const spelt of ['w-k-r-p', 'W.K.R.P.', 'w k r p']) {
      const found = await list(spelt);
      expect(titles(found), spelt).toEqual(['WKRP Listener Pledge']);
      expect(found.didYouMean, spelt).toBeUndefined();
    }
    // Leaving out the first of words joined by hyphens left '-dentist-coffee': every ad without them.
    expect(await list('pizza-dentist-coffee')).toEqual({ ads: [], count: 0 });
  });

  it('offers no correction when nothing is alike', async () => {
    expect(await list('zzzzunicorn')).toEqual({ ads: [], count: 0 });
  });

  it('ranks title and business above the transcript, then the newest', async () => {
    // Quick Tire is newer but says 'harbor' only in its transcript.
    expect(titles(await list('harbor'))).toEqual(['Harbor Pizza Family Night', 'Quick Tire Brake Special']);
    // 'coffee' in the title beats the description and the transcript of newer ads.
    expect(titles(await list('coffee'))[0]).toBe('Bean There Coffee Roasters');
  });

  it('orders by relevance, and keeps the exact count across pages', async () => {
    const first = await list('coffee', '&limit=1');
    const second = await list('coffee', '&limit=1&page=1');
    expect(first.count).toBe(2);
    expect(second.count).toBe(2);
    expect(first.ads[0]!.id).not.toBe(second.ads[0]!.id);
  });

  it('marks matching words of the title', async () => {
    const r = await list('bright');
    expect(r.ads[0]!.match!.title).toEqual([{ text: 'Bright', hit: true }, { text: ' Smile Dental Checkup' }]);
  });

  it('returns a transcript holding markup as text, marks in parts of their own', async () => {
    const r = await list('gizmo');
    const snippet = r.ads[0]!.match!.snippet!;
    // A passage starts at a word, so the first '<' is not in it; every other character is, as text.
    expect(joined(snippet)).toContain('alert("x")</script> <b>bold</b> claims: the gizmo sale & more');
    expect(r.ads[0]!.transcript).toBe('<script>alert("x")</script> <b>bold</b> claims: the gizmo sale & more');
    expect(hits(snippet)).toEqual(['gizmo']);
    expect(JSON.stringify(snippet)).not.toMatch(/<mark|\uE000|\uE001/);
  });

  it('leaves a list without a search newest first, with no match data', async () => {
    const r = (await t.app.inject('/api/ads')).json() as AdListResponse;
    expect(titles(r)[0]).toBe('Quick Tire Brake Special');
    expect(r.ads[0]).not.toHaveProperty('match');
  });
});

describe('a search of long nonsense words', () => {
  /** The service on the real repository, recording what it asks of the vocabulary. */
  function recorded() {
    const repo = createAdsRepository(t.db);
    const asked = { knownWords: [] as string[], similarWords: [] as string[][] };
    const service = createAdsService({
      repo: {
        ...repo,
        knownWords: (words) => (asked.knownWords.push(...words), repo.knownWords(words)),
        similarWords: (forms, limit) => (asked.similarWords.push(forms), repo.similarWords(forms, limit)),
      } satisfies AdsRepository,
    });
    return { service, asked };
  }
  const nonsense = (seed: number) =>
    Array.from({ length: 60 }, (_, i) => 'bcdfghjklmnpqrstvwxz'[(seed * 7 + i * i * 3 + i) % 20]).join('');

  it('looks none of them up for a correction: the vocabulary holds no word near one', async () => {
    const { service, asked } = recorded();
    const search = [1, 2, 3].map(nonsense).join(' ');
    expect(await service.list({ search, page: 0, limit: 12 } as Parameters<typeof service.list>[0])).toEqual({
      ads: [],
      count: 0,
    });
    // Only their two halves of 30 letters, the longest words the vocabulary keeps; no trigram search at all.
    expect(asked.similarWords).toEqual([]);
    expect(asked.knownWords.every((w) => w.length <= 30)).toBe(true);
    expect(asked.knownWords).toHaveLength(6);
  });

  it('still corrects a word as long as a vocabulary word and two slips', async () => {
    const { service, asked } = recorded();
    const r = await service.list({ search: 'dentistt', page: 0, limit: 12 } as Parameters<typeof service.list>[0]);
    expect(r.didYouMean).toBe('dentist');
    expect(asked.similarWords).toHaveLength(1);
  });
});

describe('GET /api/ads/suggest', () => {
  const suggest = async (q: string) => {
    const res = await fromAnywhere(`/api/ads/suggest?q=${encodeURIComponent(q)}`);
    return { status: res.statusCode, body: res.json() as AdSuggestResponse & { message?: string } };
  };

  it('suggests up to 5 ads for a word being typed, with the title marked', async () => {
    const { status, body } = await suggest('brig');
    expect(status).toBe(200);
    expect(body.suggestions).toEqual([
      {
        slug: expect.stringMatching(/^bright-smile/),
        title: 'Bright Smile Dental Checkup',
        businessName: 'Bright Smile',
        titleParts: [{ text: 'Bright', hit: true }, { text: ' Smile Dental Checkup' }],
      },
    ]);
  });

  it('suggests through a typo', async () => {
    const { body } = await suggest('dentsit');
    expect(body.didYouMean).toBe('dentist');
    expect(body.suggestions.map((s) => s.title)).toEqual(['Bright Smile Dental Checkup']);
  });

  it('suggests words heard apart as the ad writes them', async () => {
    const { body } = await suggest('flow right');
    expect(body.didYouMean).toBe('flowright');
    expect(body.suggestions.map((s) => s.title)).toEqual(['FlowRight Plumbing Repairs']);
  });

  it('suggests by the words the ads say when one of them is like none', async () => {
    const { body } = await suggest('pastries zzzzunicorn');
    expect(body.didYouMean).toBe('pastries');
    expect(body.suggestions.map((s) => s.title)).toEqual(['Sunrise Bakery Weekend']);
  });

  it('suggests by a word that finds ads though no ad writes it so', async () => {
    const { body } = await suggest('used car');
    expect(body.didYouMean).toBe('car');
    expect(body.suggestions.map((s) => s.title)).toEqual(['Quick Tire Brake Special']);
  });

  it('ignores a blank search and refuses a missing or long one', async () => {
    expect((await suggest('   ')).body).toEqual({ suggestions: [] });
    const missing = await t.app.inject('/api/ads/suggest');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('q');
    expect((await suggest('x'.repeat(500))).status).toBe(400);
  });
});
