import { useEffect } from 'react';
import { PAGE_META, type PageMeta } from '../../shared/page-meta';

/** Sets the document title and meta description while a page is shown. */
export function usePageMeta(meta: PageMeta | string | undefined) {
  const resolved = typeof meta === 'string' ? PAGE_META[meta] : meta;
  useEffect(() => {
    if (!resolved) return;
    document.title = resolved.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', resolved.description);
  }, [resolved?.title, resolved?.description]); // eslint-disable-line react-hooks/exhaustive-deps
}
