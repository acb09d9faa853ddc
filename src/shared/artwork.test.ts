import { describe, expect, it } from 'vitest';
import { artworkColours, artworkSvg } from './artwork.js';
import { CATEGORIES } from './categories.js';

const ad = { businessName: 'Sunrise Bakery', category: 'Food & Dining' as const, title: 'Weekend Special' };

describe('ad artwork', () => {
  it('is the same SVG every time for the same ad', () => {
    expect(artworkSvg(ad)).toBe(artworkSvg({ ...ad }));
  });

  it('differs by category and keeps the business colours', () => {
    const svgs = new Set(CATEGORIES.map((category) => artworkSvg({ ...ad, category })));
    expect(svgs.size).toBe(CATEGORIES.length);
    const { deep, bright } = artworkColours(ad.businessName);
    for (const svg of svgs) {
      expect(svg).toContain(deep);
      expect(svg).toContain(bright);
    }
  });

  it('writes the name, escaped, only when asked', () => {
    const tricky = { ...ad, businessName: 'Tom & <Jerry>' };
    expect(artworkSvg(tricky)).not.toContain('Jerry');
    expect(artworkSvg(tricky, { withName: true })).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(artworkSvg(tricky, { withName: true })).not.toContain('<Jerry>');
  });
});
