// First: before any module builds a schema.
import './lib/zod-jitless';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { EMBED_DATA_ID, type EmbedData } from '../shared/embed';
import { EmbedApp } from './embed-app';
import { captureEntrySource } from './features/player/api/events';
import { HydrationMark } from './lib/use-hydrated';
import './embed.css';

/*
 * The embeddable player (/embed/{slug}): its own small entry, without the router, query client,
 * header or footer of the site. The server writes the ad into the page and renders the player from it,
 * so the frame paints before this script runs and nothing waits for a fetch.
 */

// Whatever a listener does inside a partner's page counts with source 'embed'.
captureEntrySource('embed');

const data = JSON.parse(document.getElementById(EMBED_DATA_ID)?.textContent || '{"ad":null}') as EmbedData;
const root = document.getElementById('root')!;

const app = (
  <>
    <EmbedApp {...data} />
    <HydrationMark />
  </>
);
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
