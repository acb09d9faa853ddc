import { transform, type Rule, type Selector } from 'lightningcss';
import { LRUCache } from 'lru-cache';

/*
 * The part of the stylesheet a page rendered on the server needs to paint (decision 56): every rule except
 * those whose selector names a class no element of the page carries. That is a superset of the rules that
 * match (a rule kept may still not match: its classes are there but not in the order it asks), so nothing the
 * page shows is left unstyled, and the whole stylesheet, loaded after the first paint, changes nothing
 * already painted. Deciding by class names alone needs no DOM: one pass over the rules per set of classes.
 */

/** Whether `selector` may match in a page whose elements carry only `classes`. */
function mayMatch(selector: Selector, classes: ReadonlySet<string>): boolean {
  return selector.every((part) => {
    if (part.type === 'class') return classes.has(part.name);
    if (part.type !== 'pseudo-class') return true;
    // One of the alternatives must be possible; `:not()` holds whatever classes are there.
    if (part.kind === 'is' || part.kind === 'where' || part.kind === 'any' || part.kind === 'has') {
      return part.selectors.some((alternative) => mayMatch(alternative, classes));
    }
    return true;
  });
}

const keeps = (rule: { value: { selectors: Selector[] } }, classes: ReadonlySet<string>) =>
  rule.value.selectors.some((selector) => mayMatch(selector, classes));

/** Whether any rule of `rules` (within conditions and layers too) stays. */
function anyMayMatch(rules: Rule[], classes: ReadonlySet<string>): boolean {
  return rules.some((rule) => {
    if (rule.type === 'style') return keeps(rule, classes);
    if (rule.type === 'media' || rule.type === 'supports' || rule.type === 'container' || rule.type === 'layer-block') {
      return anyMayMatch(rule.value.rules, classes);
    }
    return true;
  });
}

/** The class names used in `html`'s class attributes (as rendered by React: double quotes, entities escaped). */
export function classesOf(html: string, into = new Set<string>()): Set<string> {
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = value!.includes('&') ? decodeEntities(value!) : value!;
    for (const name of decoded.split(/\s+/)) if (name) into.add(name);
  }
  return into;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'", '#39': "'", '#x27': "'" };
const decodeEntities = (text: string) => text.replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity);

/**
 * A function from a page's class names to its critical stylesheet (minified), for the built `stylesheet`.
 * Pages of one kind share their classes, so the answers are kept by class set.
 */
export function criticalCss(stylesheet: string) {
  const code = Buffer.from(stylesheet);
  const kept = new LRUCache<string, string>({ max: 200 });
  return (classes: ReadonlySet<string>): string => {
    const key = [...classes].sort().join(' ');
    let css = kept.get(key);
    if (css === undefined) {
      const { code: out } = transform({
        filename: 'critical.css',
        code,
        minify: true,
        visitor: {
          Rule: {
            style: (rule) => (keeps(rule, classes) ? undefined : []),
            // A condition none of whose rules may match goes whole (an @layer block stays: it may set the order).
            media: (rule) => (anyMayMatch(rule.value.rules, classes) ? undefined : []),
            supports: (rule) => (anyMayMatch(rule.value.rules, classes) ? undefined : []),
            container: (rule) => (anyMayMatch(rule.value.rules, classes) ? undefined : []),
          },
        },
      });
      css = out.toString();
      kept.set(key, css);
    }
    return css;
  };
}
