import { Accordion } from '../../components/ui/accordion';
import { Inbox, Mail, MapPin, Phone } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { ContactForm } from '../../features/contact/ContactForm';
import { PageHero, Section } from '../../features/marketing/blocks';
import { usePageMeta } from '../../lib/page-meta';
import {
  AUDIO_FORMATS_TEXT,
  AUDIO_MAX_MB,
  AUDIO_MAX_SECONDS,
  LOGO_FORMATS_TEXT,
  LOGO_MAX_MB,
} from '../../../shared/limits';

const FAQ = [
  {
    q: 'How much does AdReplay cost?',
    a: 'Starting is free. Growth is $29/month with a 14-day trial, Enterprise $99/month.',
  },
  {
    q: 'What audio can I upload?',
    a: `${AUDIO_FORMATS_TEXT} files up to ${AUDIO_MAX_MB} MB and ${AUDIO_MAX_SECONDS / 60} minutes, with an optional logo (${LOGO_FORMATS_TEXT}) up to ${LOGO_MAX_MB} MB.`,
  },
  { q: 'Do listeners need an account?', a: 'No. Anyone can browse, play, share and save ads without signing up.' },
  {
    q: 'How are plays counted?',
    a: 'Only when audio actually starts after a press, once per listener per ad per 30 minutes.',
  },
  {
    q: 'Can my station embed ads on its site?',
    a: 'Yes: every ad has an embeddable player and oEmbed, and every account can create API keys. Ask us about the partner program.',
  },
];
export default function ContactPage() {
  usePageMeta('/contact');
  return (
    <>
      <PageHero title="Get in touch">
        Questions about advertising, partnerships or the product? We read every message.
      </PageHero>
      <Section title="Contact us">
        <div className="grid gap-8 lg:grid-cols-3">
          <Card className="p-6 lg:col-span-2">
            <ContactForm />
          </Card>
          <div className="space-y-4 text-slate-800">
            <p className="flex gap-3">
              <Mail className="h-5 w-5 text-brand-700" aria-hidden /> hello@adreplay.example
            </p>
            <p className="flex gap-3">
              <Phone className="h-5 w-5 text-brand-700" aria-hidden /> (555) 010-0100
            </p>
            <p className="flex gap-3">
              <MapPin className="h-5 w-5 text-brand-700" aria-hidden /> 500 Market Street, Portland, OR
            </p>
            <p className="flex gap-3">
              <Inbox className="h-5 w-5 shrink-0 text-brand-700" aria-hidden /> Messages sent here reach our team’s
              inbox
            </p>
          </div>
        </div>
      </Section>
      <Section title="Frequently asked questions" muted>
        <div className="max-w-3xl space-y-3">
          <Accordion items={FAQ} />
        </div>
      </Section>
    </>
  );
}
