/** What the page recorded: see installFakeMicrophone. */
export interface PageRecord {
  identifyBodies: string[];
  errors: string[];
}

/**
 * A fake microphone for any engine (Chromium's launch flags have no equivalent in Firefox or WebKit):
 * run in the page (it is serialised, so it refers to nothing outside), it replaces getUserMedia by a stream
 * that plays the given 16-bit samples (none: the page's own getUserMedia stays) through an AudioContext of
 * its own, at the context's own rate (the engine resamples the clip). It also records the body of every
 * request to /api/identify, so a journey can check what left the page, and the page's errors (WebDriver
 * classic has no console events).
 */
export function installFakeMicrophone(pcmBase64: string | null, sampleRate: number): void {
  const w = window as unknown as { record: PageRecord };
  w.record = { identifyBodies: [], errors: [] };
  const { record } = w;
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => (record.errors.push(args.map(String).join(' ')), consoleError(...args));
  window.addEventListener('error', (e) => record.errors.push(String(e.message)));
  window.addEventListener('unhandledrejection', (e) => record.errors.push(String(e.reason)));
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/api/identify'))
      record.identifyBodies.push(typeof init?.body === 'string' ? init.body : `not text: ${String(init?.body)}`);
    return nativeFetch(input, init);
  };
  if (pcmBase64 === null) return;
  const bytes = Uint8Array.from(atob(pcmBase64), (c) => c.charCodeAt(0));
  const pcm = new Int16Array(bytes.buffer);
  // The device's audio starts with the first click, as Safari starts audio only in a user gesture.
  const ctx = new AudioContext();
  document.addEventListener('click', () => void ctx.resume(), { capture: true, once: true });
  // On the prototype: WebKit gives the page a new MediaDevices object after a user gesture.
  MediaDevices.prototype.getUserMedia = async () => {
    await ctx.resume();
    const buffer = ctx.createBuffer(1, pcm.length, sampleRate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < pcm.length; i++) channel[i] = pcm[i]! / 32768;
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    const destination = ctx.createMediaStreamDestination();
    source.connect(destination);
    source.start();
    const [track] = destination.stream.getAudioTracks();
    // The page stops the track when it is done: the fake device goes away with it.
    const stop = track!.stop.bind(track);
    track!.stop = () => {
      stop();
      if (ctx.state !== 'closed') ctx.close().catch(() => undefined); // a second stop while it closes
    };
    return destination.stream;
  };
}
