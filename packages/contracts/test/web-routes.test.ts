import { describe, expect, it } from 'vitest';
import { isAdminPath, isWebRoute } from '../src/index.ts';

describe('isWebRoute (storefront.md §2 public route list)', () => {
  it.each([
    '/',
    '/fashion',
    '/Fashion',
    '/Fashion/',
    '/top-picks',
    '/celebrity',
    '/celebrity/kyle-richards',
    '/shows',
    '/show/the-bear',
    '/shows/The%20Bear',
    '/product',
    '/product/0b7c9d2e-5f7a-4a51-9d1e-3f2b7c1a9e10',
    '/about',
    '/get-in-touch',
    '/terms',
    '/trending',
    '/confirm-subscription',
    '/unsubscribe',
    '/celeb',
    '/ShowsFindr',
    '/celebfindr',
    '/explore',
  ])('accepts %s', (path) => {
    expect(isWebRoute(path)).toBe(true);
  });

  it.each([
    '/nope',
    '/product/1/extra',
    '/celebrity/a/b',
    '/fashionable',
    '/api/posts',
    '/admin',
    '/show',
    // upper-case variants the spec does not list
    '/FASHION',
    '/About',
    '/Celebrity/kyle-richards',
    '/showsfindr',
  ])('refuses %s, which the gateway answers with HTTP 404', (path) => {
    expect(isWebRoute(path)).toBe(false);
  });
});

describe('isAdminPath', () => {
  it('claims /admin and everything under it, and nothing that only starts alike', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/login')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/fashion')).toBe(false);
  });
});
