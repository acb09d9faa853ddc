import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One listener's connection to the stream. */
export interface StreamConnection {
  userAgent: string;
  /** When the first byte of audio went out (ms since the epoch). */
  firstByteAt: number;
  closedAt: number | null;
}

/**
 * A radio stream for tests and the benchmark: an MP3 sent as a live station sends it, paced at `speed`
 * times real time (1: real time), with SHOUTcast/Icecast's ICY headers, over and over when `loop`. Every
 * listener hears it from its start (a station that repeats a recording; the tests know where each spot is).
 */
export async function serveStream({
  mp3,
  seconds,
  speed = 1,
  loop = false,
  host = '127.0.0.1',
  port = 0,
}: {
  mp3: Buffer;
  /** The recording's length: with the bytes, the pace. */
  seconds: number;
  speed?: number;
  loop?: boolean;
  host?: string;
  port?: number;
}) {
  const bytesPerSecond = (mp3.length / seconds) * speed;
  const TICK_MS = 100;
  const connections: StreamConnection[] = [];
  const open = new Set<ServerResponse>();

  function listen(req: IncomingMessage, res: ServerResponse) {
    const connection: StreamConnection = {
      userAgent: req.headers['user-agent'] ?? '',
      firstByteAt: 0,
      closedAt: null,
    };
    connections.push(connection);
    open.add(res);
    res.writeHead(200, {
      'content-type': 'audio/mpeg',
      'icy-name': 'Test FM',
      'icy-br': String(Math.round((bytesPerSecond * 8) / speed / 1000)),
      'cache-control': 'no-cache',
    });
    let sent = 0;
    const began = Date.now();
    const timer = setInterval(() => {
      const due = Math.floor(((Date.now() - began) / 1000) * bytesPerSecond);
      while (sent < due) {
        const at = sent % mp3.length;
        if (!loop && sent >= mp3.length) {
          res.end();
          return stop();
        }
        const piece = mp3.subarray(at, Math.min(mp3.length, at + (due - sent)));
        if (!connection.firstByteAt) connection.firstByteAt = Date.now();
        res.write(piece);
        sent += piece.length;
      }
    }, TICK_MS);
    const stop = () => {
      clearInterval(timer);
      connection.closedAt ??= Date.now();
      open.delete(res);
    };
    res.on('close', stop);
  }

  const server = createServer(listen);
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${bound}/stream.mp3`,
    connections,
    /** Ends every connection now (a station going off the air) but keeps accepting new ones. */
    dropAll() {
      for (const res of open) res.destroy();
    },
    async close() {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
