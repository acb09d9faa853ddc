import { hash } from 'node:crypto';
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { DeviceClass } from '../../../shared/analytics.js';
import { networkOf } from '../../client-address.js';

/**
 * The listener code: a hash of the day's salt, the network, the user agent and the ad. It identifies a
 * listener of one ad for one day only, and the address itself is never kept.
 */
export function listenerKey(salt: string, ip: string, userAgent: string, adId: string): string {
  const digest = hash('sha256', `${salt}\n${networkOf(ip)}\n${userAgent}\n${adId}`, 'base64url');
  return digest.slice(0, 22); // 132 bits: collisions are out of reach at any realistic volume
}

/**
 * The listener cap's key: the day's salt, the network and the ad, without the user agent. Every listener
 * code of one address for one ad that day shares it (see LISTENERS_PER_ADDRESS).
 */
export function addressKey(salt: string, ip: string, adId: string): string {
  return hash('sha256', `${salt}\naddress\n${networkOf(ip)}\n${adId}`, 'base64url').slice(0, 22);
}

// User agents repeat a lot; telling a bot and a device class from one is the costliest step of accepting
// an event, so each answer is remembered.
const agents = new LRUCache<string, { bot: boolean; device: DeviceClass }>({ max: 5000 });

/** Whether a user agent is a bot (the isbot list; a missing one counts as a bot), and its device class. */
export function classifyAgent(userAgent: string): { bot: boolean; device: DeviceClass } {
  let known = agents.get(userAgent);
  if (known) return known;
  const type = userAgent ? Bowser.parse(userAgent).platform.type : undefined;
  known = {
    bot: !userAgent || isbot(userAgent),
    device: type === 'mobile' || type === 'tablet' ? type : 'desktop',
  };
  agents.set(userAgent, known);
  return known;
}
