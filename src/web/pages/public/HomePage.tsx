import { Link } from 'react-router';
import { useAdList } from '../../features/ads/ads.api';
import { formatDuration } from '../../lib/format';

export function HomePage() {
  const { data, isPending, error } = useAdList({ featured: true, limit: 6 });
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-4xl font-extrabold tracking-tight">Make Your Ads Work Harder</h1>
      {isPending && <p className="mt-8 text-slate-600">Loading featured ads...</p>}
      {error && <p className="mt-8 text-red-700">Unable to load featured ads</p>}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data?.ads.map((ad) => (
          <li key={ad.id} className="rounded-lg border border-slate-200 p-4">
            <Link to={`/ad/${ad.slug}`} className="font-semibold text-brand-700 hover:underline">
              {ad.title}
            </Link>
            <p className="text-sm text-slate-600">
              {ad.businessName} · {ad.location ?? 'Online'} · {formatDuration(ad.audioDurationMs)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
