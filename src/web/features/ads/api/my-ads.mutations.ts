import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PublicAd } from '../../../../shared/ads';
import { api, apiUpload } from '../../../lib/api';
import { USER_SCOPE } from '../../../lib/query-client';
import { adKeys } from './keys';

/**
 * After any change the user's data (lists, figures, usage) and the public lists refresh; a changed ad
 * also refreshes its entries by id and slug.
 */
function useRefreshAfterChange() {
  const qc = useQueryClient();
  return (ad?: Pick<PublicAd, 'id' | 'slug'>) => {
    void qc.invalidateQueries({ queryKey: [USER_SCOPE] });
    void qc.invalidateQueries({ queryKey: adKeys.all, exact: false });
    if (ad) {
      void qc.invalidateQueries({ queryKey: adKeys.mineOne(ad.id) });
      void qc.invalidateQueries({ queryKey: adKeys.slug(ad.slug) });
    }
  };
}

/**
 * Creates an ad, or replaces the fields and files of `adId`, as one multipart upload; `progress` is its
 * percentage while it runs (null otherwise), which fetch cannot report, hence the XHR of apiUpload.
 */
export function useSaveAd(adId?: string) {
  const refresh = useRefreshAfterChange();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (body: FormData) =>
      apiUpload<PublicAd>(adId ? `/api/my/ads/${adId}` : '/api/my/ads', adId ? 'PUT' : 'POST', body, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: (saved) => refresh(saved),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

export function useToggleAd(kind: 'active' | 'featured') {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ id, value }: { id: string; value: boolean }) =>
      api<PublicAd>(`/api/my/ads/${id}/${kind}`, {
        method: 'PATCH',
        body: JSON.stringify(kind === 'active' ? { isActive: value } : { isFeatured: value }),
      }),
    // Success or failure, the table shows what the server now holds.
    onSettled: (ad) => refresh(ad),
  });
}

export function useDeleteAd() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (ad: PublicAd) => api<void>(`/api/my/ads/${ad.id}`, { method: 'DELETE' }),
    onSettled: (_r, _e, ad) => refresh(ad),
  });
}
