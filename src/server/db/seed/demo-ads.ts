import type { Category } from '../../../shared/categories.js';
import type { TranscriptSegment } from '../../../shared/transcripts.js';

/**
 * A demo script as timed lines, one per sentence. The speech synthesiser speaks at a steady rate,
 * so each sentence's share of the audio is its share of the letters (plus a pause per sentence):
 * times within a fraction of a second, derived from the real duration, not measured word by word.
 */
export function scriptSegments(script: string, durationMs: number): TranscriptSegment[] {
  const sentences = script.match(/[^.!?]+[.!?]+/g)?.map((s) => s.trim()) ?? [script];
  const PAUSE = 8; // a sentence's pause, in letters' worth of time
  const weights = sentences.map((s) => s.length + PAUSE);
  const total = weights.reduce((a, b) => a + b, 0);
  const seconds = durationMs / 1000;
  let at = 0;
  return sentences.map((text, i) => {
    const start = at;
    at += (weights[i]! / total) * seconds;
    return { start: Math.round(start * 100) / 100, end: Math.round(at * 100) / 100, text };
  });
}

/** The demo ads seeded into an empty database; `assets/generate.ts` made their audio and logos. */
export interface DemoAd {
  /** Base name of assets/audio/{key}.mp3 and assets/logos/{key}.png. */
  key: string;
  title: string;
  businessName: string;
  description: string;
  category: Category;
  location: string | null;
  websiteUrl: string | null;
  phone: string | null;
  isFeatured: boolean;
  /** Days before seeding that the ad was added: spread over three months, so its analytics have a history. */
  daysAgo: number;
  /** The words spoken in the MP3. */
  script: string;
}

