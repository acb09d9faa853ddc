// First: before any module builds a schema.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EMBED_DATA_ID, type EmbedData } from '../shared/embed';
import { captureEntrySource } from './features/player/api/events';
import { ReportAd } from './features/moderation/ReportAd';
import { EMBED_LINK, EmbedPlayer } from './features/player/EmbedPlayer';
import './embed.css';

/*
 * The embeddable player (/embed/{slug}): its own small entry, without the router, query client,
 * header or footer of the site. The server writes the ad into the page, so nothing waits for a fetch.
 */

// Whatever a listener does inside a partner's page counts with source 'embed'.
captureEntrySource('embed');

const data = JSON.parse(document.getElementById(EMBED_DATA_ID)?.textContent || '{"ad":null}') as EmbedData;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <EmbedPlayer {...data} actions={data.ad && <ReportAd slug={data.ad.slug} className={EMBED_LINK} fullFrame />} />
  </StrictMode>,
);
