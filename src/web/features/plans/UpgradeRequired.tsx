import { Lock } from 'lucide-react';
import { limitMessages } from '../../../shared/plans';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** In place of what a plan without analytics does not include: the spec's notice and its upgrade link. */
export function UpgradeRequired({ what }: { what: string }) {
  return (
    <Card className="border-amber-300 bg-amber-50 p-6" data-testid="upgrade-required">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Lock className="h-5 w-5 shrink-0 text-amber-800" aria-hidden /> {limitMessages.upgradeRequired}
      </h2>
      <p className="mt-2 text-slate-800">{what}</p>
      <ButtonLink to="/dashboard/subscription" className="mt-4">
        {limitMessages.upgradePlan}
      </ButtonLink>
    </Card>
  );
}
