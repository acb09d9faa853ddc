import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT_SUBJECTS, ContactInput, contactMessages, type ContactValues } from '../../../shared/contact';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useAppForm } from '../../components/ui/use-app-form';
import { useSendContactMessage } from './api/contact';

const TIERS: Record<string, string> = { standard: 'Standard', premium: 'Premium' };

/** The contact form; a link from the partner offers (?partner=) fills in the subject and a first line. */
export function ContactForm() {
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
  // The fields stay editable while the message is sent.
  const form = useAppForm(ContactInput, { defaultValues: initial, lockWhileSubmitting: false });
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const input = (name: keyof ContactValues) => form.input(name, `contact-${name}`);
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      toast.success(contactMessages.sent, { description: contactMessages.sentText });
      setSent(true);
      form.reset({ ...initial, subject: 'General Inquiry', message: '' });
    } catch (err) {
      // Keep what the visitor typed; say what happened.
      setFailure((err as Error).message);
    }
  });
  const field = (name: keyof ContactValues, label: string, control: React.ReactNode) => (
    <FormField id={`contact-${name}`} label={label} error={form.errorOf(name)}>
      {control}
    </FormField>
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
        {field('name', 'Name', <Input autoComplete="name" {...input('name')} />)}
        {field('email', 'Email', <Input type="email" autoComplete="email" {...input('email')} />)}
        {field('phone', 'Phone (optional)', <Input type="tel" autoComplete="tel" {...input('phone')} />)}
        {field('company', 'Company (optional)', <Input autoComplete="organization" {...input('company')} />)}
      </div>
      {field(
        'subject',
        'Subject',
        <Select {...input('subject')}>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Select>,
      )}
      {field('message', 'Message', <Textarea rows={6} {...input('message')} />)}
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
