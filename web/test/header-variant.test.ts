import { describe, expect, it } from 'vitest';
import { isLightHeaderPath } from '../src/app/layout/site-header.tsx';

describe('header variant (storefront.md §2)', () => {
  it('uses the light variant on /celebrity, /shows, /product and both show page forms', () => {
    for (const path of [
      '/celebrity',
      '/celebrity/kyle-richards',
      '/shows',
      '/shows/the-bear',
      '/show/the-bear',
      '/product',
      '/product/0b6f2c1e-1b7a-4a51-9d7b-6f0c1f2e3a4b',
    ])
      expect(isLightHeaderPath(path), path).toBe(true);
  });

  it('keeps the dark variant elsewhere', () => {
    for (const path of ['/', '/fashion', '/showsfindr', '/top-picks', '/about', '/celebrities'])
      expect(isLightHeaderPath(path), path).toBe(false);
  });
});
