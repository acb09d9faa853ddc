import { ExternalLink, Pencil, Plus, Radio, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { adMessages, type PublicAd } from '../../../shared/ads';
import { limitMessages } from '../../../shared/plans';
import { Button, ButtonLink, buttonClass } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { featuredFailure, updateFailureText } from '../../features/ads/ad-errors';
import { MyAdsLoadError } from '../../features/ads/MyAdsLoadError';
import { TranscriptionLine } from '../../features/ads/TranscriptionNote';
import { useMyAds } from '../../features/ads/api/my-ads';
import { useDeleteAd, useToggleAd } from '../../features/ads/api/my-ads.mutations';
import { useSession } from '../../features/auth/api/session';
import { ModerationNotice } from '../../features/moderation/ModerationNotice';
import { NewAdPanel } from '../../features/player/NewAdPanel';
import { formatDate } from '../../lib/format';
import { TableHead } from '../../components/ui/table-head';
import { adPath } from '../../../shared/ad-links';

export default function ManageAdsPage() {
  const { user } = useSession();
  const { data, isPending, isError, error } = useMyAds();
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState<PublicAd | null>(null);
  const toggleActive = useToggleAd('active');
  const toggleFeatured = useToggleAd('featured');
  const remove = useDeleteAd();
  const location = useLocation();
  const navigate = useNavigate();
  const createdId = (location.state as { created?: string } | null)?.created;
  const created = createdId ? data?.ads.find((a) => a.id === createdId) : undefined;
  // Closing the panel forgets it, so going back or reloading does not show it again.
  const closeCreated = () => void navigate('.', { replace: true, state: null });
  const q = query.trim().toLowerCase();
  const ads = (data?.ads ?? []).filter(
    (a) => !q || [a.title, a.businessName, a.category].some((f) => f.toLowerCase().includes(q)),
  );

  const setActive = (ad: PublicAd) =>
    toggleActive.mutate(
      { id: ad.id, value: !ad.isActive },
      {
        onSuccess: (res) => toast.success(res.isActive ? adMessages.activated : adMessages.deactivated),
        onError: (err) => toast.error(updateFailureText(err)),
      },
    );
  const setFeatured = (ad: PublicAd) =>
    toggleFeatured.mutate(
      { id: ad.id, value: !ad.isFeatured },
      {
        onSuccess: (res) => toast.success(res.isFeatured ? adMessages.featured : adMessages.unfeatured),
        onError: (err) => {
          const { text, upgrade } = featuredFailure(err);
          toast.error(
            text,
            upgrade
              ? {
                  action: {
                    label: limitMessages.upgradePlan,
                    onClick: () => (window.location.href = '/dashboard/subscription'),
                  },
                }
              : undefined,
          );
        },
      },
    );
  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming, {
      onSuccess: () => toast.success(adMessages.deleted),
      onError: (err) => toast.error(adMessages.deleteFailed(err.message)),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Manage Ads</h1>
        <ButtonLink to="/dashboard/ads/create">
          <Plus className="h-4 w-4" aria-hidden /> Create New Ad
        </ButtonLink>
      </div>
      {created && <NewAdPanel ad={created} onClose={closeCreated} />}
      <Input
        type="search"
        placeholder="Search your ads..."
        aria-label="Search your ads"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="mt-6 max-w-sm"
      />
      <Card className="mt-4 overflow-hidden">
        {isPending ? (
          <div className="space-y-2 p-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : isError ? (
          <MyAdsLoadError error={error} userId={user?.id} className="rounded-none border-0 shadow-none" />
        ) : ads.length === 0 ? (
          <p className="p-6 text-slate-700">
            {q ? 'No ads match your search.' : 'No ads yet. Create your first ad to see it here.'}
          </p>
        ) : (
          // One table: rows of a table on wide screens, a list of cards on phones (every toggle and
          // action stays in reach without scrolling sideways).
          <table className="block w-full text-left text-sm md:table">
            <TableHead
              className="sr-only border-b border-slate-200 bg-slate-50 text-slate-700 md:not-sr-only md:table-header-group"
              cell="px-4 py-3"
              columns={['Ad', 'Category', 'Added', 'Active', 'Featured', { label: 'Actions', hidden: true }]}
            />
            <tbody className="block divide-y divide-slate-100 md:table-row-group md:divide-y-0">
              {ads.map((ad) => (
                <tr
                  key={ad.id}
                  className="grid grid-cols-2 gap-x-4 gap-y-2 p-4 md:table-row md:border-b md:border-slate-100 md:p-0 md:last:border-0"
                  data-testid="my-ad-row"
                >
                  <td className="col-span-2 md:px-4 md:py-3">
                    <p className="font-medium break-words">{ad.title}</p>
                    <p className="text-slate-700">{ad.businessName}</p>
                    <TranscriptionLine ad={ad} />
                    <ModerationNotice adId={ad.id} />
                  </td>
                  <td className="text-slate-700 md:px-4 md:py-3 md:text-slate-900">{ad.category}</td>
                  <td className="text-slate-700 md:px-4 md:py-3 md:whitespace-nowrap md:text-slate-900">
                    <span className="md:hidden">Added </span>
                    {formatDate(ad.createdAt)}
                  </td>
                  <td className="md:px-4 md:py-3">
                    <span className="flex items-center gap-2">
                      <Switch
                        checked={ad.isActive}
                        label={`Active: ${ad.title}`}
                        onCheckedChange={() => setActive(ad)}
                        disabled={toggleActive.isPending}
                      />
                      <span aria-hidden className="md:hidden">
                        Active
                      </span>
                    </span>
                  </td>
                  <td className="md:px-4 md:py-3">
                    <span className="flex items-center gap-2">
                      <Switch
                        checked={ad.isFeatured}
                        label={`Featured: ${ad.title}`}
                        onCheckedChange={() => setFeatured(ad)}
                        disabled={toggleFeatured.isPending}
                      />
                      <span aria-hidden className="md:hidden">
                        Featured
                      </span>
                    </span>
                  </td>
                  <td className="col-span-2 md:px-4 md:py-3">
                    <div className="flex gap-1 border-t border-slate-100 pt-2 md:justify-end md:border-0 md:pt-0">
                      <Link
                        to={`/dashboard/ads/edit/${ad.id}`}
                        className={buttonClass({ variant: 'ghost', size: 'icon' })}
                        aria-label={`Edit ${ad.title}`}
                      >
                        <Pencil className="h-4 w-4" />
                      </Link>
                      <Link
                        to={`/dashboard/ads/${ad.id}/airings`}
                        className={buttonClass({ variant: 'ghost', size: 'icon' })}
                        aria-label={`Airings of ${ad.title}`}
                        title="Airings"
                      >
                        <Radio className="h-4 w-4" />
                      </Link>
                      <Link
                        to={adPath(ad.slug)}
                        className={buttonClass({ variant: 'ghost', size: 'icon' })}
                        aria-label={`View ${ad.title}`}
                      >
                        <ExternalLink className="h-4 w-4" />
                      </Link>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${ad.title}`}
                        onClick={() => setConfirming(ad)}
                      >
                        <Trash2 className="h-4 w-4 text-red-700" />
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <ConfirmDialog
        open={Boolean(confirming)}
        onClose={() => setConfirming(null)}
        title="Delete this ad?"
        action="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      >
        “{confirming?.title}” and its audio will be removed for good. Its page and QR code will stop working.
      </ConfirmDialog>
    </div>
  );
}
