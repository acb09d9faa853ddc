import { Link, useParams } from 'react-router';
import { messages } from '../../../shared/messages';
import { useAd } from '../../features/ads/ads.api';

export function AdPage() {
  const { slug = '' } = useParams();
  const { data: ad, isPending, error } = useAd(slug);
  if (isPending) return <p className="mx-auto max-w-4xl px-4 py-12">{messages.loadingAd}</p>;
  if (error || !ad) {
    return (
      <section className="mx-auto max-w-4xl px-4 py-12 text-center">
        <h1 className="text-2xl font-bold">{messages.adNotFound}</h1>
        <p className="mt-2 text-slate-600">{messages.adNotFoundText}</p>
        <Link to="/" className="mt-6 inline-block text-brand-700 underline">
          Return to Home
        </Link>
      </section>
    );
  }
  return (
    <article className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold">{ad.title}</h1>
      <p className="mt-1 text-slate-600">Advertiser: {ad.businessName}</p>
      <audio controls preload="none" src={ad.audioUrl} className="mt-6 w-full" />
    </article>
  );
}
