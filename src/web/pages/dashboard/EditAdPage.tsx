import { Link, useParams } from 'react-router';
import { messages } from '../../../shared/messages';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { AdForm } from '../../features/ads/AdForm';
import { AudioPlayer } from '../../features/player/AudioPlayer';
import { useMyAd } from '../../features/ads/api/my-ads';
import { useSession } from '../../features/auth/api/session';

export default function EditAdPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const { data: ad, isPending, isError } = useMyAd(id);
  if (isPending) return <p className="text-slate-700">{messages.loadingAd}</p>;
  if (isError || !ad) {
    return (
      <Card role="alert" className="p-8 text-center">
        <h1 className="text-xl font-semibold">Error loading ad</h1>
        <p className="mt-2 text-slate-700">This ad may have been deleted, or you may not have permission to edit it.</p>
        <Link to="/dashboard/ads" className={buttonClass({}, 'mt-4')}>
          Return to Ads
        </Link>
      </Card>
    );
  }
  return (
    <div>
      <h1 className="text-2xl font-bold">Edit Ad</h1>
      <Card className="mt-6 p-6">
        <h2 className="mb-4 text-lg font-semibold">Ad Details</h2>
        <AdForm ad={ad} signedIn={Boolean(user)} audioPreview={<AudioPlayer ad={ad} size="sm" />} />
      </Card>
    </div>
  );
}
