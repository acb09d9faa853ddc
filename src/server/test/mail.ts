import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * Test helpers for the mail that AdReplay sends: the .eml files of the outbox adapter and of a real
 * SMTP server on loopback, read back as text (API tests and e2e journeys share them).
 */

/** Undoes quoted-printable (soft line breaks and =XX bytes, as UTF-8). */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The messages in a folder as written, oldest first. */
export async function readRawMails(dir: string): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map((f) => readFile(path.join(dir, f), 'latin1')));
}

/** The messages in a folder, oldest first, with quoted-printable undone so links read whole. */
export async function readMails(dir: string): Promise<string[]> {
  return (await readRawMails(dir)).map(decodeQuotedPrintable);
}

export interface MimePart {
  contentType: string;
  body: string;
}

const header = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im')
    .exec(head)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ');

/**
 * The top-level type of a message as written (not yet decoded) and its parts: one level of multipart,
 * which is what nodemailer writes for text + HTML. Bodies are decoded, SMTP's CRLF line ends made \n.
 */
export function mimeStructure(raw: string): { contentType: string; parts: MimePart[] } {
  const split = (entity: string) => {
    const at = entity.search(/\r?\n\r?\n/);
    return { head: entity.slice(0, at), body: entity.slice(at).replace(/^\r?\n\r?\n/, '') };
  };
  const top = split(raw);
  const contentType = header(top.head, 'Content-Type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return { contentType, parts: [] };
  const parts = top.body
    .split(`--${boundary}`)
    .slice(1, -1) // before the first boundary: preamble; after the last (`--boundary--`): epilogue
    .map((entity) => {
      const { head, body } = split(entity.replace(/^\r?\n/, ''));
      const encoding = header(head, 'Content-Transfer-Encoding')?.toLowerCase();
      const decoded =
        encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : encoding === 'base64'
            ? Buffer.from(body, 'base64').toString('utf8')
            : body;
      return { contentType: header(head, 'Content-Type') ?? 'text/plain', body: decoded.replace(/\r\n/g, '\n').trim() };
    });
  return { contentType, parts };
}

/**
 * A real SMTP server on loopback that files every message it receives into a folder; on `port` when given
 * (started again where a mailer already points), else on a free one.
 */
export async function startSmtpCatcher(dir: string, port = 0) {
  await mkdir(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const name = `${Date.now()}-${String(++n).padStart(6, '0')}.eml`;
        writeFile(path.join(dir, name), Buffer.concat(chunks)).then(() => done(), done);
      });
    },
  });
  const listening = await new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
  );
  return { port: listening, close: () => new Promise<void>((r) => server.close(() => r())) };
}
