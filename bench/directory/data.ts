import { CATEGORIES } from '../../src/shared/categories.js';
import type { Db } from '../../src/server/db/client.js';
import { ads, users } from '../../src/server/db/schema.js';
import { seededRandom } from '../../src/shared/random.js';

const ADJECTIVES =
  'fresh local family friendly trusted premium affordable classic modern rustic golden sunny coastal urban quiet bright cozy speedy reliable honest organic handmade vintage smart green royal happy lucky bold gentle quick clever northern southern eastern western downtown uptown riverside lakeside hillside mountain valley prairie harbor metro village county city national global secure instant daily weekly evening morning midnight seasonal holiday summer winter spring autumn wild calm crisp sparkling shining loyal expert certified licensed independent'.split(
    ' ',
  );
const NOUNS =
  'bakery pizzeria diner cafe bistro grill taqueria deli creamery brewery winery roastery dealership garage tire auto body detail carwash bank credit union mortgage insurance advisor accountant clinic dental pharmacy optometry chiropractic therapy fitness gym yoga spa salon barber realty homes apartments storage hardware lumber garden nursery florist boutique jewelry furniture mattress appliance electronics computer phone repair plumbing heating cooling roofing electric painting cleaning landscaping moving locksmith pest veterinary grooming kennel daycare school academy tutoring music dance theater cinema museum hotel motel resort travel cruise airline tours camping outfitters bikes sports books toys games pets shoes tailor laundry printing signs marketing software internet wireless solar energy recycling'.split(
    ' ',
  );
const OFFERS =
  'sale discount special deal coupon clearance grand opening anniversary giveaway free trial bonus rebate financing membership subscription bundle package upgrade consultation estimate inspection delivery pickup catering tasting workshop class event festival celebration launch preview'.split(
    ' ',
  );
const EXTRA =
  'sourdough croissant espresso burrito lasagna sushi ramen barbecue brisket smoothie gelato cupcake bagel pretzel kombucha lager stout pinot merlot sedan pickup hybrid minivan convertible transmission alternator brakes mortgage refinance retirement savings checking dental braces whitening vision hearing massage acupuncture pilates kickboxing condo townhouse bungalow duplex acreage hammer drill lumber mulch tulips roses sofa recliner laptop tablet router fiber broadband thermostat furnace shingles gutters lawn hedges piano guitar violin ballet salsa passport luggage snorkel kayak tent bicycle sneakers denim tuxedo'.split(
    ' ',
  );
const CITIES = [
  'Austin, TX',
  'Dallas, TX',
  'Houston, TX',
  'Portland, OR',
  'Eugene, OR',
  'Seattle, WA',
  'Spokane, WA',
  'Denver, CO',
  'Boulder, CO',
  'Chicago, IL',
  'Springfield, IL',
  'Miami, FL',
  'Orlando, FL',
  'Tampa, FL',
  'Atlanta, GA',
  'Savannah, GA',
  'Boston, MA',
  'Salem, MA',
  'New York, NY',
  'Buffalo, NY',
  'Phoenix, AZ',
  'Tucson, AZ',
  'San Diego, CA',
  'Fresno, CA',
  'Oakland, CA',
  'Sacramento, CA',
  'Reno, NV',
  'Las Vegas, NV',
  'Salt Lake City, UT',
  'Boise, ID',
  'Omaha, NE',
  'Kansas City, MO',
  'St. Louis, MO',
  'Memphis, TN',
  'Nashville, TN',
  'Louisville, KY',
  'Columbus, OH',
  'Cleveland, OH',
  'Detroit, MI',
  'Grand Rapids, MI',
  'Madison, WI',
  'Milwaukee, WI',
  'Minneapolis, MN',
  'Duluth, MN',
  'Des Moines, IA',
  'Tulsa, OK',
  'Albuquerque, NM',
  'Santa Fe, NM',
  'Charlotte, NC',
  'Raleigh, NC',
  'Richmond, VA',
  'Norfolk, VA',
  'Baltimore, MD',
  'Pittsburgh, PA',
  'Philadelphia, PA',
  'Newark, NJ',
  'Hartford, CT',
  'Providence, RI',
  'Burlington, VT',
  'Portland, ME',
];

/** Picks with a Zipf-like skew: early words are common, late words rare. */
function zipf(rand: () => number, words: string[]) {
  return words[Math.min(words.length - 1, Math.floor(words.length * Math.pow(rand(), 1.6)))]!;
}
const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);

const SPOKEN =
  'come on down this week only call now visit us today we are open late every night your family will love it ask about our offer the best in town since nineteen eighty right here on main street do not miss it friendly staff ready to help you save more with our members free parking just around the corner tell them you heard it here'.split(
    ' ',
  );

