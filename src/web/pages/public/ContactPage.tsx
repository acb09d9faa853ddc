import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast';
import { CONTACT_SUBJECTS, ContactInput, contactMessages, type ContactValues } from '../../../shared/contact';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Select, Textarea } from '../../components/ui/input';
import { PageHero, Section } from '../../features/marketing/blocks';
import { api } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';

const FAQ = [
  {
    q: 'How much does AdReplay cost?',
    a: 'Starting is free. Growth is $29/month with a 14-day trial, Enterprise $99/month.',
  },
  {
    q: 'What audio can I upload?',
    a: 'MP3 files up to 10 MB, with an optional logo (PNG, JPEG, WebP or GIF) up to 5 MB.',
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
const TIERS: Record<string, string> = { standard: 'Standard', premium: 'Premium' };

function ContactForm() {
  const [params] = useSearchParams();
  const tier = TIERS[params.get('partner') ?? ''];
  const initial: ContactValues = {
    name: '',
    email: '',
    phone: '',
    company: '',
    subject: tier ? 'Partner Inquiry' : 'General Inquiry',
    message: tier ? `I'm interested in the ${tier} Partner program.` : '',
    website: '',
  };
  const form = useForm<ContactValues, unknown, ContactInput>({
    resolver: zodResolver(ContactInput),
    defaultValues: initial,
    reValidateMode: 'onSubmit',
  });
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = form.formState.errors;
  const reg = (name: keyof ContactValues) => ({
    id: `contact-${name}`,
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    'aria-invalid': Boolean(errors[name]),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api('/api/contact', { method: 'POST', body: JSON.stringify(values) });
      toast.success(contactMessages.sent, { description: contactMessages.sentText });
      setSent(true);
      form.reset({ ...initial, subject: 'General Inquiry', message: '' });
    } catch (err) {
      // Keep what the visitor typed; say what happened.
      setFailure((err as Error).message);
    }
  });
  const field = (name: keyof ContactValues, label: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={`contact-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {input}
      {errors[name] && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {sent && (
        <div role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-green-900">
          <p className="font-semibold">{contactMessages.sent}</p>
          <p className="text-sm">{contactMessages.sentText}</p>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Name', <Input autoComplete="name" {...reg('name')} />)}
        {field('email', 'Email', <Input type="email" autoComplete="email" {...reg('email')} />)}
        {field('phone', 'Phone (optional)', <Input type="tel" autoComplete="tel" {...reg('phone')} />)}
        {field('company', 'Company (optional)', <Input autoComplete="organization" {...reg('company')} />)}
      </div>
      {field(
        'subject',
        'Subject',
        <Select {...reg('subject')}>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Select>,
      )}
      {field('message', 'Message', <Textarea rows={6} {...reg('message')} />)}
      {/* Hidden from people (and screen readers); bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-0 w-0 overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" tabIndex={-1} autoComplete="off" {...form.register('website')} />
      </div>
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

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
          {FAQ.map((f) => (
            <details key={f.q} className="rounded-lg border border-slate-200 bg-white p-4">
              <summary className="cursor-pointer font-medium">{f.q}</summary>
              <p className="mt-2 text-slate-700">{f.a}</p>
            </details>
          ))}
        </div>
      </Section>
    </>
  );
}
