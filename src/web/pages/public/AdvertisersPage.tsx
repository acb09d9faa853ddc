import { BarChart3, Clock, QrCode, Share2, Upload, UserPlus } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { FeatureCards, PageHero, Section } from '../../features/marketing/blocks';
import { PricingTable } from '../../features/plans/PricingTable';
import { BrowserShot, PhoneShot } from '../../features/marketing/ProductShot';
import { usePageMeta } from '../../lib/page-meta';

const BENEFITS = [
  {
    icon: Clock,
    title: 'Ads that outlive their airtime',
    text: 'Listeners who half-heard your spot can find it again days or months later.',
  },
  {
    icon: QrCode,
    title: 'From the radio to your door',
    text: 'A QR code and a short link take people straight to your page, with Call Now one tap away.',
  },
  {
    icon: BarChart3,
    title: 'Know what works',
    text: 'See plays, clicks, shares and QR scans for every ad, counted from real listener events.',
  },
];
const STEPS = [
  { icon: UserPlus, title: 'Create your account', text: 'Sign up free in under a minute.' },
  { icon: Upload, title: 'Upload your ad', text: 'Add the MP3, your logo, website and phone number.' },
  { icon: Share2, title: 'Share your page', text: 'Post the link, print the QR code, mention it on air.' },
  { icon: BarChart3, title: 'Track performance', text: 'Watch plays and clicks come in on your dashboard.' },
];

export default function AdvertisersPage() {
  usePageMeta('/advertisers');
  return (
    <>
      <PageHero
        title="Turn every radio spot into a lasting lead"
        aside={<BrowserShot name="analytics" address="/dashboard/analytics" eager />}
        actions={
          <>
            <ButtonLink to="/register" size="lg" variant="secondary">
              Create Your Free Account
            </ButtonLink>
            <ButtonLink to="/register?plan=growth" size="lg" variant="inverse">
              Start Free Trial
            </ButtonLink>
          </>
        }
      >
        Your ad aired once. On AdReplay it gets a permanent page that listeners can replay, share and act on.
      </PageHero>
      <Section title="Why advertisers use AdReplay">
        <div className="grid items-center gap-10 lg:grid-cols-[1fr_auto]">
          <FeatureCards items={BENEFITS} />
          <PhoneShot className="mx-auto max-w-[260px]" />
        </div>
      </Section>
      <Section title="How it works" muted>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title}>
              <Icon className="h-7 w-7 text-brand-700" aria-hidden />
              <h3 className="mt-3 font-semibold">
                {i + 1}. {title}
              </h3>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section title="Simple pricing">
        <PricingTable />
      </Section>
      <Section title="What advertisers say" muted>
        <figure className="max-w-3xl">
          <blockquote className="text-xl text-slate-800">
            “We ran the same spot for years and never knew who heard it. Now people scan the QR code on our truck and
            call us from the ad page. It paid for itself in a week.”
          </blockquote>
          <figcaption className="mt-4 text-sm">
            <span className="font-semibold">James Carter</span>, Manager, FlowRight Plumbing
          </figcaption>
        </figure>
      </Section>
      <section className="bg-hero-from py-16 text-center text-white">
        <h2 className="text-3xl font-bold">Ready to give your ad a second life?</h2>
        <ButtonLink to="/register" size="lg" variant="secondary" className="mt-8">
          Get Started Free
        </ButtonLink>
      </section>
    </>
  );
}
