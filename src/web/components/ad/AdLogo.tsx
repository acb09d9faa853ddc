import { artworkSvg } from '../../../shared/artwork';
import type { PublicAd } from '../../../shared/ads';
import { cn } from '../../lib/cn';

const SIZES = { md: 'h-12 w-12 rounded-lg', lg: 'h-20 w-20 rounded-xl', xl: 'h-24 w-24 rounded-2xl sm:h-40 sm:w-40' };

/**
 * An advertiser's logo, or the ad's generated artwork (its category's pattern in the business's
 * colours). Its own module: the embed page uses it without the card.
 */
export function AdLogo({
  ad,
  size = 'md',
}: {
  ad: Pick<PublicAd, 'logoUrl' | 'businessName' | 'category' | 'title'>;
  size?: keyof typeof SIZES;
}) {
  const cls = cn(SIZES[size], 'shrink-0 object-cover shadow-sm ring-1 ring-black/5');
  if (ad.logoUrl) return <img src={ad.logoUrl} alt={`${ad.businessName} logo`} className={cls} loading="lazy" />;
  const svg = artworkSvg(ad, { withName: size === 'xl' });
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt=""
      width={100}
      height={100}
      className={cls}
    />
  );
}
