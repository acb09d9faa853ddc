import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and its one-click companion). */
  headers?: Record<string, string>;
}

/** Sends e-mail. Two adapters: SMTP, or an outbox folder when no SMTP server is configured. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Writes each message as an .eml file under `dir` and logs where, with the first link it contains,
 * so a local run can finish every e-mail flow without a mail server.
 */
export function createOutboxMailer(dir: string, from: string, log: (msg: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { flag: 'wx' });
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      log(`E-mail to ${message.to} ("${message.subject}") written to ${file}${link ? `; link: ${link}` : ''}`);
    },
  };
}
