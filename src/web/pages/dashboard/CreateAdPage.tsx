import { Lightbulb } from 'lucide-react';
import { Link } from 'react-router';
import { limitMessages } from '../../../shared/plans';
import { buttonClass } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { AdForm } from '../../features/ads/AdForm';
import { useSession } from '../../features/auth/api/session';
import { useCanCreate, useMyPlan } from '../../features/plans/api/plans';
import { UsageCard } from '../../features/plans/UsageCard';

export default function CreateAdPage() {
  const { user } = useSession();
  const plan = useMyPlan();
  const canCreate = useCanCreate();
  const loading = plan.isPending || canCreate.isPending;
  // On a failed lookup the form shows (the spec's silent fallback): the server still refuses over the limit.
  const limitReached = canCreate.data?.canCreate === false;
  return (
    <div>
      <h1 className="text-2xl font-bold">Create New Ad</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {loading ? (
            <Skeleton className="h-96 w-full" />
          ) : limitReached ? (
            <Card role="alert" className="border-amber-300 bg-amber-50 p-6">
              <h2 className="text-lg font-semibold">{limitMessages.adLimitTitle}</h2>
              <p className="mt-2 text-slate-800">{limitMessages.adLimitText(plan.data?.planName ?? 'Free')}</p>
              <Link to="/dashboard/subscription" className={buttonClass({}, 'mt-4')}>
                {limitMessages.upgradePlan}
              </Link>
            </Card>
          ) : (
            <Card className="p-6">
              <h2 className="mb-4 text-lg font-semibold">Ad Details</h2>
              <AdForm signedIn={Boolean(user)} />
            </Card>
          )}
        </div>
        <div className="space-y-6">
          <UsageCard />
          <Card className="p-5">
            <h2 className="flex items-center gap-2 font-semibold">
              <Lightbulb className="h-4 w-4" aria-hidden /> Tips
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>Upload the exact MP3 that aired; listeners recognise it.</li>
              <li>Use a title people would search for: business and offer.</li>
              <li>Add a phone number so listeners can call in one tap.</li>
              <li>A square logo (PNG or JPEG) looks best on cards.</li>
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}
