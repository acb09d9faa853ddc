import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureEntrySource, entrySourceOf, recordEvent } from './events';

describe('entrySourceOf', () => {
  it('prefers our own link parameter', () => {
    expect(entrySourceOf('qr', 'https://news.example.com/story', 'adreplay.test')).toBe('qr');
    expect(entrySourceOf('embed', '', 'adreplay.test')).toBe('embed');
    expect(entrySourceOf('share', '', 'adreplay.test')).toBe('share');
  });

  it('falls back to another site’s host, never our own', () => {
    expect(entrySourceOf(null, 'https://News.Example.com/a?b=c', 'adreplay.test')).toBe('news.example.com');
    expect(entrySourceOf('bogus', 'https://radio.example.org/', 'adreplay.test')).toBe('radio.example.org');
    expect(entrySourceOf(null, 'https://adreplay.test/directory', 'adreplay.test')).toBe('direct');
  });

  it('says direct without a usable referrer', () => {
    expect(entrySourceOf(null, '', 'adreplay.test')).toBe('direct');
    expect(entrySourceOf(null, 'not a url', 'adreplay.test')).toBe('direct');
    expect(entrySourceOf(null, 'http://localhost:5173/', 'adreplay.test')).toBe('direct');
    expect(entrySourceOf(null, 'http://[::1]/', 'adreplay.test')).toBe('direct');
  });
});

describe('recordEvent', () => {
  const fetchMock = vi.fn();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const store = new Map<string, string>();

  beforeEach(() => {
    fetchMock.mockReset();
    warn.mockClear();
    store.clear();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', { referrer: 'https://search.example.com/?q=bakery' });
    vi.stubGlobal('location', { hostname: 'adreplay.test' });
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const sent = () => {
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    return { url, init, body: JSON.parse(init.body as string) };
  };

  it('posts a play with the document referrer and the referring host as source, surviving navigation', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 202 }));
    recordEvent({ adId: 'ad-1', type: 'play' });
    const { url, init, body } = sent();
    expect(url).toBe('/api/events');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(body).toEqual({
      ad_id: 'ad-1',
      event_type: 'play',
      referrer: 'https://search.example.com/?q=bakery',
      source: 'search.example.com',
    });
  });

  it('sends the button for clicks and the captured link source for the rest of the visit', () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 202 }));
    captureEntrySource('qr');
    recordEvent({ adId: 'ad-1', type: 'click', referrer: 'call_button' });
    expect(sent().body).toEqual({ ad_id: 'ad-1', event_type: 'click', referrer: 'call_button', source: 'qr' });
    expect(store.get('adreplay:entry-source')).toBe('qr');
  });

  it('never throws: a refused or failed request is only logged', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Too many events' }), { status: 429 }));
    expect(() => recordEvent({ adId: 'ad-1', type: 'share' })).not.toThrow();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(() => recordEvent({ adId: 'ad-1', type: 'share' })).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn).toHaveBeenCalledWith('Failed to record event: Too many events');
    // The one HTTP client words a lost connection for people; the log keeps its words.
    expect(warn).toHaveBeenCalledWith(
      'Failed to record event: Network error. Please check your connection and try again.',
    );
  });
});
