import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicAd } from '../../../shared/ads';
import { api } from '../../lib/api';
import { adKeys } from './ads.api';
import { myKeys } from './my-ads.api';

/** After any change the lists refresh; a changed ad also refreshes its entries by id and slug. */
export function useRefreshAfterChange() {
  const qc = useQueryClient();
  return (ad?: Pick<PublicAd, 'id' | 'slug'>) => {
    void qc.invalidateQueries({ queryKey: myKeys.all });
    void qc.invalidateQueries({ queryKey: adKeys.all, exact: false });
    if (ad) {
      void qc.invalidateQueries({ queryKey: myKeys.ad(ad.id) });
      void qc.invalidateQueries({ queryKey: adKeys.slug(ad.slug) });
    }
  };
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
