import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The colour tokens of theme.css, each as its light and dark value. */
function tokens(): Map<string, { light: string; dark: string }> {
  const css = readFileSync(new URL('./theme.css', import.meta.url), 'utf8');
  const map = new Map<string, { light: string; dark: string }>();
  for (const m of css.matchAll(/--color-([\w-]+):\s*([^;]+);/g)) {
    const value = m[2]!.trim();
    const pair = /^light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)$/i.exec(value);
    if (pair) map.set(m[1]!, { light: pair[1]!, dark: pair[2]! });
    else if (/^#[0-9a-f]{6}$/i.test(value)) map.set(m[1]!, { light: value, dark: value });
  }
  return map;
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** Text colour on background, as the components pair them. */
const TEXT_PAIRS: [string, string][] = [
  ['slate-900', 'canvas'],
  // Search hits are marked in amber-200 inside titles (slate-900) and passages (slate-700).
  ['slate-900', 'amber-200'],
  ['slate-700', 'amber-200'],
  ['slate-900', 'surface'],
  ['slate-800', 'surface'],
  ['slate-700', 'canvas'],
  ['slate-700', 'surface'],
  ['slate-700', 'slate-50'],
  ['slate-700', 'slate-100'],
  ['slate-600', 'surface'],
  ['slate-500', 'surface'],
  ['brand-700', 'surface'],
  ['brand-700', 'slate-50'],
  ['brand-700', 'brand-50'],
  ['brand-800', 'brand-50'],
  ['brand-800', 'brand-100'],
  ['on-accent', 'brand-600'],
  ['on-accent', 'accent-strong'],
  ['on-accent', 'danger'],
  ['on-accent', 'danger-strong'],
  ['on-accent', 'hero-from'],
  ['on-accent', 'hero-to'],
  ['red-700', 'surface'],
  ['red-800', 'red-50'],
  ['red-800', 'red-100'],
  ['amber-900', 'amber-50'],
  ['amber-900', 'amber-100'],
  ['green-900', 'green-50'],
  ['code-ink', 'code'],
];

describe('colour tokens', () => {
  const t = tokens();
  for (const theme of ['light', 'dark'] as const) {
    it(`give every text pair at least 4.5:1 (WCAG AA) in the ${theme} theme`, () => {
      const failing = TEXT_PAIRS.flatMap(([fg, bg]) => {
        const ratio = contrast(t.get(fg)![theme], t.get(bg)![theme]);
        return ratio < 4.5 ? [`${fg} on ${bg}: ${ratio.toFixed(2)}`] : [];
      });
      expect(failing).toEqual([]);
    });
    it(`keep the accent and focus colour at 3:1 against the page (${theme})`, () => {
      expect(contrast(t.get('brand-600')![theme], t.get('canvas')![theme])).toBeGreaterThanOrEqual(3);
      expect(contrast(t.get('brand-600')![theme], t.get('surface')![theme])).toBeGreaterThanOrEqual(3);
    });
  }
});
