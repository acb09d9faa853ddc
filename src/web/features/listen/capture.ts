import workletUrl from './capture.worklet.ts?worker&url';
import { closeAudioContext } from './audio-context';

/** Why the microphone could not be used, each with its own message in the dialog. */
export type CaptureFailure = 'denied' | 'no-microphone' | 'busy' | 'unsupported';

export class CaptureError extends Error {
  constructor(readonly reason: CaptureFailure) {
    super(reason);
  }
}

/**
 * Voice-call processing is off: echo cancellation, noise suppression and automatic gain treat music
 * and a radio's voice-over as noise to remove, and would erase the spectral peaks a fingerprint is
 * made of. One channel is enough (stereo input is mixed down anyway).
 */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false, channelCount: { ideal: 1 } },
  video: false,
};

/** The getUserMedia failure as one of the dialog's cases (names from the Media Capture spec). */
export function failureOf(err: unknown): CaptureFailure {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError': // older Chrome
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError': // older Chrome
      return 'no-microphone';
    case 'NotReadableError':
    case 'AbortError':
    case 'TrackStartError': // older Chrome
      return 'busy';
    default:
      return 'unsupported';
  }
}

export interface Capture {
  /** For the level meter. */
  analyser: AnalyserNode;
  /** The rate of the chunks handed to onChunk (the context's, usually 44.1 or 48 kHz). */
  sampleRate: number;
  /** Releases the microphone (its tracks stop: the browser's recording indicator goes off) and the context. */
  stop(): void;
}

/**
 * Opens the microphone and hands its audio, mixed to mono, to onChunk as it arrives. The context is the
 * session's: stop() closes it. An AudioWorklet where there is one; a ScriptProcessor otherwise (Safari
 * before 14.1). The graph ends in a silent gain, because a node that reaches no destination is not run.
 */
export async function startCapture(ctx: AudioContext, onChunk: (mono: Float32Array) => void): Promise<Capture> {
  const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  // No getUserMedia: an old browser or a page not served over https (the API exists only in secure contexts).
  if (!media?.getUserMedia || !window.isSecureContext) {
    closeAudioContext(ctx);
    throw new CaptureError('unsupported');
  }
  let stream: MediaStream | undefined;
  const nodes: AudioNode[] = [];
  const stop = () => {
    stream?.getTracks().forEach((t) => t.stop());
    nodes.forEach((n) => n.disconnect());
    closeAudioContext(ctx);
  };
  try {
    stream = await media.getUserMedia(MICROPHONE_CONSTRAINTS);
  } catch (err) {
    stop();
    throw new CaptureError(failureOf(err));
  }
  try {
    if (ctx.state === 'suspended') await ctx.resume();
    const source = ctx.createMediaStreamSource(stream);
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 1024;
    analyser.smoothingTimeConstant = 0.6;
    const silent = ctx.createGain();
    silent.gain.value = 0;
    nodes.push(source, analyser, silent);
    source.connect(analyser);
    let tap: AudioNode;
    if (ctx.audioWorklet) {
      await ctx.audioWorklet.addModule(workletUrl);
      const worklet = new AudioWorkletNode(ctx, 'adreplay-mono-capture', {
        numberOfOutputs: 1,
        outputChannelCount: [1],
      });
      worklet.port.onmessage = (e: MessageEvent<Float32Array>) => onChunk(e.data);
      tap = worklet;
    } else {
      const channels = Math.max(1, source.channelCount);
      const processor = ctx.createScriptProcessor(4096, channels, 1);
      processor.onaudioprocess = (e) => onChunk(downmix(e.inputBuffer));
      tap = processor;
    }
    nodes.push(tap);
    source.connect(tap);
    tap.connect(silent);
    silent.connect(ctx.destination);
    return { analyser, sampleRate: ctx.sampleRate, stop };
  } catch (err) {
    stop();
    throw err instanceof CaptureError ? err : new CaptureError('unsupported');
  }
}

/** The channels of a buffer averaged into one (the ScriptProcessor path; the worklet does the same). */
export function downmix(buffer: Pick<AudioBuffer, 'numberOfChannels' | 'length' | 'getChannelData'>): Float32Array {
  const out = new Float32Array(buffer.length);
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const data = buffer.getChannelData(c);
    for (let i = 0; i < out.length; i++) out[i]! += data[i]! / buffer.numberOfChannels;
  }
  return out;
}
