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
  /** Figures under the paragraphs: a table in HTML, one line each in plain text. */
  figures?: { label: string; value: string; change?: string }[];
  /** The last line of the small print, with a link (an unsubscribe link). */
  footerLink?: { text: string; label: string; url: string };
  headers?: Record<string, string>;
}

/**
 * Every e-mail AdReplay sends, in one look: a branded HTML part (inline styles and tables, as mail
 * clients need) and the same words as plain text for clients and filters that read only that.
 */
export function brandedMail({
  to,
  subject,
  paragraphs,
  action,
  note,
  replyTo,
  figures,
  footerLink,
  headers,
}: BrandedMail): MailMessage {
  const text = [
    ...paragraphs,
    ...(figures?.length
      ? [figures.map((f) => `${f.label}: ${f.value}${f.change ? ` (${f.change})` : ''}`).join('\n')]
      : []),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(note ? [note] : []),
    `-- \nAdReplay: radio and podcast ads, replayable${footerLink ? `\n${footerLink.text} ${footerLink.label}: ${footerLink.url}` : ''}`,
  ].join('\n\n');
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#0f172a;white-space:pre-wrap">${escapeHtml(s)}</p>`;
  // A plain <a> in a tinted, outlined cell: readable in clients that drop the <style> (link colour
  // on a light background) and in those that keep it.
  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr><td class="action" style="background:#eff6ff;border:1px solid ${BRAND};border-radius:6px;padding:12px 20px;font-size:16px;font-weight:600"><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">Or paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  const table = figures?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${figures
        .map(
          (f) =>
            // Two columns, the change under its figure: readable on a phone's narrow screen too.
            `<tr><td style="padding:10px 12px 10px 0;border-bottom:1px solid #e2e8f0;font-size:14px;color:#475569">${escapeHtml(f.label)}</td><td align="right" style="padding:10px 0;border-bottom:1px solid #e2e8f0;white-space:nowrap"><span style="font-size:20px;font-weight:700;color:#0f172a">${escapeHtml(f.value)}</span>${f.change ? `<br><span style="font-size:13px;color:#475569">${escapeHtml(f.change)}</span>` : ''}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const footer = footerLink
    ? `<br>${escapeHtml(footerLink.text)} <a href="${escapeHtml(footerLink.url)}" style="color:#475569">${escapeHtml(footerLink.label)}</a>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title><style>.action a{color:${BRAND};text-decoration:none}</style></head>
<body style="margin:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:16px 24px;color:#ffffff;font-size:20px;font-weight:700">AdReplay</td></tr>
<tr><td style="padding:24px">${paragraphs.map(p).join('')}${table}${button}${note ? `<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(note)}</p>` : ''}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">AdReplay: radio and podcast ads, replayable${footer}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html, ...(replyTo ? { replyTo } : {}), ...(headers ? { headers } : {}) };
}
