import { brandedMail } from '../../adapters/mailer/branded.js';

export const passwordResetMail = (to: string, url: string) =>
  brandedMail({
    to,
    subject: 'Reset your AdReplay password',
    paragraphs: ['Someone asked to reset the password of your AdReplay account.'],
    action: { label: 'Choose a new password', url },
    note: 'The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.',
  });

export const verificationMail = (to: string, url: string) =>
  brandedMail({
    to,
    subject: 'Confirm your AdReplay e-mail address',
    paragraphs: ['Welcome to AdReplay! Please confirm your e-mail address.'],
    action: { label: 'Confirm my e-mail address', url },
    note: 'The link expires in 24 hours. If you did not create an account, ignore this e-mail.',
  });
