import { AlertTriangle, Check, LoaderCircle } from 'lucide-react';
import type { OwnAd } from '../../../shared/ads';
import { transcriptMessages } from '../../../shared/transcripts';
import { appConfig } from '../../lib/app-config';
import { isTranscribing } from './api/my-ads';

/**
 * What automatic transcription does for this ad, under the transcript field: off on this server, on
 * (before the first upload), transcribing, done for review, failed, or the owner's text kept. Never
 * a transcript of its own: the field shows only what the service returned or the owner typed.
 * `newAudio`: a replacement audio is chosen and will be transcribed after saving.
 */
export function TranscriptionNote({ ad, newAudio }: { ad?: OwnAd; newAudio: boolean }) {
  const state = ad ? ad.transcription : null;
  const on = ad ? state?.status !== 'off' : appConfig.autoTranscription === 'on';
  if (!on) return <Note>{transcriptMessages.autoOff}</Note>;
  if (!ad) return <Note>{transcriptMessages.autoOn}</Note>;
  if (newAudio) return <Note>{transcriptMessages.newAudio}</Note>;
  if (isTranscribing(ad)) {
    return (
      <div role="status" className="mt-2 flex items-start gap-2 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
        <LoaderCircle className="mt-0.5 h-4 w-4 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
        <p>
          <strong className="font-semibold">{transcriptMessages.transcribing}</strong>{' '}
          {transcriptMessages.transcribingHint}
        </p>
      </div>
    );
  }
  switch (state?.status) {
    case 'done':
      return ad.transcript ? (
        <div role="status" className="mt-2 flex items-start gap-2 rounded-md bg-green-50 p-3 text-sm text-green-900">
          <Check className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>{transcriptMessages.done}</p>
        </div>
      ) : (
        <Warning>{transcriptMessages.nothingHeard}</Warning>
      );
    case 'failed':
      return <Warning>{transcriptMessages.failed(state.error)}</Warning>;
    case 'kept':
      return <Note>{transcriptMessages.kept}</Note>;
    default:
      // No job: the audio came while transcription was off (a transcript it has is the owner's).
      return ad.transcript ? null : <Note>{transcriptMessages.notTranscribed}</Note>;
  }
}

const Note = ({ children }: { children: string }) => (
  <p className="mt-1 text-xs text-slate-700" data-testid="transcription-note">
    {children}
  </p>
);

const Warning = ({ children }: { children: string }) => (
  <div role="status" className="mt-2 flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
    <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
    <p>{children}</p>
  </div>
);

/** A line in the list of the owner's ads while an ad is being transcribed, or when that failed. */
export function TranscriptionLine({ ad }: { ad: OwnAd }) {
  if (isTranscribing(ad)) {
    return (
      <p className="mt-1 flex items-center gap-1 text-xs text-brand-900">
        <LoaderCircle className="h-3 w-3 animate-spin motion-reduce:animate-none" aria-hidden />
        {transcriptMessages.transcribing}
      </p>
    );
  }
  if (ad.transcription?.status !== 'failed') return null;
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-amber-900">
      <AlertTriangle className="h-3 w-3" aria-hidden />
      {transcriptMessages.failedShort}
    </p>
  );
}
