import type { LoginThrottleRepository, ThrottleRow } from './login-throttle.repository.js';

/**
 * How sign-in failures slow further attempts (docs/decisions: sign-in throttling). Nothing locks an
 * account: a wait only ever stops an address that has itself failed.
 */
export const LOGIN_THROTTLE = {
  /** Failures of one account (from any address) before addresses that failed on it must wait. */
  accountFreeFailures: 5,
  /** Failures of one client network (on any accounts) before it must wait; offices share addresses. */
  addressFreeFailures: 10,
  /** The first wait; each further failure doubles it, up to the cap. */
  firstWaitMs: 15_000,
  maxWaitMs: 15 * 60_000,
  /** A count with no failure for this long starts over. */
  forgetAfterMs: 60 * 60_000,
} as const;

/** The wait after `failures` failures, where the first `free` cost nothing. */
export function waitAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_THROTTLE.maxWaitMs, LOGIN_THROTTLE.firstWaitMs * 2 ** (failures - free));
}

/**
 * Growing waits per client network and per account. An account's wait holds only the addresses that
 * failed on it, so a stranger's failures never stop the owner signing in from an address of their own;
 * each address then gets at most one guess per wait, and a network that fails on many accounts waits too.
 */
export function createLoginThrottle(repo: LoginThrottleRepository, clock: () => Date = () => new Date()) {
  const keysOf = (email: string, address: string) => ({
    account: `account:${email}`,
    address: `address:${address}`,
    pair: `pair:${address}:${email}`,
  });
  const fresh = (row: ThrottleRow | undefined, now: number) =>
    row && now - row.lastFailedAt.getTime() < LOGIN_THROTTLE.forgetAfterMs ? row : undefined;
  const remaining = (row: ThrottleRow | undefined, free: number, now: number) =>
    row ? Math.max(0, row.lastFailedAt.getTime() + waitAfter(row.failures, free) - now) : 0;

  return {
    /** Whole seconds this address must wait before trying this account again; 0 = go ahead. */
    async secondsToWait(email: string, address: string): Promise<number> {
      const keys = keysOf(email, address);
      const rows = new Map((await repo.read(Object.values(keys))).map((r) => [r.key, r]));
      const now = clock().getTime();
      const addressWait = remaining(fresh(rows.get(keys.address), now), LOGIN_THROTTLE.addressFreeFailures, now);
      const failedHere = fresh(rows.get(keys.pair), now);
      const accountWait = failedHere
        ? remaining(fresh(rows.get(keys.account), now), LOGIN_THROTTLE.accountFreeFailures, now)
        : 0;
      return Math.ceil(Math.max(addressWait, accountWait) / 1000);
    },

    async failed(email: string, address: string): Promise<void> {
      const now = clock();
      const staleBefore = new Date(now.getTime() - LOGIN_THROTTLE.forgetAfterMs);
      await repo.recordFailure(Object.values(keysOf(email, address)), now, staleBefore);
    },

    /**
     * The right password from this address: it is no longer one that failed on this account. The
     * address's own count stays, or signing in to an account of one's own would reset it between guesses.
     */
    async succeeded(email: string, address: string): Promise<void> {
      await repo.clear(keysOf(email, address).pair);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
