import { toast } from '../../components/ui/toast';
import type { PublicAd } from '../../../shared/ads';
import { messages } from '../../../shared/messages';
import { adUrl } from '../../lib/app-config';

/** The device share sheet, or copying the link where there is none. Resolves true once shared. */
export async function shareAd(ad: Pick<PublicAd, 'title' | 'slug' | 'businessName'>): Promise<boolean> {
  const url = adUrl(ad.slug, 'share');
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: ad.title, text: messages.shareText(ad.businessName), url });
      return true;
    } catch (err) {
      if ((err as Error).name === 'AbortError') return false; // the listener closed the sheet
      console.debug('Share sheet failed, copying the link instead', err);
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(messages.linkCopied(ad.title));
    return true;
  } catch (err) {
    console.debug('Copying the link failed', err);
    return false;
  }
}
