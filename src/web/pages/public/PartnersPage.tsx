import { Code2, Handshake, Layers, MessageCircle, Palette, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FeatureCards, PageHero, Section } from '../../features/marketing/blocks';
import { PartnerUploadExample } from '../../features/partners/PartnerUploadExample';
import { EmbedShot } from '../../features/marketing/ProductShot';
import { usePageMeta } from '../../lib/page-meta';

const OFFERS = [
  {
    icon: Layers,
    title: 'Co-branded pages',
    text: 'Every sponsor read on your station gets a page that carries your logo next to the advertiser’s.',
  },
  {
    icon: Palette,
    title: 'White-label pages',
    text: 'Run the ad pages under your own brand and domain, with your colours.',
  },
  {
    icon: Handshake,
    title: 'Revenue sharing',
    text: 'Offer AdReplay to your advertisers as an add-on and share in what it earns.',
  },
];
const TIERS = [
  {
    name: 'Standard Partner',
    to: '/contact?partner=standard',
    points: ['Co-branded ad pages', 'Embeddable player for your site', 'Monthly performance report'],
  },
  {
    name: 'Premium Partner',
    to: '/contact?partner=premium',
    points: [
      'White-label pages on your domain',
      'API and automation access',
      'Revenue sharing and a dedicated manager',
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
              and n8n call it from their HTTP request steps, so new spots appear on AdReplay as they are scheduled. They
              can also subscribe to signed webhooks (REST hooks) and hear the moment an ad is created, changed,
              published or deleted, or its transcript is ready.
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
              Questions? Live chat with our partner team Monday-Friday 9am-5pm PST.
            </p>
          </div>
          <PartnerUploadExample />
        </div>
      </Section>
    </>
  );
}
