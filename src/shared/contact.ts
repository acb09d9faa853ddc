import { z } from 'zod';

export const CONTACT_SUBJECTS = [
  'General Inquiry',
  'Advertiser Support',
  'Partner Inquiry',
  'Technical Support',
  'Press Inquiry',
] as const;

/** The contact form (spec section 5): the page validates with it and the server parses with it. */
export const ContactInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email: z.email({ error: 'Please enter a valid email address' }).max(200),
  phone: z.string().trim().max(40, 'Phone must be at most 40 characters').optional().default(''),
  company: z.string().trim().max(120, 'Company must be at most 120 characters').optional().default(''),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Please choose a subject' }).default('General Inquiry'),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message must be at most 5000 characters'),
  /** Hidden from people; bots fill it in. */
  website: z.string().max(500).optional().default(''),
});
export type ContactInput = z.output<typeof ContactInput>;
export type ContactValues = z.input<typeof ContactInput>;

export const contactMessages = {
  sent: 'Message sent!',
  sentText: "We'll get back to you as soon as possible.",
  tooMany: 'Too many messages. Please wait a few minutes before sending another.',
  sendFailed: 'Your message could not be delivered right now. It is saved below; please try again in a moment.',
} as const;
