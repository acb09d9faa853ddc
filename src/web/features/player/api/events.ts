import type { ClickTarget, EntrySource, EventType } from '../../../../shared/analytics';
import { messages } from '../../../../shared/messages';
import { isSourceHost } from '../../../../shared/sources';
import { api } from '../../../lib/api';

const STORAGE_KEY = 'adreplay:entry-source';
/**
 * The ?src= values of our own links: QR codes, embeds, shared links and the Listen button's match (types only:
 * the schemas stay out of this bundle).
 */
const LINK_SOURCES: readonly string[] = ['qr', 'embed', 'share', 'listen'] satisfies Exclude<EntrySource, 'direct'>[];

/** How a visit reached us: one of our links' ?src=, else the host of another referring site, else direct. */
export function entrySourceOf(src: string | null, referrer: string, ownHost: string): string {
  if (src && LINK_SOURCES.includes(src)) return src;
  try {
    const host = new URL(referrer).hostname;
    if (host !== ownHost && isSourceHost(host)) return host;
  } catch {
    // no referrer, or not a URL
  }
  return 'direct';
}

let captured: string | null = null;

function storedSource(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked: the source lasts as long as the page
  }
}

/**
 * Called when a listener arrives on an ad page through one of our links. The source is kept for the
 * rest of the visit (this tab), so a reload after the parameter is gone still knows it.
 */
export function captureEntrySource(src: string) {
  if (!LINK_SOURCES.includes(src)) return;
  captured = src;
  try {
    sessionStorage.setItem(STORAGE_KEY, src);
  } catch {
    // storage blocked
  }
}

function entrySource(): string {
  return captured ?? storedSource() ?? entrySourceOf(null, document.referrer, location.hostname);
}

export interface RecordedEvent {
  adId: string;
  type: EventType;
  /** Which button a click was on; plays send the document referrer by themselves. */
  referrer?: ClickTarget;
}

/**
 * Records one engagement event. keepalive lets a click's request finish while the browser leaves the
 * page; failures are only logged, so counting never gets in the listener's way.
 */
export function recordEvent({ adId, type, referrer }: RecordedEvent): void {
  try {
    const body = {
      ad_id: adId,
      event_type: type,
      referrer: referrer ?? (type === 'play' && document.referrer ? document.referrer : undefined),
      source: entrySource(),
    };
    api('/api/events', { method: 'POST', keepalive: true, body: JSON.stringify(body) }).catch((err: unknown) =>
      console.warn(messages.failedToRecordEvent((err as Error).message)),
    );
  } catch (err) {
    console.warn(messages.failedToRecordEvent((err as Error).message));
  }
}
