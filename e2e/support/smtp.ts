import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that files every message it receives into a folder. */
export async function startSmtpCatcher(dir: string) {
  await mkdir(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        writeFile(path.join(dir, `${Date.now()}-${++n}.eml`), Buffer.concat(chunks)).then(() => done(), done);
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
  );
  return { port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Messages received for an address, newest last, with quoted-printable undone. */
export async function mailsTo(dir: string, address: string): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return mails
    .map((m) =>
      m.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((m) => m.includes(`To: ${address}`));
}
