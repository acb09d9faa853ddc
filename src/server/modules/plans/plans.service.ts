import type { Db } from '../../db/client.js';
import { monthOf, type PlansRepository } from './plans.repository.js';

/**
 * What the rest of the app may do with plans: read the caller's plan and usage, and keep the monthly
 * ledger inside the caller's own transaction (creating or featuring an ad and counting it are one change).
 */
export function createPlansService(repo: PlansRepository, clock: () => Date = () => new Date()) {
  return {
    listAll: () => repo.listAll(),
    userPlan: (userId: string, tx?: Db) => repo.userPlan(userId, tx),
    /** The Growth tier's 14-day Premium trial; false when the account already had a plan or a trial. */
    startTrial: (userId: string, at = clock()) => repo.startTrial(userId, at),
    hadPlan: (userId: string) => repo.hadPlan(userId),
    /** This month's usage (UTC). */
    usage: (userId: string, at = clock()) => repo.usage(userId, monthOf(at)),
    /** Locks this month's ledger row of the user until the transaction ends. */
    lockUsage: (tx: Db, userId: string, at = clock()) => repo.lockUsage(tx, userId, monthOf(at)),
    addCreated: (tx: Db, usageId: string) => repo.addCreated(tx, usageId),
    /**
     * An ad deleted in the month it was made (UTC) gives that month's slot back: the count is of the ads made
     * this month that the account still has (decision 48). Older ads were never in this month's count.
     */
    releaseCreated: (tx: Db, usageId: string, createdAt: Date, at = clock()) => {
      const made = monthOf(createdAt);
      const current = monthOf(at);
      return made.month === current.month && made.year === current.year
        ? repo.releaseCreated(tx, usageId)
        : Promise.resolve();
    },
    syncFeaturedUsed: (tx: Db, usageId: string, userId: string) => repo.syncFeaturedUsed(tx, usageId, userId),
    countFeatured: (tx: Db, userId: string) => repo.countFeatured(tx, userId),
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
