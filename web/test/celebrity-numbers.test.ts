import { describe, expect, it } from 'vitest';
import { celebritiesOf, topByLooks } from '../src/features/home/celebrity-numbers.ts';
import { post } from './list-fixtures.ts';

const directory = [
  { name: 'Dorit Kemsley', count: 75, imageUrl: '/api/images/celebrities/dorit.svg' },
  { name: 'Kyle Richards', count: 120, imageUrl: '/api/images/celebrities/kyle.svg' },
  { name: 'Erika Jayne', count: 75, imageUrl: null },
  ...Array.from({ length: 20 }, (_, i) => ({ name: `Star ${i}`, count: i, imageUrl: null })),
];

describe('home celebrity numbers agree with the celebrity directory', () => {
  it("Real Housewives tiles take each celebrity's own picture and real look count, not the sample's", () => {
    const sample = [
      post(1, { celebrity: 'Dorit Kemsley', mainImage: '/api/images/posts/1.svg' }),
      post(2, { celebrity: 'kyle richards', mainImage: '/api/images/posts/2.svg' }),
      post(3, { celebrity: 'Kyle Richards' }),
      post(4, { celebrity: 'Nobody Known' }),
    ];
    expect(celebritiesOf(sample, directory)).toEqual([
      { name: 'Kyle Richards', count: 120, imageUrl: '/api/images/celebrities/kyle.svg' },
      { name: 'Dorit Kemsley', count: 75, imageUrl: '/api/images/celebrities/dorit.svg' },
    ]);
  });

  it('Trending Celebs are the top 12 by look count (storefront.md §7, §9)', () => {
    const top = topByLooks(directory);
    expect(top).toHaveLength(12);
    expect(top.slice(0, 3).map((c) => c.name)).toEqual(['Kyle Richards', 'Dorit Kemsley', 'Erika Jayne']);
    expect(top.map((c) => c.count)).toEqual([...top.map((c) => c.count)].sort((a, b) => b - a));
  });
});
