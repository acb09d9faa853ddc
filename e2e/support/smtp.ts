import { readMails } from '../../src/server/test/mail';

export { startSmtpCatcher } from '../../src/server/test/mail';

/** Messages received for an address, newest last, with quoted-printable undone. */
export async function mailsTo(dir: string, address: string): Promise<string[]> {
  return (await readMails(dir)).filter((m) => m.includes(`To: ${address}`));
}
