import type { MailMessage } from '../../adapters/mailer/mailer.js';
import { escapeHtml } from '../seo/head.js';

function mail(to: string, subject: string, intro: string, action: string, url: string, outro: string): MailMessage {
  const safe = escapeHtml(url);
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n\nAdReplay`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${safe}">${escapeHtml(action)}</a></p><p style="color:#555">${escapeHtml(outro)}</p><p>AdReplay</p>`,
  };
}

export const passwordResetMail = (to: string, url: string) =>
  mail(
    to,
    'Reset your AdReplay password',
    'Someone asked to reset the password of your AdReplay account.',
    'Choose a new password',
    url,
    'The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.',
  );

export const verificationMail = (to: string, url: string) =>
  mail(
    to,
    'Confirm your AdReplay e-mail address',
    'Welcome to AdReplay! Please confirm your e-mail address.',
    'Confirm my e-mail address',
    url,
    'The link expires in 24 hours. If you did not create an account, ignore this e-mail.',
  );
