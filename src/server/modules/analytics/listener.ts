import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';
import type { DeviceClass } from '../../../shared/analytics.js';

/**
 * The network part of an address: IPv4 as is, IPv6 cut to its /64 (one household or phone usually
 * holds a whole /64 and rotates the rest), IPv4-mapped IPv6 as the IPv4 it carries.
 */
export function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  return (addr as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':');
}

/**
 * The listener code: a hash of the day's salt, the network, the user agent and the ad. It identifies a
 * listener of one ad for one day only, and the address itself is never kept.
 */
export function listenerKey(salt: string, ip: string, userAgent: string, adId: string): string {
  return createHash('sha256')
    .update(`${salt}\n${networkOf(ip)}\n${userAgent}\n${adId}`)
    .digest('base64url')
    .slice(0, 22); // 132 bits: collisions are out of reach at any realistic volume
}

// User agents repeat a lot; parsing one is the costliest step of accepting an event.
const deviceCache = new Map<string, DeviceClass>();
const DEVICE_CACHE_SIZE = 2000;

export function deviceClassOf(userAgent: string): DeviceClass {
  let device = deviceCache.get(userAgent);
  if (device) return device;
  const type = Bowser.parse(userAgent).platform.type;
  device = type === 'mobile' || type === 'tablet' ? type : 'desktop';
  if (deviceCache.size >= DEVICE_CACHE_SIZE) deviceCache.clear();
  deviceCache.set(userAgent, device);
  return device;
}
