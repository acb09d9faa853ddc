/**
 * The pricing tier a visitor picked on the marketing pages (/register?plan=growth). Payment does not
 * exist yet, so the choice changes no plan: it is carried from sign-up to log-in and back, and
 * remembered in this browser for that account, so the subscription page can say what was picked.
 */
/** The `plan` parameter's values and the plans they name (the price list's names: decision 46). */
const TIERS = { starter: 'Free', growth: 'Premium', enterprise: 'Enterprise' } as const;
export type Tier = keyof typeof TIERS;

const storageKey = (userId: string) => `adreplay.chosen-plan.${userId}`;

/** The tier named by a `plan` query parameter, if it names one. */
export function tierFrom(value: string | null | undefined): { id: Tier; name: string } | null {
  return value && Object.hasOwn(TIERS, value) ? { id: value as Tier, name: TIERS[value as Tier] } : null;
}

/** Appends `?plan=` to a path when a tier was chosen, so links between the auth pages keep it. */
export const withTier = (path: string, tier: { id: Tier } | null) => (tier ? `${path}?plan=${tier.id}` : path);

export function rememberTier(userId: string, tier: { id: Tier }) {
  try {
    localStorage.setItem(storageKey(userId), tier.id);
  } catch {
    // Storage may be unavailable (private mode); the choice is only informative.
  }
}

export function rememberedTier(userId: string) {
  try {
    return tierFrom(localStorage.getItem(storageKey(userId)));
  } catch {
    return null;
  }
}
