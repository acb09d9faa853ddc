import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { PRODUCT_SHOTS, SHOT_DENSITIES, SHOT_FORMATS, shotFileName, type ProductShotName } from './product-shots';

type Theme = 'light' | 'dark';
type Ext = (typeof SHOT_FORMATS)[number]['ext'];

// Hashed URLs of the committed screenshots (never inlined: they are images, not code).
const FILES = import.meta.glob<string>('./screenshots/*', { eager: true, query: '?no-inline', import: 'default' });

const fileUrl = (name: ProductShotName, theme: Theme, density: 1 | 2, ext: Ext) => {
  const url = FILES[`./screenshots/${shotFileName(name, theme, density, ext)}`];
  if (!url) throw new Error(`Missing screenshot ${shotFileName(name, theme, density, ext)}: run npm run screenshots`);
  return url;
};
const srcSet = (name: ProductShotName, theme: Theme, ext: Ext) =>
  SHOT_DENSITIES.map((d) => `${fileUrl(name, theme, d, ext)} ${d}x`).join(', ');

/**
 * A screenshot of the product (see product-shots.ts): AVIF, WebP or JPEG at 1x or 2x, whichever the browser
 * reads best, in the visitor's theme; width and height are set, so the page never shifts as it loads.
 */
function Picture({ name, eager, className }: { name: ProductShotName; eager?: boolean; className?: string }) {
  const shot = PRODUCT_SHOTS[name];
  return (
    <picture>
      {SHOT_FORMATS.map(({ ext, type }) => (
        <source
          key={`dark-${ext}`}
          type={type}
          media="(prefers-color-scheme: dark)"
          srcSet={srcSet(name, 'dark', ext)}
        />
      ))}
      {SHOT_FORMATS.filter((f) => f.ext !== 'jpg').map(({ ext, type }) => (
        <source key={ext} type={type} srcSet={srcSet(name, 'light', ext)} />
      ))}
      <img
        src={fileUrl(name, 'light', 1, 'jpg')}
        srcSet={srcSet(name, 'light', 'jpg')}
        width={shot.width}
        height={shot.height}
        alt={shot.alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={cn('block h-auto w-full', className)}
        data-testid="product-shot"
      />
    </picture>
  );
}

/** The ad page as a phone shows it, in a phone's outline; the caller sets its width (max-w-*). */
export function PhoneShot({ eager, className }: { eager?: boolean; className?: string }) {
  return (
    <div
      className={cn('w-full overflow-hidden rounded-[2rem] border-[6px] border-bezel bg-surface shadow-lg', className)}
    >
      <Picture name="ad-page" eager={eager} />
    </div>
  );
}

/** A browser window's outline around a picture of a page; the address bar says where it is. */
function BrowserFrame({ address, className, children }: { address: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('overflow-hidden rounded-xl border border-slate-200 bg-surface shadow-lg', className)}>
      <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2" aria-hidden>
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="ml-2 min-w-0 flex-1 truncate rounded-md bg-surface px-3 py-0.5 text-xs text-slate-700">
          {address}
        </span>
      </div>
      {children}
    </div>
  );
}

/** A page of the app in a browser window. */
export function BrowserShot({
  name,
  address,
  eager,
  className,
}: {
  name: ProductShotName;
  address: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <BrowserFrame address={address} className={className}>
      <Picture name={name} eager={eager} />
    </BrowserFrame>
  );
}

/** The embeddable player as it sits in a partner's page: an article's lines around the player's frame. */
export function EmbedShot({ address, className }: { address: string; className?: string }) {
  return (
    <BrowserFrame address={address} className={className}>
      <div className="space-y-4 p-5">
        <div aria-hidden className="space-y-2">
          <div className="h-4 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-full rounded bg-slate-100" />
          <div className="h-3 w-5/6 rounded bg-slate-100" />
        </div>
        <div className="overflow-hidden rounded-lg border border-slate-200">
          <Picture name="embed" />
        </div>
        <div aria-hidden className="space-y-2">
          <div className="h-3 w-full rounded bg-slate-100" />
          <div className="h-3 w-3/4 rounded bg-slate-100" />
        </div>
      </div>
    </BrowserFrame>
  );
}