export const demoAds: DemoAd[] = [
  {
    key: 'sunrise-bakery',
    title: 'Sunrise Bakery Weekend Special',
    businessName: 'Sunrise Bakery',
    description:
      'Warm sourdough loaves, flaky butter croissants and cinnamon rolls baked before dawn. Buy a dozen pastries this weekend and the coffee is on us.',
    category: 'Food & Dining',
    location: 'Portland, OR',
    websiteUrl: 'https://sunrise-bakery.example.com',
    phone: '(555) 010-1201',
    isFeatured: true,
    daysAgo: 4,
    script:
      'Good morning, Portland! Sunrise Bakery has warm sourdough, flaky butter croissants and cinnamon rolls fresh out of the oven before dawn. This weekend only, buy a dozen pastries and your coffee is on us. Sunrise Bakery, on Division Street.',
  },
  {
    key: 'harbor-pizza',
    title: 'Harbor Pizza Family Night',
    businessName: 'Harbor Pizza Co.',
    description:
      'Wood-fired pizza with hand-stretched dough and local mozzarella. Every Tuesday two large pies, garlic knots and a salad feed the whole family for one low price.',
    category: 'Food & Dining',
    location: 'Seattle, WA',
    websiteUrl: 'https://harborpizza.example.com',
    phone: '(555) 010-1202',
    isFeatured: true,
    daysAgo: 12,
    script:
      'Tuesday is family night at Harbor Pizza Company. Two large wood-fired pies, a basket of garlic knots and a fresh garden salad, all for one low price. Hand-stretched dough, local mozzarella, and a view of the water. Harbor Pizza, Seattle.',
  },
  {
    key: 'bean-there-coffee',
    title: 'Bean There Coffee Roasters Subscription',
    businessName: 'Bean There Coffee Roasters',
    description:
      'Small-batch, single-origin beans roasted every Monday and shipped to your door. Pick light, medium or dark and change it any time.',
    category: 'Food & Dining',
    location: null,
    websiteUrl: 'https://beanthere.example.com',
    phone: null,
    isFeatured: false,
    daysAgo: 24,
    script:
      'Tired of stale coffee? Bean There Coffee Roasters roasts small batches of single-origin beans every Monday and ships them straight to your door. Choose light, medium or dark, and change your roast any time. Your first bag ships free.',
  },
  {
    key: 'miller-motors',
    title: 'Miller Motors Year-End Truck Event',
    businessName: 'Miller Motors',
    description:
      'Hundreds of pickups and SUVs on the lot with zero percent financing for qualified buyers and a free first oil change with every vehicle.',
    category: 'Automotive',
    location: 'Austin, TX',
    websiteUrl: 'https://millermotors.example.com',
    phone: '(555) 010-1203',
    isFeatured: true,
    daysAgo: 8,
    script:
      'The Miller Motors year-end truck event is on! Hundreds of pickups and SUVs, zero percent financing for qualified buyers, and your first oil change is free. Come see us on Lamar Boulevard. Miller Motors, Austin.',
  },
  {
    key: 'quick-tire',
    title: 'Quick Tire and Brake Winter Check',
    businessName: 'Quick Tire & Brake',
    description:
      'Free winter safety inspection: tread depth, brake pads, battery and wipers checked in thirty minutes, no appointment needed.',
    category: 'Automotive',
    location: 'Denver, CO',
    websiteUrl: 'https://quicktire.example.com',
    phone: '(555) 010-1204',
    isFeatured: false,
    daysAgo: 36,
    script:
      'Snow is coming, Denver. Drive in to Quick Tire and Brake for a free winter safety check. We inspect your tread, brake pads, battery and wipers in thirty minutes, no appointment needed. Quick Tire and Brake, keeping you rolling.',
  },
  {
    key: 'lakeside-credit-union',
    title: 'Lakeside Credit Union Home Loans',
    businessName: 'Lakeside Credit Union',
    description:
      'Member-owned banking with low mortgage rates, no hidden fees and local loan officers who answer the phone.',
    category: 'Finance',
    location: 'Chicago, IL',
    websiteUrl: 'https://lakesidecu.example.com',
    phone: '(555) 010-1205',
    isFeatured: true,
    daysAgo: 16,
    script:
      'At Lakeside Credit Union, you are a member, not a number. Our mortgage rates are low, our fees are nonexistent, and our local loan officers actually answer the phone. Thinking about buying a home? Talk to Lakeside first.',
  },
  {
    key: 'bright-smile-dental',
    title: 'Bright Smile Dental New Patient Offer',
    businessName: 'Bright Smile Dental',
    description:
      'Gentle family dentistry with evening and Saturday hours. New patients get a cleaning, exam and X-rays for forty-nine dollars.',
    category: 'Healthcare',
    location: 'Miami, FL',
    websiteUrl: 'https://brightsmile.example.com',
    phone: '(555) 010-1206',
    isFeatured: true,
    daysAgo: 28,
    script:
      'Afraid of the dentist? Bright Smile Dental is gentle, friendly and open evenings and Saturdays. New patients get a cleaning, an exam and X-rays for just forty-nine dollars. Bright Smile Dental in Miami. Call today.',
  },
  {
    key: 'oak-and-key-realty',
    title: 'Oak and Key Realty Open House Sunday',
    businessName: 'Oak & Key Realty',
    description:
      'Tour three craftsman homes with big yards near top-rated schools this Sunday from noon to four, and meet the agents who know every street.',
    category: 'Real Estate',
    location: 'Portland, OR',
    websiteUrl: 'https://oakandkey.example.com',
    phone: '(555) 010-1207',
    isFeatured: false,
    daysAgo: 48,
    script:
      'Oak and Key Realty invites you to three open houses this Sunday, noon to four. Craftsman homes, big back yards, and top-rated schools nearby. Meet agents who know every street in the neighborhood. Oak and Key Realty, finding the key to your next home.',
  },
  {
    key: 'corner-hardware',
    title: 'Corner Hardware Spring Garden Sale',
    businessName: 'Corner Hardware',
    description:
      'Seeds, soil, hoses and hand tools at twenty percent off, plus free key cutting and friendly advice for every project.',
    category: 'Retail',
    location: 'Austin, TX',
    websiteUrl: 'https://cornerhardware.example.com',
    phone: '(555) 010-1208',
    isFeatured: false,
    daysAgo: 60,
    script:
      'Get your garden growing at Corner Hardware. Seeds, potting soil, hoses and hand tools are twenty percent off this month. And remember, key cutting is always free, and so is our advice. Corner Hardware, your neighborhood fix-it shop.',
  },
  {
    key: 'flowright-plumbing',
    title: 'FlowRight Plumbing 24-Hour Service',
    businessName: 'FlowRight Plumbing',
    description:
      'Burst pipe at midnight? Licensed plumbers answer around the clock, with upfront flat-rate pricing and no overtime charges.',
    category: 'Services',
    location: 'Chicago, IL',
    websiteUrl: 'https://flowright.example.com',
    phone: '(555) 010-1209',
    isFeatured: true,
    daysAgo: 20,
    script:
      'Burst pipe at midnight? Call FlowRight Plumbing. Our licensed plumbers answer twenty-four hours a day, seven days a week, with upfront flat-rate pricing and never any overtime charges. FlowRight Plumbing, we keep Chicago flowing.',
  },
  {
    key: 'happy-paws-grooming',
    title: 'Happy Paws Grooming Bath and Trim',
    businessName: 'Happy Paws Grooming',
    description:
      'Gentle baths, nail trims and fluffy haircuts for dogs and cats of every size, with a free bandana after every visit.',
    category: 'Services',
    location: 'Seattle, WA',
    websiteUrl: 'https://happypaws.example.com',
    phone: '(555) 010-1210',
    isFeatured: false,
    daysAgo: 72,
    script:
      'Is your pup looking a little scruffy? Happy Paws Grooming offers gentle baths, nail trims and fluffy haircuts for dogs and cats of every size. Every visit ends with a free bandana. Happy Paws, because clean pets are happy pets.',
  },
  {
    key: 'swiftnet-fiber',
    title: 'SwiftNet Fiber Internet Launch',
    businessName: 'SwiftNet Fiber',
    description:
      'Gigabit fiber internet with no data caps, no contracts and free professional installation. Stream, game and work from home without buffering.',
    category: 'Technology',
    location: null,
    websiteUrl: 'https://swiftnet.example.com',
    phone: '(555) 010-1211',
    isFeatured: false,
    daysAgo: 40,
    script:
      'Still waiting for videos to buffer? SwiftNet Fiber brings gigabit internet with no data caps and no contracts. Professional installation is free. Stream, game and work from home at full speed. Check your address at SwiftNet today.',
  },
  {
    key: 'wanderlust-travel',
    title: 'Wanderlust Travel Island Getaways',
    businessName: 'Wanderlust Travel',
    description:
      'All-inclusive Caribbean island packages with flights, hotel and snorkeling tours planned by agents who have been there.',
    category: 'Travel',
    location: 'Miami, FL',
    websiteUrl: 'https://wanderlust.example.com',
    phone: '(555) 010-1212',
    isFeatured: false,
    daysAgo: 84,
    script:
      'Picture white sand, turquoise water and nothing on your schedule. Wanderlust Travel plans all-inclusive island getaways with flights, hotel and snorkeling tours included. Our agents have been there, so you can just relax. Wanderlust Travel, let us take you away.',
  },
  {
    key: 'kxrp-pledge-drive',
    title: 'KXRP Community Radio Pledge Drive',
    businessName: 'KXRP Community Radio',
    description:
      'Listener-supported radio for local music, news and storytelling. Pledge during the fall drive and get a station mug or tote bag.',
    category: 'Other',
    location: 'Denver, CO',
    websiteUrl: 'https://kxrp.example.org',
    phone: '(555) 010-1213',
    isFeatured: false,
    daysAgo: 100,
    script:
      'This is KXRP Community Radio, and our fall pledge drive is on. We play local music, report local news and tell your neighbors stories, all thanks to listeners like you. Pledge today and we will send you a station mug or tote bag.',
  },
];
