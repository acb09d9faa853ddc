/**
 * The microphone's samples, off the audio thread: each block (128 frames) is mixed down to mono and
 * gathered into chunks of CHUNK frames, which are handed to the page (transferred, not copied).
 * Loaded with audioWorklet.addModule from the URL the build emits for it.
 */

// The AudioWorklet global scope (not in TypeScript's DOM library).
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** About 43 ms at 48 kHz: a few dozen messages a second. */
const CHUNK = 2048;

class MonoCapture extends AudioWorkletProcessor {
  private chunk = new Float32Array(CHUNK);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0];
    const first = channels?.[0];
    if (!channels || !first) return true; // no input yet (the microphone is still starting)
    for (let i = 0; i < first.length; i++) {
      let sum = 0;
      for (const channel of channels) sum += channel[i] ?? 0;
      this.chunk[this.filled++] = sum / channels.length;
      if (this.filled === CHUNK) {
        this.port.postMessage(this.chunk, [this.chunk.buffer]);
        this.chunk = new Float32Array(CHUNK);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('adreplay-mono-capture', MonoCapture);

export {};
