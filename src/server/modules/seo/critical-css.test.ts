import { describe, expect, it } from 'vitest';
import { classesOf, criticalCss } from './critical-css.js';

const STYLESHEET = `
@layer base { h1 { font-weight: 700 } html.dark { color-scheme: dark } }
@layer utilities {
  .card { padding: 1rem }
  .unused { margin: 2rem }
  .hover\\:bg-brand:hover { background: blue }
  .dark\\:text-white:where(.dark, .dark *) { color: white }
  .group:hover .group-hover\\:underline { text-decoration: underline }
  .peer:checked ~ .peer-checked\\:block { display: block }
  .card:not(.selected) { opacity: .9 }
  .data-\\[state\\=open\\]\\:flex[data-state="open"] { display: flex }
  .w-\\[calc\\(100\\%-2rem\\)\\] { width: calc(100% - 2rem) }
  @media (width >= 48rem) { .md\\:grid { display: grid } .md\\:hidden { display: none } }
}
@font-face { font-family: Display; src: url(/d.woff2) }
@keyframes pulse { to { opacity: .5 } }
:root { --brand: #4f46e5 }
`;

describe('critical stylesheet', () => {
  const critical = criticalCss(STYLESHEET);

  it("keeps the rules the page's classes may need and leaves out those naming a class no element has", () => {
    const css = critical(new Set(['card', 'hover:bg-brand', 'md:grid', 'group-hover:underline']));
    // Rules without classes stay: elements, the root's variables, fonts, keyframes.
    for (const kept of ['h1{', '@font-face', '@keyframes pulse', ':root{--brand']) {
      expect(css).toContain(kept);
    }
    expect(css).toContain('.card{padding:1rem}');
    expect(css).toContain('.hover\\:bg-brand:hover');
    expect(css).toContain('@media (width>=48rem){.md\\:grid{display:grid}}');
    // `:not(.selected)` holds whatever classes there are.
    expect(css).toContain('.card:not(.selected)');
    // Every class of a selector must be on the page: `.group` is not, so its descendant rule goes.
    expect(css).not.toContain('group-hover');
    for (const gone of [
      'html.dark',
      '.unused',
      'md\\:hidden',
      'dark\\:text-white',
      'peer-checked',
      'data-\\[state',
      'w-\\[calc',
    ]) {
      expect(css).not.toContain(gone);
    }
  });

  it('keeps a rule when one alternative of :where() or :is() may match, and arbitrary values by their class', () => {
    const css = critical(new Set(['dark', 'dark:text-white', 'w-[calc(100%-2rem)]', 'data-[state=open]:flex']));
    expect(css).toContain('html.dark');
    expect(css).toContain('dark\\:text-white');
    // A condition left with no rule goes.
    expect(css).not.toContain('@media');
    expect(css).toContain('w-\\[calc\\(100\\%-2rem\\)\\]');
    expect(css).toContain('data-\\[state\\=open\\]\\:flex');
  });

  it("reads a page's classes from its HTML as React writes them", () => {
    const html = `<div class="card md:grid"><a class="hover:bg-brand  group" href="/">x</a><span class="bg-[url(&#x27;/a.svg&#x27;)] a&amp;b"></span><p>class="not-one"</p></div>`;
    expect([...classesOf(html)].sort()).toEqual(
      ['a&b', "bg-[url('/a.svg')]", 'card', 'group', 'hover:bg-brand', 'md:grid'].sort(),
    );
  });
});
