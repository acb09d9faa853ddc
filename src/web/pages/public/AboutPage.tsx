import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { PageHero, Section } from '../../features/marketing/blocks';
import { usePageMeta } from '../../lib/page-meta';

const TIMELINE = [
  {
    year: '2023',
    text: 'AdReplay is founded by radio people who were tired of great ads disappearing after one airing.',
  },
  { year: '2024', text: 'The public directory launches with the first local advertisers and stations.' },
  {
    year: '2025',
    text: 'Podcast ads join radio spots, and AI transcription makes every ad searchable by what it says.',
  },
];
const TEAM = [
  { name: 'Elena Ortiz', role: 'Co-founder, CEO', bio: 'Fifteen years selling radio airtime to local businesses.' },
  {
    name: 'Marcus Lee',
    role: 'Co-founder, CTO',
    bio: 'Built streaming and ad-insertion systems for podcast networks.',
  },
  {
    name: 'Priya Nair',
    role: 'Head of Partnerships',
    bio: 'Works with stations and networks on monitoring their streams and connecting their traffic systems.',
  },
];
const VALUES = [
  {
    title: 'Listeners first',
    text: 'No autoplay, no tracking you across the web, and likes and saves stay in your browser.',
  },
  {
    title: 'Honest numbers',
    text: 'Every figure in your dashboard is counted from real listener events, never estimated.',
  },
  { title: 'Local matters', text: 'Most of our advertisers are small businesses. We build for them first.' },
];

export default function AboutPage() {
  usePageMeta('/about');
  return (
    <>
      <PageHero title="Every ad deserves a second listen">
        Our mission is to give radio and podcast ads a permanent home, so the people who hear them can find them again.
      </PageHero>
      <Section title="Our story">
        <p className="max-w-3xl text-lg text-slate-800">
          A bakery owner told us she spent her whole marketing budget on a radio spot, and that customers kept asking
          for “the thing with the croissants” weeks after it stopped airing. There was nowhere to send them. AdReplay is
          that place: a searchable, shareable page for every ad, with a way to call or visit one tap away. Read{' '}
          <Link to="/advertisers" className="text-brand-700 underline">
            how it works for advertisers
          </Link>{' '}
          and{' '}
          <Link to="/partners" className="text-brand-700 underline">
            for stations and networks
          </Link>
          .
        </p>
      </Section>
      <Section title="Timeline" muted>
        <ol className="space-y-6 border-l-2 border-brand-600 pl-6">
          {TIMELINE.map((t) => (
            <li key={t.year}>
              <p className="text-xl font-bold text-brand-700">{t.year}</p>
              <p className="text-slate-800">{t.text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Team">
        <ul className="grid gap-6 md:grid-cols-3">
          {TEAM.map((m) => (
            <li key={m.name}>
              <Card className="h-full p-6">
                <h3 className="font-semibold">{m.name}</h3>
                <p className="text-sm text-brand-700">{m.role}</p>
                <p className="mt-2 text-sm text-slate-700">{m.bio}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Values" muted>
        <ul className="grid gap-6 md:grid-cols-3">
          {VALUES.map((v) => (
            <li key={v.title}>
              <h3 className="font-semibold">{v.title}</h3>
              <p className="mt-1 text-slate-700">{v.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-slate-800">
          Read{' '}
          <Link to="/about/measurement" className="text-brand-700 underline">
            how we measure
          </Link>{' '}
          plays, clicks, shares and QR scans, and what we never store.
        </p>
      </Section>
    </>
  );
}
