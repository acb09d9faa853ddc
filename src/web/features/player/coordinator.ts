/** Only one ad plays at a time across the page: starting one pauses whichever was playing. */
let current: HTMLAudioElement | null = null;

export function claimPlayback(audio: HTMLAudioElement) {
  if (current && current !== audio && !current.paused) current.pause();
  current = audio;
}

export function releasePlayback(audio: HTMLAudioElement) {
  if (current === audio) current = null;
}
