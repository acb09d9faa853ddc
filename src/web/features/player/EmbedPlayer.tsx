import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import type { EmbedData } from '../../../shared/embed';
import { messages, referenceText } from '../../../shared/messages';
import { adUrl } from '../../lib/app-config';
import { AdLogo } from '../../components/ad/AdLogo';
import { CountedPlayer } from './CountedPlayer';

const FRAME = 'flex min-h-screen flex-col gap-3 bg-surface p-4 text-slate-900';
const LINK = 'inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline';

/** The player inside a partner's page: the ad's title and business, the real player, a way to the full page. */
/** The style of the frame's own links; the entry gives it to the actions it adds (report). */
export const EMBED_LINK = LINK;

export function EmbedPlayer({ ad, unavailable, reference, removed, actions }: EmbedData & { actions?: ReactNode }) {
  if (unavailable) {
    return (
      <main className={FRAME} role="alert">
        <h1 className="font-semibold">{messages.adUnavailable}</h1>
        <p className="text-sm">{unavailable}</p>
        {reference && <p className="text-xs">{referenceText(reference)}</p>}
        <button type="button" className={`${LINK} self-start`} onClick={() => window.location.reload()}>
          Try Again
        </button>
      </main>
    );
  }
  // Hidden by moderation (the frame is answered 451): its short notice.
  if (removed) {
    return (
      <main className={FRAME}>
        <h1 className="font-semibold">{messages.adRemoved}</h1>
        <p className="text-sm">{removed}</p>
      </main>
    );
  }
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
          <p className="truncate text-sm text-slate-700">{ad.businessName}</p>
        </div>
      </div>
      <CountedPlayer ad={ad} size="sm" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a href={adUrl(ad.slug, 'embed')} target="_blank" rel="noopener" className={LINK}>
          Listen on AdReplay
          <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        {actions}
      </div>
    </main>
  );
}
