import { describe, expect, it } from 'vitest';
import { verdict, type Measurement } from '../bench/report.ts';
import { fillPath, variedPaths } from '../bench/scenarios.ts';

const run = (posts: number, p99Ms: number, extra: Partial<Measurement> = {}): Measurement => ({
  scenario: 'read',
  target: 'storefront',
  posts,
  via: 'gateway',
  result: { medianMs: p99Ms / 2, p99Ms, requestsPerSecond: 1000, non2xx: 0, errors: 0 },
  ...extra,
});

describe('benchmark helpers', () => {
  it('holds storefront reads to p99 under 50 ms and at most 1.5 times the small catalogue', () => {
    expect(verdict(run(2000, 30), run(200000, 45))).toBe('met');
    expect(verdict(run(2000, 20), run(200000, 45))).toBe('missed (ratio > 1.5)');
    expect(verdict(run(2000, 40), run(200000, 50))).toBe('missed (p99 >= 50 ms)');
    expect(verdict(run(2000, 40), run(200000, 90, { informational: true }))).toBe('not a target');
    expect(verdict(run(2000, 40), run(200000, 90, { target: 'none' }))).toBe('no target');
  });

  it('holds the back office list to p99 under 100 ms at the larger catalogue, whatever the ratio', () => {
    const list = { target: 'admin-list' } as const;
    expect(verdict(run(2000, 10, list), run(200000, 99, list))).toBe('met');
    expect(verdict(run(2000, 10, list), run(200000, 100, list))).toBe('missed (p99 >= 100 ms)');
  });

  it('fills placeholders from the catalogue and walks a varied range without repeating early', () => {
    expect(fillPath('/api/posts/celebrity/{slug}?limit=12', { slug: 'kim-kardashian' })).toBe(
      '/api/posts/celebrity/kim-kardashian?limit=12',
    );
    expect(fillPath('/api/search?q={term}', {})).toBeNull();
    const next = variedPaths(fillPath('/api/posts?page={n}', {})!, { from: 3, to: 5 });
    expect([next(), next(), next(), next()]).toEqual([
      '/api/posts?page=3',
      '/api/posts?page=4',
      '/api/posts?page=5',
      '/api/posts?page=3',
    ]);
  });
});
