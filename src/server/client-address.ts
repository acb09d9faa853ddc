import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * The network part of an address: IPv4 as is, IPv6 cut to its /64 (one household or phone usually
 * holds a whole /64 and rotates the rest), IPv4-mapped IPv6 as the IPv4 it carries.
 */
export function networkOf(ip: string): string {
  if (!ip.includes(':') || !ipaddr.isValid(ip)) return ip; // plain IPv4 needs no parsing
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  return (addr as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':');
}

/**
 * What every per-client limit counts under: the network of the address our own proxies saw (req.ip, see
 * decision 9), never a header the client writes. A User-Agent is free to change on every request, so it
 * would make each request a new client.
 */
export const clientOf = (req: { ip: string }): string => networkOf(req.ip);

/**
 * A stand-in for a client's address where a library insists on keeping one (better-auth writes it on
 * sessions and rate-limit rows): a private-range IPv6 address made from a keyed hash of the network,
 * the same for every request from one network, so per-address limits still work, but of no use to
 * anyone reading the database. No real address is stored anywhere.
 */
export function createAddressPseudonym(secret: string) {
  return (ip: string): string => {
    const h = createHmac('sha256', secret).update(networkOf(ip)).digest('hex');
    // fd00::/8 is private; the hash fills the first 64 bits, which per-network limits look at.
    return `fd${h.slice(0, 2)}:${h.slice(2, 6)}:${h.slice(6, 10)}:${h.slice(10, 14)}::1`;
  };
}
export type AddressPseudonym = ReturnType<typeof createAddressPseudonym>;
