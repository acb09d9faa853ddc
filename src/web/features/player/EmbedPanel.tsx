import { useState } from 'react';
import type { PublicAd } from '../../../shared/ads';
import { embedCode, type EmbedTheme } from '../../../shared/embed';
import { CodeBlock } from '../../components/ui/code-block';
import { Segmented } from '../../components/ui/segmented';
import { appConfig } from '../../lib/app-config';

const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const satisfies readonly { value: EmbedTheme; label: string }[];

/** The ad's player for other sites: pick a theme, copy the iframe. */
export default function EmbedPanel({ ad }: { ad: Pick<PublicAd, 'slug' | 'title'> }) {
  const [theme, setTheme] = useState<EmbedTheme>('light');
  return (
    <div className="w-full max-w-2xl space-y-3 rounded-lg border border-slate-200 p-4">
      <p className="text-sm text-slate-700">Put this player on your own site: paste the code into your page.</p>
      <Segmented label="Player theme" options={THEMES} value={theme} onChange={setTheme} />
      <CodeBlock
        label="Embed code"
        code={embedCode({ origin: appConfig.publicOrigin, slug: ad.slug, title: ad.title, theme })}
        copiedMessage="Embed code copied to clipboard"
      />
    </div>
  );
}
