import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';

export interface HugeUploadResult {
  status: number;
  message: string;
  /** Bytes the client had written when the answer came, and in all before the server let go. */
  sentAtAnswer: number;
  sent: number;
  length: number;
}

/**
 * Posts a well-formed multipart form with a `megabytes` audio part over a real connection, made on
 * demand (a chunk is made and counted only when the connection takes it), and keeps writing after the
 * answer, as a client that does not read answers early would, until the body is sent or the server
 * drops the connection. `start`: the file's first bytes (a real MP3's, say), the rest is filler.
 */
export function sendHugeUpload(
  url: string,
  headers: Record<string, string>,
  { megabytes = 50, start = Buffer.alloc(0) }: { megabytes?: number; start?: Buffer } = {},
) {
  const total = megabytes * 1024 * 1024;
  const boundary = '----adreplay-huge';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="huge.mp3"\r\n` +
      'Content-Type: audio/mpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + total + tail.length;
  const CHUNK = 256 * 1024;
  let sent = 0;
  const counted = (chunk: Buffer) => ((sent += chunk.length), chunk);
  function* form() {
    yield counted(Buffer.concat([head, start]));
    for (let left = total - start.length; left > 0; left -= CHUNK)
      yield counted(Buffer.alloc(Math.min(CHUNK, left), 0x55));
    yield counted(tail);
  }
  const body = Readable.from(form(), { objectMode: false });
  return new Promise<HugeUploadResult>((resolve, reject) => {
    let answer: { status: number; message: string; sentAtAnswer: number } | null = null;
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
      },
    });
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      body.unpipe(req);
      req.destroy();
      if (!answer) return reject(new Error('no answer before the connection ended'));
      resolve({ ...answer, sent, length });
    };
    req.on('response', (res) => {
      const sentAtAnswer = sent;
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        answer = { status: res.statusCode!, message: JSON.parse(text).message, sentAtAnswer };
        if (req.writableFinished) done();
      });
    });
    // The server cut the connection (after its lingering time), or the whole body went out.
    req.on('error', () => done());
    req.on('close', () => done());
    req.on('finish', () => {
      if (answer) done();
    });
    body.pipe(req);
  });
}
