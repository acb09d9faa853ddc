import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookMessages } from '../../../shared/webhooks.js';
import { AppError } from '../../errors.js';

/**
 * Standard Webhooks signing and the one way out to a partner's endpoint (decision 51): the host is resolved,
 * every address it resolves to must be public, and the request connects to the address that was checked (no
 * second lookup a DNS answer could change in between). Redirects are never followed.
 */

/** Longest a delivery waits for the receiver's answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the log keeps. */
export const RESPONSE_EXCERPT_CHARS = 200;

/** `v1,<base64 HMAC-SHA256>` of `${msgId}.${timestamp}.${body}`, keyed with the secret's bytes (after `whsec_`). */
export function signWebhook(secret: string, msgId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64')}`;
}

/** A refused URL: answered 422 at registration, logged as the attempt's error at delivery. */
export class WebhookUrlRefused extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

/** Every address of a host, as `dns.lookup` gives them. */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

const IPV4_COMPATIBLE = ipaddr.IPv6.parse('::');

/**
 * An IPv6 address as the URL parser and resolvers spell it (::127.0.0.1 is ::7f00:1); null if it has none
 * (a zone id). ipaddr.js alone reads '::a.b.c.d' as IPv4-mapped, which it is not.
 */
function canonicalIpv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/**
 * Whether an address is an ordinary public one: not loopback, private (10/8, 172.16/12, 192.168/16), CGNAT,
 * link-local, unique-local, multicast, unspecified, broadcast, reserved, nor a form that carries another
 * address (IPv4-mapped IPv6 is judged by the IPv4 it maps; IPv4-compatible ::/96, NAT64, 6to4 and Teredo are
 * refused).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let judged = address;
  if (address.includes(':')) {
    const canonical = canonicalIpv6(address);
    if (canonical === null) return false;
    // ::7f00:1 (http://[::127.0.0.1]/) reaches 127.0.0.1 where IPv4-compatible addresses are still routed.
    if (ipaddr.IPv6.parse(canonical).match(IPV4_COMPATIBLE, 96)) return false;
    judged = canonical;
  }
  // ::ffff:127.0.0.1 is 127.0.0.1.
  return ipaddr.process(judged).range() === 'unicast';
}

export interface SenderOptions {
  /** Loopback and private addresses let through (ALLOW_PRIVATE_WEBHOOKS, for tests and local receivers). */
  allowPrivate: boolean;
  resolve?: Resolve;
  timeoutMs?: number;
}

/** The address to connect to for a URL, checked; throws WebhookUrlRefused. */
export async function checkedAddress(
  rawUrl: string,
  options: SenderOptions,
): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new WebhookUrlRefused(webhookMessages.urlInvalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookUrlRefused(webhookMessages.urlInvalid);
  if (url.username || url.password) throw new WebhookUrlRefused(webhookMessages.urlCredentials);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new WebhookUrlRefused(webhookMessages.urlUnresolved(host));
  }
  // Every answer must be public: a name that also resolves to a private address is refused whole.
  if (!options.allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) {
    throw new WebhookUrlRefused(webhookMessages.urlPrivate(host));
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface DeliveryResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

/**
 * POSTs one signed message. 2xx is success; anything else (a 3xx included: redirects are not followed), a
 * refused address, a timeout or a broken connection is a failure with its reason.
 */
export async function deliverWebhook(
  target: { url: string; secret: string },
  message: { msgId: string; timestamp: number; body: string },
  options: SenderOptions & { signal?: AbortSignal },
): Promise<DeliveryResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let checked: Awaited<ReturnType<typeof checkedAddress>>;
  try {
    checked = await checkedAddress(target.url, options);
  } catch (err) {
    return { ok: false, statusCode: null, durationMs: took(), error: (err as Error).message, responseExcerpt: null };
  }
  const { url, address, family } = checked;
  // The connection goes to the checked address, whatever the name resolves to by now.
  const pinned: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const signal = AbortSignal.any([
    AbortSignal.timeout(options.timeoutMs ?? DELIVERY_TIMEOUT_MS),
    ...(options.signal ? [options.signal] : []),
  ]);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'AdReplay-Webhooks/1',
    'webhook-id': message.msgId,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': signWebhook(target.secret, message.msgId, message.timestamp, message.body),
  };
  return new Promise<DeliveryResult>((resolve) => {
    const fail = (error: string, statusCode: number | null = null, responseExcerpt: string | null = null) =>
      resolve({ ok: false, statusCode, durationMs: took(), error, responseExcerpt });
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', headers, lookup: pinned, signal, agent: false },
      (res) => {
        const status = res.statusCode ?? 0;
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          excerpt += chunk;
          // The rest of a long answer is not read.
          if (excerpt.length >= RESPONSE_EXCERPT_CHARS) res.destroy();
        });
        const done = () => {
          const text = excerpt.slice(0, RESPONSE_EXCERPT_CHARS) || null;
          if (status >= 200 && status < 300) {
            resolve({ ok: true, statusCode: status, durationMs: took(), error: null, responseExcerpt: text });
          } else if (status >= 300 && status < 400) {
            fail(`Redirect to ${res.headers.location ?? 'nowhere'} not followed`, status, text);
          } else fail(`HTTP ${status}`, status, text);
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    request.on('error', (err) =>
      fail(signal.aborted && !options.signal?.aborted ? 'No answer within the time limit' : err.message),
    );
    request.end(message.body);
  });
}
