import type { PublicAd } from '../../../shared/ads';
import { recordEvent } from './api/events';
import { AudioPlayer, type AudioPlayerProps } from './AudioPlayer';

/**
 * The player of a real ad: the one place that records its play event, each time audio actually starts
 * after a press. Only the demo's sample, which is no ad, uses the bare AudioPlayer.
 */
export function CountedPlayer({
  ad,
  ...player
}: { ad: AudioPlayerProps['ad'] & Pick<PublicAd, 'id'> } & Omit<AudioPlayerProps, 'ad' | 'onPlayStarted'>) {
  return <AudioPlayer ad={ad} {...player} onPlayStarted={() => recordEvent({ adId: ad.id, type: 'play' })} />;
}
