/**
 * A fake microphone for any engine (Chromium's launch flags have no equivalent in Firefox or WebKit):
 * run in the page (it is serialised, so it refers to nothing outside), it replaces getUserMedia by a stream
 * that plays the given 16-bit samples through an AudioContext of its own, at the context's own rate (the
 * engine resamples the clip). It also records the body of every request to /api/identify, so a journey
 * can check what left the page.
 */
export function installFakeMicrophone(pcmBase64: string, sampleRate: number): void {
  const w = window as unknown as { identifyBodies: string[] };
  w.identifyBodies = [];
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/api/identify'))
      w.identifyBodies.push(typeof init?.body === 'string' ? init.body : `not text: ${String(init?.body)}`);
    return nativeFetch(input, init);
  };
  const bytes = Uint8Array.from(atob(pcmBase64), (c) => c.charCodeAt(0));
  const pcm = new Int16Array(bytes.buffer);
  navigator.mediaDevices.getUserMedia = async () => {
    const ctx = new AudioContext();
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
