import { describe, expect, it } from 'vitest';
import { splitSlots } from '../src/modules/search/slot-split.ts';

describe('global search slot split (storefront.md §9: 12 results, about 40% / 40% / 30%)', () => {
  it('gives 12 slots as 4 posts, 4 celebrities, 3 shows plus the spare slot to posts', () => {
    expect(splitSlots(12, [12, 12, 12])).toEqual([5, 4, 3]);
  });

  it('fills the slots a group cannot use from the other groups', () => {
    expect(splitSlots(12, [12, 1, 0])).toEqual([11, 1, 0]);
    expect(splitSlots(12, [0, 12, 12])).toEqual([0, 7, 5]);
    expect(splitSlots(10, [10, 10, 10])).toEqual([4, 4, 2]);
    expect(splitSlots(12, [2, 3, 20])).toEqual([2, 3, 7]);
  });

  it('never answers more than there is or more than the limit', () => {
    expect(splitSlots(12, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(splitSlots(1, [5, 5, 5])).toEqual([1, 0, 0]);
    for (let limit = 1; limit <= 50; limit++) {
      const [p, c, s] = splitSlots(limit, [limit, limit, limit]);
      expect(p + c + s).toBe(limit);
    }
  });
});
