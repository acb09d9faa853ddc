import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DAY_PART_LABELS, DAY_PARTS, type DayPart } from '../../../shared/zoned-time';
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
  const aired = params.get('aired');
  return {
    search: params.get('search') ?? params.get('q') ?? '',
    category: (CATEGORIES as readonly string[]).includes(category ?? '') ? (category as Category) : ('all' as const),
    location: params.get('location') ?? '',
    station: (params.get('station') ?? '').toUpperCase(),
    aired: (Object.hasOwn(DAY_PARTS, aired ?? '') ? aired : '') as DayPart | '',
  };
}

/** Most pages of 12 an address can ask for at once (`?page=`): what one server render fetches. */
export const MAX_DIRECTORY_PAGES = 20;

/** How many pages of results the address shows (`?page=N`: the first N, as after N - 1 Load Mores). */
export function directoryPages(params: URLSearchParams) {
  const n = Number.parseInt(params.get('page') ?? '', 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 1), MAX_DIRECTORY_PAGES) : 1;
}

/** The directory query's parameters for these filters (the route's loader asks the same on the server). */
export const directoryQueryParams = (f: DirectoryFilters): DirectoryParams => ({
  search: f.search || undefined,
  category: f.category,
  location: f.location || undefined,
  station: f.station || undefined,
  aired: f.aired || undefined,
});

/** The address of these filters (and of the first `pages` pages of their results). */
function directorySearch(f: DirectoryFilters, pages = 1) {
  const out = new URLSearchParams();
  if (f.search.trim()) out.set('search', f.search.trim());
  if (f.category !== 'all') out.set('category', f.category);
  if (f.location.trim()) out.set('location', f.location.trim());
  if (f.station.trim()) out.set('station', f.station.trim().toUpperCase());
  if (f.aired) out.set('aired', f.aired);
  if (pages > 1) out.set('page', String(pages));
  return out;
}

function useDirectoryParams() {
  const [params, setParams] = useSearchParams();
  return {
    ...directoryFilters(params),
    pages: directoryPages(params),
    apply: (next: DirectoryFilters) => setParams(directorySearch(next)),
    /** Shows `pages` pages of the same results: the address says so, so a reload or a shared link keeps them. */
    showPages: (f: DirectoryFilters, pages: number) =>
      setParams(directorySearch(f, pages), { replace: true, preventScrollReset: true }),
  };
}

interface DirectoryFilters {
  search: string;
  category: Category | 'all';
  location: string;
  /** Aired on this station (call sign). */
  station: string;
  /** Aired today or in this part of the day, in the station's zone. */
  aired: DayPart | '';
}
const NO_FILTERS: DirectoryFilters = { search: '', category: 'all', location: '', station: '', aired: '' };

function Filters({ initial, onApply }: { initial: DirectoryFilters; onApply: (f: DirectoryFilters) => void }) {
  const [draft, setDraft] = useState(initial);
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    onApply(NO_FILTERS);
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
          'mt-3 gap-3 noscript:flex noscript:flex-col md:flex md:flex-wrap md:noscript:flex-row',
          open ? 'flex flex-col' : 'hidden',
        )}
      >
        <Select
          name="category"
          value={draft.category}
          onChange={(e) => setDraft({ ...draft, category: e.target.value as DirectoryFilters['category'] })}
          aria-label="Category"
          className="md:w-48"
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
          className="md:w-44"
        />
        <Input
          name="station"
          value={draft.station}
          onChange={(e) => setDraft({ ...draft, station: e.target.value })}
          placeholder="Station (e.g. KXRP)"
          aria-label="Station call sign"
          className="md:w-40"
        />
        <Select
          name="aired"
          value={draft.aired}
          onChange={(e) => setDraft({ ...draft, aired: e.target.value as DayPart | '' })}
          aria-label="When it aired"
          className="md:w-52"
        >
          <option value="">Aired any time</option>
          {Object.entries(DAY_PART_LABELS).map(([part, label]) => (
            <option key={part} value={part}>
              Aired {label.charAt(0).toLowerCase() + label.slice(1)}
            </option>
          ))}
        </Select>
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
  const { search, category, location, station, aired, pages, apply, showPages } = useDirectoryParams();
  const query = useDirectory(directoryQueryParams({ search, category, location, station, aired }), pages);
  const ads = query.data?.pages.flatMap((p) => p.ads) ?? [];
  const nextPages = (query.data?.pages.length ?? 0) + 1;
  const total = query.data?.pages[0]?.count ?? 0;
  const didYouMean = query.data?.pages[0]?.didYouMean;
  const filtered = Boolean(search || location || category !== 'all' || station || aired);
  const current = { search, category, location, station, aired };
  const clear = () => apply(NO_FILTERS);
  // Arriving at #categories: the list sits under the results, so it moves once they load; go there then.
  const { hash } = useLocation();
  const settled = !query.isPending;
  useEffect(() => {
    if (settled && hash === '#categories') document.getElementById('categories')?.scrollIntoView();
  }, [settled, hash]);

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
        <Filters key={`${search}|${category}|${location}|${station}|${aired}`} initial={current} onApply={apply} />
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
              Showing {ads.length} of {total} {total === 1 ? 'ad' : 'ads'}
            </h2>
            <AdGrid ads={ads} numbered="result" />
            {query.hasNextPage && (
              // A GET form for the next page: without JavaScript the server renders it and the browser lands
              // on its first new card; with it, the next 12 are appended here and the address follows.
              <form
                method="get"
                action={`/directory#result-${ads.length + 1}`}
                className="mt-8 text-center"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (!query.isFetching) showPages(current, nextPages);
                }}
              >
                {[...directorySearch(current, nextPages)].map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <Button type="submit" variant="secondary" disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
                </Button>
              </form>
            )}
          </>
        )}
      </div>

      {/* The footer's Categories link lands here: every category, one tap to its ads. */}
      <nav id="categories" aria-labelledby="categories-heading" className="mt-12 scroll-mt-20">
        <h2 id="categories-heading" className="text-lg font-semibold">
          Browse by category
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {CATEGORIES.map((c) => (
            <li key={c}>
              <Link
                to={`/directory?category=${encodeURIComponent(c)}`}
                aria-current={category === c ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ring-inset sm:min-h-9',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  category === c
                    ? 'bg-brand-50 text-brand-800 ring-brand-200'
                    : 'bg-surface text-slate-700 ring-slate-300 hover:bg-slate-50',
                )}
              >
                {c}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
