import type { PublicAd } from '../../../shared/ads';

/** An advertiser's logo, or its initial on a tinted square. Its own module: the embed page uses it without the card. */
export function AdLogo({ ad, size = 'md' }: { ad: Pick<PublicAd, 'logoUrl' | 'businessName'>; size?: 'md' | 'lg' }) {
  const cls = size === 'lg' ? 'h-20 w-20 text-2xl' : 'h-12 w-12 text-base';
  return ad.logoUrl ? (
    <img
      src={ad.logoUrl}
      alt={`${ad.businessName} logo`}
      className={`${cls} shrink-0 rounded-lg object-cover`}
      loading="lazy"
    />
  ) : (
    <div
      aria-hidden
      className={`${cls} flex shrink-0 items-center justify-center rounded-lg bg-brand-100 font-bold text-brand-800`}
    >
      {ad.businessName.slice(0, 1)}
    </div>
  );
}
