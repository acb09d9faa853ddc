import { Bookmark } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { AdLogo } from '../../components/ad/AdLogo';
import { toggle, useSavedList } from '../../features/saved/saved-store';
import { usePageMeta } from '../../lib/page-meta';
import { adPath } from '../../../shared/ad-links';

export default function SavedPage() {
  usePageMeta({ title: 'Saved ads | AdReplay', description: 'The ads you saved in this browser.' });
  const saved = useSavedList('saved');
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Saved Ads</h1>
      <p className="mt-1 text-slate-700">Ads you saved are kept in this browser only.</p>
      {saved.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-slate-300 p-10 text-center">
          <Bookmark className="mx-auto h-8 w-8 text-slate-500" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">No saved ads yet</h2>
          <p className="mt-1 text-slate-700">Press Save on any ad to keep it here.</p>
          <ButtonLink to="/directory" className="mt-4">
            Browse Ads
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-8 space-y-3">
          {saved.map((ad) => (
            <li key={ad.id}>
              <Card className="flex items-center gap-4 p-4">
                <AdLogo ad={ad} />
                <div className="min-w-0 flex-1">
                  <Link to={adPath(ad.slug)} className="font-semibold hover:text-brand-700 hover:underline">
                    {ad.title}
                  </Link>
                  <p className="text-sm text-slate-700">
                    {ad.businessName} · {ad.category} · {ad.location ?? 'Online'}
                  </p>
                </div>
                <button
                  type="button"
                  className="text-sm text-slate-700 underline hover:text-red-700"
                  onClick={() => toggle('saved', ad)}
                >
                  Remove
                </button>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
