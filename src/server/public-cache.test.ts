import { describe, expect, it } from 'vitest';
import { createPublicCache } from './public-cache.js';

const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('the public cache', () => {
  it('answers a stampede on a cold key with one load, then from memory', async () => {
    const cache = createPublicCache();
    let loads = 0;
    const load = () => {
      loads++;
      return later({ title: 'Sunrise Bakery' });
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.get('ad:sunrise', load)));
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await cache.get('ad:sunrise', load)).toEqual({ title: 'Sunrise Bakery' });
    expect(loads).toBe(1);
  });

  it('forgets everything on clear, and never keeps what a load in flight read before the change', async () => {
    const cache = createPublicCache();
    let version = 1;
    const load = () => later({ version });
    const before = cache.get('list', load);
    version = 2;
    cache.clear(); // a write lands while the read is under way
    expect(await before).toEqual({ version: 1 }); // that reader gets what it read...
    expect(await cache.get('list', load)).toEqual({ version: 2 }); // ...and no one after it does
  });

  it('keeps no failure', async () => {
    const cache = createPublicCache();
    await expect(cache.get('ad:gone', () => Promise.reject(new Error('Ad not found')))).rejects.toThrow();
    expect(await cache.get('ad:gone', () => Promise.resolve({ found: true }))).toEqual({ found: true });
  });

  it('holds its size bound, dropping the least recently used answers', async () => {
    const cache = createPublicCache({ maxBytes: 100_000 });
    const answer = (i: number) => ({ i, text: 'x'.repeat(1_000) }); // ~2 KB each
    for (let i = 0; i < 500; i++) await cache.get(`ad:${i}`, () => Promise.resolve(answer(i)));
    expect(cache.stats.bytes()).toBeLessThanOrEqual(100_000);
    expect(cache.stats.entries()).toBeLessThan(60);
    let reloaded = false;
    await cache.get('ad:0', () => ((reloaded = true), Promise.resolve(answer(0))));
    expect(reloaded).toBe(true);
  });

  it('expires answers after their time limit', async () => {
    const cache = createPublicCache();
    let loads = 0;
    const load = () => Promise.resolve({ n: ++loads });
    await cache.get('featured', load, 30);
    await later(null, 60);
    expect(await cache.get('featured', load, 30)).toEqual({ n: 2 });
  });

  it('loads every time when turned off', async () => {
    const cache = createPublicCache({ enabled: false });
    let loads = 0;
    const load = () => Promise.resolve({ n: ++loads });
    await cache.get('ad:x', load);
    await cache.get('ad:x', load);
    expect(loads).toBe(2);
  });
});
