import { describe, expect, it } from 'vitest';
import { createAnswerCache } from '../src/modules/results/answer-cache.ts';

describe('answer cache', () => {
  it('reuses one load per key within its age and shares it between concurrent callers', async () => {
    const cache = createAnswerCache<string>(60_000);
    let loads = 0;
    const load = async () => `load ${++loads}`;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual(['load 1', 'load 1']);
    expect(await cache.get('a', load)).toBe('load 1');
    expect(await cache.get('b', load)).toBe('load 2');
    cache.clear();
    expect(await cache.get('a', load)).toBe('load 3');
  });

  it('loads every time with age 0, drops the oldest key past its size, and keeps no failed load', async () => {
    let loads = 0;
    const load = async () => `load ${++loads}`;
    const fresh = createAnswerCache<string>(0);
    await fresh.get('a', load);
    expect(await fresh.get('a', load)).toBe('load 2');

    const small = createAnswerCache<string>(60_000, 2);
    await small.get('a', load); // 3
    await small.get('b', load); // 4
    await small.get('c', load); // 5, drops a
    expect(await small.get('b', load)).toBe('load 4');
    expect(await small.get('a', load)).toBe('load 6');

    await expect(small.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await small.get('x', load)).toBe('load 7');
  });
});
