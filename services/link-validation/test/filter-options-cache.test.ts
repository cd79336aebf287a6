import { describe, expect, it } from 'vitest';
import { createFilterOptionsCache } from '../src/modules/results/filter-options-cache.ts';

const options = (celebrity: string) => ({
  retailers: [],
  celebrities: [celebrity],
  shows: [],
  brands: [],
  platforms: [],
  productTypes: [],
});

describe('filter options cache', () => {
  it('reuses one load within its age and shares it between concurrent callers', async () => {
    const cache = createFilterOptionsCache(60_000);
    let loads = 0;
    const load = async () => options(`load ${++loads}`);
    const [a, b] = await Promise.all([cache.get(load), cache.get(load)]);
    expect(a.celebrities).toEqual(['load 1']);
    expect(b.celebrities).toEqual(['load 1']);
    expect((await cache.get(load)).celebrities).toEqual(['load 1']);
    expect(loads).toBe(1);
  });

  it('loads every time with age 0, and does not keep a failed load', async () => {
    const fresh = createFilterOptionsCache(0);
    let loads = 0;
    const load = async () => options(`load ${++loads}`);
    await fresh.get(load);
    expect((await fresh.get(load)).celebrities).toEqual(['load 2']);

    const cache = createFilterOptionsCache(60_000);
    await expect(cache.get(() => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get(load)).celebrities).toEqual(['load 3']);
  });
});
