import { Accordion } from '../../components/ui/accordion';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { ContactForm } from '../../features/contact/ContactForm';
import { PageHero, Section } from '../../features/marketing/blocks';
import { usePageMeta } from '../../lib/page-meta';

const FAQ = [
  {
    q: 'How much does AdReplay cost?',
    a: 'Starting is free. Growth is $29/month with a 14-day trial, Enterprise $99/month.',
  },
  {
    q: 'What audio can I upload?',
    a: 'MP3, WAV, FLAC or Ogg audio of up to 10 MB and 5 minutes, with an optional logo (PNG, JPEG, WebP or GIF) up to 5 MB.',
  },
  { q: 'Do listeners need an account?', a: 'No. Anyone can browse, play, share and save ads without signing up.' },
  {
    q: 'How are plays counted?',
    a: 'Only when audio actually starts after a press, once per listener per ad per 30 minutes.',
  },
  {
    q: 'Can my station embed ads on its site?',
    a: 'Yes, partners get embeddable players and API access. Ask us about the partner program.',
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
              <Clock className="h-5 w-5 text-brand-700" aria-hidden /> Live chat Monday-Friday 9am-5pm PST
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
