import { describe, expect, it } from 'vitest';
import { createPublicCache } from '../public-cache.js';
import { batchedLookup } from './batched-lookup.js';

/** A store of ads by slug whose queries are recorded and answered when the test says so. */
function store(rows: Record<string, { title: string }>) {
  const queries: { keys: string[]; answer: () => void; fail: (err: Error) => void }[] = [];
  const lookup = batchedLookup(
    (keys: string[]) =>
      new Promise<Map<string, { title: string }>>((resolve, reject) => {
        // What the database holds when the query is sent; its answer arrives when the test says so.
        const found = new Map(keys.filter((k) => rows[k]).map((k) => [k, { ...rows[k]! }] as const));
        queries.push({ keys, answer: () => resolve(found), fail: reject });
      }),
    3,
  );
  return { lookup, queries };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched lookups', () => {
  it('answer the keys asked for in one turn with one query, each its own row, undefined for an unknown key', async () => {
    const { lookup, queries } = store({ a: { title: 'A' }, b: { title: 'B' } });
    const answers = Promise.all([lookup('a'), lookup('b'), lookup('a'), lookup('nope')]);
    await turn();
    expect(queries.map((q) => q.keys)).toEqual([['a', 'b', 'nope']]);
    queries[0]!.answer();
    const [a, b, again, missing] = await answers;
    expect([a, b, again, missing]).toEqual([{ title: 'A' }, { title: 'B' }, { title: 'A' }, undefined]);
  });

  it('send a full batch as it is and start the next one', async () => {
    const { lookup, queries } = store({});
    void Promise.all(['a', 'b', 'c', 'd'].map(lookup));
    await turn();
    expect(queries.map((q) => q.keys)).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('never answer a lookup from a query sent before it was asked for', async () => {
    const rows = { a: { title: 'before' } };
    const { lookup, queries } = store(rows);
    const first = lookup('a');
    await turn(); // the query is sent...
    rows.a = { title: 'after' }; // ...a write lands and returns...
    const second = lookup('a'); // ...and a reader asks after it
    await turn();
    expect(queries).toHaveLength(2);
    queries.forEach((q) => q.answer());
    expect(await first).toEqual({ title: 'before' });
    expect(await second).toEqual({ title: 'after' });
  });

  it('fail every lookup of a failed query, and the next turn queries again', async () => {
    const { lookup, queries } = store({ a: { title: 'A' } });
    const failed = Promise.allSettled([lookup('a'), lookup('b')]);
    await turn();
    queries[0]!.fail(new Error('connection lost'));
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const retry = lookup('a');
    await turn();
    queries[1]!.answer();
    expect(await retry).toEqual({ title: 'A' });
  });

  it('behind the public cache: a change during a batch leaves nothing stale in memory', async () => {
    const rows = { a: { title: 'before' }, b: { title: 'B' } };
    const { lookup, queries } = store(rows);
    const cache = createPublicCache();
    const read = (slug: string) => cache.get(`ad:${slug}`, () => lookup(slug));
    const during = Promise.all([read('a'), read('b')]);
    await turn(); // one query for both, sent
    rows.a = { title: 'after' };
    cache.clear(); // a write returns while that query is in flight
    queries[0]!.answer();
    expect(await during).toEqual([{ title: 'before' }, { title: 'B' }]);
    const next = Promise.all([read('a'), read('b')]);
    await turn();
    expect(queries.map((q) => q.keys)).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]); // nothing was kept: both read again
    queries[1]!.answer();
    expect(await next).toEqual([{ title: 'after' }, { title: 'B' }]);
  });
});
