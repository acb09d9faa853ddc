import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { mimeStructure } from '../../test/mail.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_TO: 'team@adreplay.test' });
});
afterAll(() => t.close());

let ip = 0;
const send = (payload: object, remoteAddress = `10.2.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
const valid = {
  name: 'Rita Radio',
  email: 'rita@station.example',
  company: 'KXRP',
  message: 'We would like to partner.',
};

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to the team with a reply-to', async () => {
    const res = await send({ ...valid, subject: 'Partner Inquiry' });
    expect(res.statusCode).toBe(202);
    const rows = await t.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Rita Radio', subject: 'Partner Inquiry', company: 'KXRP' });
    expect(rows[0]!.deliveredAt).not.toBeNull();
    const [file] = await readdir(t.outboxDir);
    const mail = await readFile(path.join(t.outboxDir, file!), 'utf8');
    expect(mail).toContain('To: team@adreplay.test');
    expect(mail).toContain('Reply-To: rita@station.example');
    expect(mail).toContain('We would like to partner.');
  });

  it('sends the message as a branded HTML part with the same words as plain text, the HTML escaped', async () => {
    await send({ ...valid, name: 'Escaping Test', message: 'Is <b>bold</b> & fine?' });
    const files = await readdir(t.outboxDir);
    const raws = await Promise.all(files.map((f) => readFile(path.join(t.outboxDir, f), 'utf8')));
    const mime = mimeStructure(raws.find((m) => m.includes('from Escaping Test'))!);
    expect(mime.contentType).toMatch(/^multipart\/alternative;/);
    expect(mime.parts.map((p) => p.contentType.split(';')[0])).toEqual(['text/plain', 'text/html']);
    const [text, html] = mime.parts.map((p) => p.body);
    expect(text).toContain('Is <b>bold</b> & fine?');
    expect(text).toContain('From: Escaping Test <rita@station.example>');
    expect(html).toContain('Is &lt;b&gt;bold&lt;/b&gt; &amp; fine?');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toMatch(/AdReplay/);
  });

  it('defaults the subject to General Inquiry', async () => {
    await send({ ...valid, name: 'No Subject' });
    const rows = await t.db.select().from(contactMessages);
    expect(rows.find((r) => r.name === 'No Subject')!.subject).toBe('General Inquiry');
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, email: 'nope' }, 'Please enter a valid email address'],
    [{ ...valid, message: '   ' }, 'Message is required'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
    [{ ...valid, subject: 'Spam' }, 'Please choose a subject'],
  ])('refuses invalid input: %j', async (payload, message) => {
    const before = (await t.db.select().from(contactMessages)).length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(contactMessages)).toHaveLength(before);
  });

  it('ignores a filled honeypot: answers like success, stores and sends nothing', async () => {
    const rows = (await t.db.select().from(contactMessages)).length;
    const mails = (await readdir(t.outboxDir)).length;
    const res = await send({ ...valid, website: 'http://spam.example' });
    expect(res.statusCode).toBe(202);
    expect(await t.db.select().from(contactMessages)).toHaveLength(rows);
    expect(await readdir(t.outboxDir)).toHaveLength(mails);
  });

  it('limits each address to 5 messages in 10 minutes', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(valid, '10.3.3.3')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const res = await send(valid, '10.3.3.3');
    expect(res.json().message).toBe('Too many messages. Please wait a few minutes before sending another.');
  });
});

it('keeps the message and answers 502 when the e-mail cannot be sent', async () => {
  const failing = await createTestApp({}, { mailer: { send: () => Promise.reject(new Error('SMTP down')) } });
  try {
    const res = await failing.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain('could not be delivered');
    const rows = await failing.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deliveredAt).toBeNull();
  } finally {
    await failing.close();
  }
});
