import { ExternalLink } from 'lucide-react';
import type { EmbedAd } from '../../../shared/embed';
import { messages } from '../../../shared/messages';
import { adUrl } from '../../lib/app-config';
import { AdLogo } from '../ads/AdLogo';
import { recordEvent } from '../analytics/record-event';
import { AudioPlayer } from '../player/AudioPlayer';

const FRAME = 'flex min-h-screen flex-col gap-3 bg-white p-4 text-slate-900 dark:bg-slate-900 dark:text-slate-100';
const LINK = 'inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline dark:text-sky-300';

/** The player inside a partner's page: the ad's title and business, the real player, a way to the full page. */
export function EmbedPlayer({ ad }: { ad: EmbedAd | null }) {
  if (!ad) {
    return (
      <main className={FRAME}>
        <h1 className="font-semibold">{messages.adNotFound}</h1>
        <p className="text-sm">{messages.adNotFoundText}</p>
      </main>
    );
  }
  return (
    <main className={FRAME}>
      <div className="flex items-center gap-3">
        <AdLogo ad={ad} />
        <div className="min-w-0">
          <h1 className="truncate font-semibold leading-tight">{ad.title}</h1>
          <p className="truncate text-sm text-slate-700 dark:text-slate-300">{ad.businessName}</p>
        </div>
      </div>
      <AudioPlayer ad={ad} size="sm" onPlayStarted={() => recordEvent({ adId: ad.id, type: 'play' })} />
      <a href={adUrl(ad.slug, 'embed')} target="_blank" rel="noopener" className={LINK}>
        Listen on AdReplay
        <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </main>
  );
}
