import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberedTier, rememberTier, tierFrom, withTier } from './chosen-plan';

afterEach(() => vi.unstubAllGlobals());

describe('chosen plan', () => {
  it('reads only the pricing tiers from ?plan=', () => {
    expect(tierFrom('growth')).toEqual({ id: 'growth', name: 'Premium' });
    expect(tierFrom('enterprise')).toEqual({ id: 'enterprise', name: 'Enterprise' });
    for (const other of [null, undefined, '', 'Growth', 'premium', 'constructor', '__proto__']) {
      expect(tierFrom(other)).toBeNull();
    }
  });

  it('carries it on links between the auth pages', () => {
    expect(withTier('/login', tierFrom('growth'))).toBe('/login?plan=growth');
    expect(withTier('/login', null)).toBe('/login');
  });

  it('remembers it per account in this browser', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    rememberTier('user-a', { id: 'growth' });
    expect(rememberedTier('user-a')).toEqual({ id: 'growth', name: 'Premium' });
    expect(rememberedTier('user-b')).toBeNull();
  });

  it('does without storage', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(() => rememberTier('user-a', { id: 'growth' })).not.toThrow();
    expect(rememberedTier('user-a')).toBeNull();
  });
});
