import { escapeHtml } from '../../../shared/html.js';
import type { MailMessage } from './mailer.js';

const BRAND = '#1d4ed8';

export interface BrandedMail {
  to: string;
  subject: string;
  /** Paragraphs of the message, plain text (escaped for the HTML part). */
  paragraphs: string[];
  /** The one thing the reader should do: a button in HTML, a labelled link in plain text. */
  action?: { label: string; url: string };
  /** The small print under the action. */
  note?: string;
  replyTo?: string;
}

/**
 * Every e-mail AdReplay sends, in one look: a branded HTML part (inline styles and tables, as mail
 * clients need) and the same words as plain text for clients and filters that read only that.
 */
export function brandedMail({ to, subject, paragraphs, action, note, replyTo }: BrandedMail): MailMessage {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(note ? [note] : []),
    '-- \nAdReplay: radio and podcast ads, replayable',
  ].join('\n\n');
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#0f172a;white-space:pre-wrap">${escapeHtml(s)}</p>`;
  // A plain <a> in a tinted, outlined cell: readable in clients that drop the <style> (link colour
  // on a light background) and in those that keep it.
  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td class="action" style="background:#eff6ff;border:1px solid ${BRAND};border-radius:6px;padding:12px 20px;font-size:16px;font-weight:600"><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title><style>.action a{color:${BRAND};text-decoration:none}</style></head>
<body style="margin:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:700">AdReplay</td></tr>
<tr><td style="padding:24px">${paragraphs.map(p).join('')}${button}${note ? `<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(note)}</p>` : ''}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">AdReplay: radio and podcast ads, replayable</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html, ...(replyTo ? { replyTo } : {}) };
}
