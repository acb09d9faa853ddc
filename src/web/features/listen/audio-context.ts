/**
 * The audio context of the next listening session, made in the click that asks for it: Safari (and
 * Chrome's autoplay rules) start audio only in a user gesture, and the listening code loads after it.
 * Kept in this small module so the click handler does not wait for that code.
 */
let prepared: AudioContext | null = null;

type AudioContextClass = typeof AudioContext;
const AudioContextClass = (): AudioContextClass | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);

const closeQuietly = (ctx: AudioContext) => {
  if (ctx.state !== 'closed') ctx.close().catch(() => undefined);
};

/** Call in a click handler: makes and resumes a context for the session about to start. */
export function prepareAudioContext(): void {
  releasePreparedAudioContext();
  const Ctx = AudioContextClass();
  if (!Ctx) return;
  try {
    prepared = new Ctx();
    void prepared.resume().catch(() => undefined);
  } catch {
    prepared = null; // no audio here: the session reports it
  }
}

/**
 * The prepared context, or a new one (the session then owns it and closes it); null where the browser
 * has no Web Audio.
 */
export function takeAudioContext(): AudioContext | null {
  const ctx = prepared;
  prepared = null;
  if (ctx && ctx.state !== 'closed') return ctx;
  const Ctx = AudioContextClass();
  try {
    return Ctx ? new Ctx() : null;
  } catch {
    return null;
  }
}

/** A context prepared for a session that never started (the dialog closed first) is closed. */
export function releasePreparedAudioContext(): void {
  if (prepared) closeQuietly(prepared);
  prepared = null;
}

export { closeQuietly as closeAudioContext };
