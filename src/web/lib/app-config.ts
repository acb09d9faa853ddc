import { adUrl as adUrlAt } from '../../shared/ad-links';
import type { EntrySource } from '../../shared/analytics';

/**
 * Settings the server hands to the web app through <meta name="adreplay-config"> (no inline scripts:
 * the CSP forbids them), with fallbacks for the Vite dev server.
 */
export interface AppConfig {
  publicOrigin: string;
  demoVideoUrl: string;
  /** 'on' when the server transcribes uploaded audio (TRANSCRIBE_URL). */
  autoTranscription: 'on' | 'off';
}

function readConfig(): AppConfig {
  const fallback = {
    // On the server (entry-server.tsx) there is no window: configureApp() gives the server's settings.
    publicOrigin: typeof window === 'undefined' ? '' : window.location.origin,
    demoVideoUrl: 'https://www.youtube-nocookie.com/embed/ysz5S6PUM-U?autoplay=1',
    autoTranscription: 'off' as const,
  };
  if (typeof document === 'undefined') return fallback;
  try {
    const raw = document.querySelector('meta[name="adreplay-config"]')?.getAttribute('content');
    return raw ? { ...fallback, ...(JSON.parse(raw) as Partial<AppConfig>) } : fallback;
  } catch {
    return fallback;
  }
}

export const appConfig = readConfig();

/** The server's settings, when it renders pages (the same it writes into each page's meta tag). */
export const configureApp = (config: Partial<AppConfig>) => void Object.assign(appConfig, config);

/** The public address of an ad on this site; our own links say where they were followed from (?src=). */
export const adUrl = (slug: string, src?: Exclude<EntrySource, 'direct'>) => adUrlAt(appConfig.publicOrigin, slug, src);
