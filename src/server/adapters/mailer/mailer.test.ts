import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mimeStructure, readRawMails, startSmtpCatcher } from '../../test/mail.js';
import { createOutboxMailer, createSmtpMailer, type MailMessage } from './mailer.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adreplay-mail-'));
  dirs.push(dir);
  return dir;
};

const LINK = 'http://localhost:3000/reset-password#token=abc%2Fdef=XYZ';
const message: MailMessage = {
  to: 'pat@example.com',
  subject: 'Reset your AdReplay password',
  text: `Someone asked to reset your password.\n\nChoose a new password: ${LINK}\n\nAdReplay`,
  html: `<p>Someone asked to reset your password.</p><p><a href="${LINK}">Choose a new password</a></p>`,
};
const FROM = 'AdReplay <no-reply@adreplay.test>';

/** Both adapters must deliver one multipart/alternative: plain text first, then HTML. */
function expectTextAndHtml(raw: string) {
  expect(raw).toMatch(/^From: AdReplay <no-reply@adreplay\.test>$/m);
  expect(raw).toMatch(/^To: pat@example\.com$/m);
  const mime = mimeStructure(raw);
  expect(mime.contentType).toMatch(/^multipart\/alternative;/);
  expect(mime.parts.map((p) => p.contentType.split(';')[0])).toEqual(['text/plain', 'text/html']);
  expect(mime.parts[0]!.body).toBe(message.text);
  expect(mime.parts[1]!.body).toBe(message.html);
}

describe('outbox mailer', () => {
  it('writes each message as an .eml file with a text and an HTML part, and logs where and its link', async () => {
    const dir = path.join(await tempDir(), 'outbox');
    const logged: string[] = [];
    const mailer = createOutboxMailer(dir, FROM, (line) => logged.push(line));
    await mailer.send(message);
    await mailer.send({ ...message, to: 'sam@example.com' });

    const files = await readdir(dir);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const [first] = (await readRawMails(dir)).filter((m) => m.includes('To: pat@example.com'));
    expectTextAndHtml(first!);

    expect(logged).toHaveLength(2);
    const file = files.map((f) => path.join(dir, f)).find((f) => logged[0]!.includes(f));
    expect(file, logged[0]).toBeDefined();
    expect(logged[0]).toContain('E-mail to pat@example.com ("Reset your AdReplay password")');
    expect(logged[0]).toContain(`link: ${LINK}`);
  });
});

describe('SMTP mailer', () => {
  it('delivers the same message to an SMTP server', async () => {
    const inbox = await tempDir();
    const smtp = await startSmtpCatcher(inbox);
    try {
      await createSmtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM).send(message);
      const [raw] = await readRawMails(inbox);
      expectTextAndHtml(raw!);
    } finally {
      await smtp.close();
    }
  });
});
