import { ClipboardList, Code2, MessageCircle, Radio, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FeatureCards, PageHero, Section } from '../../features/marketing/blocks';
import { PartnerUploadExample } from '../../features/partners/PartnerUploadExample';
import { EmbedShot } from '../../features/marketing/ProductShot';
import { usePageMeta } from '../../lib/page-meta';

/** What a station or network can use today, with any account: the page claims only what exists. */
const OFFERS = [
  {
    icon: Radio,
    title: 'Your stream, monitored',
    text: 'Add your station with its stream address: AdReplay listens for the ads it airs and logs each airing, on the ad and on your station’s public page.',
  },
  {
    icon: ClipboardList,
    title: 'Airings from your as-run log',
    text: 'Report the spots you ran through the API, one or a batch at a time. Advertisers see where and when their ad aired, and their weekly report e-mail counts the airings.',
  },
  {
    icon: Code2,
    title: 'Ads on your site',
    text: 'Put any ad’s player on your pages, light or dark, or paste its address where your site reads oEmbed. Plays there are counted for the advertiser.',
  },
];
const TIERS = [
  {
    name: 'Standard Partner',
    to: '/contact?partner=standard',
    points: [
      'Monitored streams and a public page of what aired',
      'Embeddable player and oEmbed for your site',
      'A weekly report e-mail of plays, listeners and airings',
    ],
  },
  {
    name: 'Premium Partner',
    to: '/contact?partner=premium',
    points: [
      'API keys to upload ads, edit them and report airings',
      'Safe retries with idempotency keys',
      'Signed webhooks for ad changes, transcripts and airings',
      'Anything more, such as your branding on the pages: talk to us',
    ],
  },
];

export default function PartnersPage() {
  usePageMeta('/partners');
  return (
    <>
      <PageHero
        title="Give your sponsors more than airtime"
        aside={<EmbedShot address="your-station.example/sponsors" className="mx-auto w-full max-w-[540px]" />}
        actions={
          <ButtonLink to="/contact" size="lg" variant="secondary">
            Become a Partner
          </ButtonLink>
        }
      >
        Radio stations and podcast networks use AdReplay to make every read replayable, shareable and measurable.
      </PageHero>
      <Section title="What partners get">
        <FeatureCards items={OFFERS} className="md:grid-cols-3" />
      </Section>
      <Section title="Partner programs" muted>
        <p className="mb-6 max-w-3xl text-slate-800">
          Everything listed works today with any AdReplay account. Applying tells us about your stations and what you
          need, through the contact form.
        </p>
        <ul className="grid gap-6 md:grid-cols-2">
          {TIERS.map((t) => (
            <li key={t.name}>
              <Card className="flex h-full flex-col p-6">
                <h3 className="text-lg font-semibold">{t.name}</h3>
                <ul className="mt-3 flex-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
                  {t.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
                <ButtonLink to={t.to} className="mt-6">
                  Apply as {t.name}
                </ButtonLink>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Automate your uploads">
        <div className="grid gap-8 lg:grid-cols-2">
          <div className="space-y-4 text-slate-800">
            <p className="flex gap-3">
              <Workflow className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
              Connect your traffic system through the REST API with an API key: automation tools such as Zapier, Make
              and n8n call it from their HTTP request steps, so new spots appear on AdReplay as they are scheduled; with
              an Idempotency-Key a retried request never makes a second ad. They can also subscribe to signed webhooks
              (REST hooks) and hear the moment an ad is created, changed, published or deleted, its transcript is ready,
              or one of your stations airs it.
            </p>
            <p className="flex gap-3">
              <Code2 className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
              {/* One flex item, so the sentence and its link wrap as one line of text. */}
              <span>
                Or call the REST API directly: one request uploads an ad with its audio and logo. See the{' '}
                <Link to="/docs/integration" className="text-brand-700 underline">
                  integration docs
                </Link>
                .
              </span>
            </p>
            <p className="flex gap-3">
              <MessageCircle className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
              <span>
                Questions? Send them through the{' '}
                <Link to="/contact" className="text-brand-700 underline">
                  contact form
                </Link>
                ; they reach our team’s inbox.
              </span>
            </p>
          </div>
          <PartnerUploadExample />
        </div>
      </Section>
    </>
  );
}
