import { SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CATEGORIES, type Category } from '../../../shared/categories';
import { messages } from '../../../shared/messages';
import { Button, RetryButton } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { useDirectory, type DirectoryParams } from '../../features/ads/api/ads';
import { ListenButton } from '../../features/listen/ListenButton';
import { HeardSearch } from '../../features/search/HeardSearch';
import { AdCardSkeleton, AdGrid } from '../../features/player/AdCard';
import { cn } from '../../lib/cn';
import { usePageMeta } from '../../lib/page-meta';

/**
 * The URL is the state: search, category (omitted when all) and location. `?q=`, the name most sites
 * give a search, is read as `?search=` too, so a hand-typed address does not list every ad.
 */
export function directoryFilters(params: URLSearchParams) {
  const category = params.get('category');
  return {
    search: params.get('search') ?? params.get('q') ?? '',
    category: (CATEGORIES as readonly string[]).includes(category ?? '') ? (category as Category) : ('all' as const),
    location: params.get('location') ?? '',
  };
}

/** The directory query's parameters for these filters (the route's loader asks the same on the server). */
export const directoryQueryParams = (f: ReturnType<typeof directoryFilters>): DirectoryParams => ({
  search: f.search || undefined,
  category: f.category,
  location: f.location || undefined,
});

function useDirectoryParams() {
  const [params, setParams] = useSearchParams();
  return {
    ...directoryFilters(params),
    apply(next: { search: string; category: string; location: string }) {
      const out = new URLSearchParams();
      if (next.search.trim()) out.set('search', next.search.trim());
      if (next.category !== 'all') out.set('category', next.category);
      if (next.location.trim()) out.set('location', next.location.trim());
      setParams(out);
    },
  };
}

function Filters({
  initial,
  onApply,
}: {
  initial: { search: string; category: string; location: string };
  onApply: (f: typeof initial) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const clear = () => {
    const empty = { search: '', category: 'all', location: '' };
    setDraft(empty);
    onApply(empty);
  };
  return (
    // A GET form to this page: without JavaScript it still searches (the server renders the results).
    <form
      role="search"
      method="get"
      action="/directory"
      onSubmit={submit}
      className="rounded-xl border border-slate-200 bg-surface p-4 shadow-sm"
    >
      <div className="flex gap-2">
        <Input
          type="search"
          name="search"
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          placeholder="Search ads..."
          aria-label="Search ads"
          className="flex-1"
        />
        <Button
          variant="secondary"
          className="noscript:hidden md:hidden"
          aria-expanded={open}
          aria-controls="directory-filters"
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden /> Filters
        </Button>
      </div>
      {/* Without JavaScript the toggle cannot open them: the filters are shown. */}
      <div
        id="directory-filters"
        className={cn(
          'mt-3 gap-3 noscript:flex noscript:flex-col md:flex md:noscript:flex-row',
          open ? 'flex flex-col' : 'hidden',
        )}
      >
        <Select
          name="category"
          value={draft.category}
          onChange={(e) => setDraft({ ...draft, category: e.target.value })}
          aria-label="Category"
          className="md:w-56"
        >
          <option value="all">All Categories</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <Input
          name="location"
          value={draft.location}
          onChange={(e) => setDraft({ ...draft, location: e.target.value })}
          placeholder="Location"
          aria-label="Location"
          className="md:w-56"
        />
        <div className="flex gap-2">
          <Button type="submit">Search</Button>
          <Button variant="secondary" onClick={clear}>
            Clear
          </Button>
        </div>
      </div>
    </form>
  );
}

export function DirectoryPage() {
  usePageMeta('/directory');
  const { search, category, location, apply } = useDirectoryParams();
  const query = useDirectory(directoryQueryParams({ search, category, location }));
  const ads = query.data?.pages.flatMap((p) => p.ads) ?? [];
  const total = query.data?.pages[0]?.count ?? 0;
  const didYouMean = query.data?.pages[0]?.didYouMean;
  const filtered = Boolean(search || location || category !== 'all');
  const current = { search, category, location };
  const clear = () => apply({ search: '', category: 'all', location: '' });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Browse Ads</h1>
          <p className="mt-1 text-slate-700">
            Find and replay radio and podcast ads by business, category or location.
          </p>
        </div>
        <ListenButton variant="callout" search={(onDone) => <HeardSearch onDone={onDone} />} />
      </div>
      <div className="mt-6">
        {/* Remount when the URL changes (back/forward) so the fields show the current filters. */}
        <Filters key={`${search}|${category}|${location}`} initial={current} onApply={apply} />
      </div>

      <div className="mt-8" aria-live="polite">
        {query.isPending ? (
          <div aria-busy="true">
            <p className="mb-4 text-slate-700">{messages.loadingAds}</p>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                <AdCardSkeleton key={i} />
              ))}
            </div>
          </div>
        ) : query.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800"
          >
            <p>{messages.directoryError}</p>
            <RetryButton
              variant="secondary"
              size="sm"
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        ) : ads.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center">
            <h2 className="text-lg font-semibold">{messages.noAdsFound}</h2>
            <p className="mt-1 text-slate-700">{filtered ? messages.noAdsMatch : messages.noAdsAvailable}</p>
            {filtered && (
              <Button variant="secondary" className="mt-4" onClick={clear}>
                Clear Filters
              </Button>
            )}
          </div>
        ) : (
          <>
            {didYouMean && (
              <p className="mb-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
                Did you mean{' '}
                <button
                  type="button"
                  className="font-semibold underline hover:text-brand-700"
                  onClick={() => apply({ ...current, search: didYouMean })}
                >
                  {didYouMean}
                </button>
                ? No ads match &ldquo;{search}&rdquo;, so these are the ads for &ldquo;{didYouMean}&rdquo;.
              </p>
            )}
            {/* The results' heading: the cards' titles are h3s under it. */}
            <h2 className="mb-4 text-sm text-slate-700">
              Showing {ads.length} of {total} ads
            </h2>
            <AdGrid ads={ads} />
            {query.hasNextPage && (
              <div className="mt-8 text-center">
                <Button variant="secondary" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
