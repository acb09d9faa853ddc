import type { PublicAd } from '../../../shared/ads';
import { recordEvent } from './api/events';
import { AudioPlayer, type AudioPlayerProps } from './AudioPlayer';

/**
 * The player of a real ad: the one place that records its play event, each time audio actually starts
 * after a press. The bare AudioPlayer serves only where no listener plays: the demo's sample, which is no
 * ad, and the owner's previews of their own ad (just created, being edited).
 */
export function CountedPlayer({
  ad,
  ...player
}: { ad: AudioPlayerProps['ad'] & Pick<PublicAd, 'id'> } & Omit<AudioPlayerProps, 'ad' | 'onPlayStarted'>) {
  return <AudioPlayer ad={ad} {...player} onPlayStarted={() => recordEvent({ adId: ad.id, type: 'play' })} />;
}
