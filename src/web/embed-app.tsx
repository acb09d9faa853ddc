import { StrictMode } from 'react';
import type { EmbedData } from '../shared/embed';
import { ReportAd } from './features/moderation/ReportAd';
import { EMBED_LINK, EmbedPlayer } from './features/player/EmbedPlayer';

/** The embeddable player as both the server (entry-server.tsx) and the browser (embed.tsx) render it. */
export function EmbedApp(data: EmbedData) {
  return (
    <StrictMode>
      <EmbedPlayer {...data} actions={data.ad && <ReportAd slug={data.ad.slug} className={EMBED_LINK} fullFrame />} />
    </StrictMode>
  );
}
