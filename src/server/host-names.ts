import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from './config.js';

/** Names a machine gives itself; answered on a local run (see allowedHostNames). */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

export const MISDIRECTED_REQUEST = 'Misdirected request: this server does not answer for that host name.';

/**
 * The name part of a Host value (`Ads.Example.com.:443` -> `ads.example.com`, `[::1]:3000` -> `[::1]`), as
 * a URL parser reads it; null when it is not a host at all. Ports are left out: a proxy or a port mapping
 * changes them, and a page of another site cannot choose the name its visitors' browsers send.
 */
export function hostNameOf(host: string | undefined): string | null {
  if (!host || /[/?#@%\\\s]/.test(host)) return null;
  try {
    const name = new URL(`http://${host}`).hostname;
    return name.endsWith('.') ? name.slice(0, -1) : name;
  } catch {
    return null;
  }
}

/**
 * The host names the app answers: PUBLIC_ORIGIN's, ALLOWED_HOSTS, and the loopback names when PUBLIC_ORIGIN
 * is itself on one (a run on one machine: `npm start`, `npm run dev`, the benches). A server reached under
 * any other name is being addressed by someone else's DNS (rebinding) or by mistake.
 */
export function allowedHostNames(config: Pick<Config, 'PUBLIC_ORIGIN' | 'ALLOWED_HOSTS'>): ReadonlySet<string> {
  const own = hostNameOf(new URL(config.PUBLIC_ORIGIN).host)!;
  const local = (LOOPBACK_NAMES as readonly string[]).includes(own);
  return new Set([own, ...config.ALLOWED_HOSTS, ...(local ? LOOPBACK_NAMES : [])]);
}

/** Whether this request was addressed to one of the app's names (Host, or a trusted proxy's X-Forwarded-Host). */
export const addressedToUs = (req: FastifyRequest, hosts: ReadonlySet<string>) => {
  const name = hostNameOf(req.host);
  return name !== null && hosts.has(name);
};

/**
 * Refuses, before anything else runs, a request for a host name the app is not configured for: 421
 * Misdirected Request with a short plain-text body. Registered first, so that no other hook, guard or
 * handler sees it.
 */
export const hostGuard = fastifyPlugin(
  async (app: FastifyInstance, { hosts }: { hosts: ReadonlySet<string> }) => {
    app.addHook('onRequest', async (req, reply) => {
      if (addressedToUs(req, hosts)) return;
      return reply
        .code(421)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(MISDIRECTED_REQUEST);
    });
  },
  { name: 'host-guard' },
);