/**
 * The rest of what is said: a vocabulary of its own, 4,000 made-up words of 2-4 syllables ranked by a
 * Zipf law (word k is said about 1/k as often as the first), as in real speech. A few real product
 * words sit at rare ranks so that a phrase search has something to find; the title's vocabulary is
 * not drawn from here, so a word of the titles stays as selective as it is in the titles.
 */
const SYLLABLES =
  'ba be bi bo bu da de di do du fa fe fi fo ga ge go ka ke ki ko la le li lo lu ma me mi mo mu na ne ni no pa pe pi po ra re ri ro ru sa se si so ta te ti to va ve vi vo za zo'.split(
    ' ',
  );
const SPOKEN_RARE: Record<number, string> = { 120: 'kayak', 200: 'snorkel', 2100: 'espresso', 2600: 'guitar' };
const VOCABULARY = (() => {
  const rand = seededRandom(7);
  const seen = new Set<string>();
  const words: string[] = [];
  while (words.length < 4000) {
    const rare = SPOKEN_RARE[words.length];
    const syllables = 2 + Math.floor(rand() * 3);
    const w =
      rare ?? Array.from({ length: syllables }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join('');
    if (seen.has(w)) continue;
    seen.add(w);
    words.push(w);
  }
  return words;
})();
const HARMONIC = VOCABULARY.reduce((sum, _, k) => sum + 1 / (k + 1), 0);
/** Word k with probability proportional to 1/(k+1). */
function zipfSpoken(rand: () => number) {
  let target = rand() * HARMONIC;
  for (let k = 0; k < VOCABULARY.length; k++) {
    target -= 1 / (k + 1);
    if (target <= 0) return VOCABULARY[k]!;
  }
  return VOCABULARY[VOCABULARY.length - 1]!;
}

/** A spoken script of 60-120 words: everyday radio words, words of its own vocabulary, and the ad's name. */
function transcriptOf(rand: () => number, business: string) {
  const own = business.toLowerCase().split(' ');
  const n = 60 + Math.floor(rand() * 61);
  const words = Array.from({ length: n }, () =>
    rand() < 0.05 ? own[Math.floor(rand() * own.length)]! : rand() < 0.5 ? zipf(rand, SPOKEN) : zipfSpoken(rand),
  );
  return `${cap(words.join(' '))}.`;
}

/** A phrase only a few transcripts hold (two rare spoken words in a row are rarer still). */
export const TRANSCRIPT_PHRASE = 'kayak snorkel';

export const RARE_WORD = EXTRA[EXTRA.length - 1]!; // 'tuxedo': few hits
export const COMMON_WORD = NOUNS[0]!; // 'bakery': many hits

export function makeBenchAd(rand: () => number, userId: string, i: number, now: number) {
  const business = `${cap(zipf(rand, ADJECTIVES))} ${cap(zipf(rand, NOUNS))}`;
  const title = `${business} ${cap(zipf(rand, OFFERS))} ${cap(zipf(rand, EXTRA))}`;
  const words = Array.from({ length: 12 + Math.floor(rand() * 20) }, () =>
    zipf(rand, rand() < 0.5 ? EXTRA : rand() < 0.5 ? NOUNS : ADJECTIVES),
  );
  return {
    userId,
    title,
    slug: `bench-${i}`,
    businessName: business,
    description: `${cap(words.join(' '))}.`,
    category: CATEGORIES[Math.floor(Math.pow(rand(), 1.5) * CATEGORIES.length)]!,
    location: rand() < 0.1 ? null : CITIES[Math.floor(rand() * CITIES.length)]!,
    websiteUrl: 'https://example.com',
    phone: '(555) 010-0000',
    audioUrl: `/media/audio-files/${userId}/${i}.mp3`,
    audioDurationMs: 15_000 + Math.floor(rand() * 30_000),
    transcript: transcriptOf(rand, business),
    isActive: rand() > 0.03,
    isFeatured: rand() < 0.05,
    createdAt: new Date(now - Math.floor(rand() * 3 * 365 * 86_400_000)),
  };
}

/** Inserts `total` generated ads (the same ones every run) and their 300 owners, 1,000 a statement. */
export async function insertBenchAds(db: Db, total: number) {
  const rand = seededRandom(42);
  const now = Date.now();
  const owners = Array.from({ length: 300 }, (_, i) => ({
    id: `bench-user-${i}`,
    name: `Owner ${i}`,
    email: `o${i}@bench.test`,
  }));
  await db.insert(users).values(owners);
  for (let start = 0; start < total; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, total - start) }, (_, j) =>
      makeBenchAd(rand, owners[Math.floor(rand() * owners.length)]!.id, start + j, now),
    );
    await db.insert(ads).values(batch);
  }
}
