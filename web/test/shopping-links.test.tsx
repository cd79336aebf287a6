import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { AffiliateLink, PublicPost } from '@celebstyle/contracts';
import {
  linkFacts,
  useShoppingLinks,
  priceFromText,
} from '../src/features/product/api/use-shopping-links.ts';
import { ShoppingLinks } from '../src/features/product/components/shopping-links.tsx';
import { productJsonLd } from '../src/features/product/components/product-seo.tsx';
import { json, renderWithRouter, stubApi } from './render-helpers.tsx';
import { post as postFixture } from './list-fixtures.ts';

const shoppingLink = (link: AffiliateLink) => ({ ...link, ...linkFacts(link) });

const config = {
  siteUrl: 'https://celebstyle.test',
  affiliate: { redirectBaseUrl: 'https://go.redirect.test/r', partnerId: 'partner-7' },
  social: { instagram: '', tiktok: '', pinterest: '', facebook: '', x: '' },
};
const links: AffiliateLink[] = [
  {
    _id: 'a',
    text: 'Nordstrom $129.50',
    url: 'https://www.nordstrom.com/s/dress?color=red&utm_source=x',
    realUrl: null,
  },
  { _id: 'b', text: 'Bad', url: 'javascript:alert(1)', realUrl: null },
  { _id: 'c', text: 'Resale', url: 'https://www.ebay.com/itm/1', realUrl: null },
  { _id: 'd', text: 'Data', url: 'data:text/html,hi', realUrl: null },
  { _id: 'e', text: 'Revolve', url: 'https://www.revolve.com/p?size=4', realUrl: null },
];

function Harness() {
  const { ready, links: prepared } = useShoppingLinks(links);
  return <ShoppingLinks ready={ready} links={prepared} post={postFixture(1, { affiliateLinks: links })} />;
}

const target = (href: string | null) => new URL(href!).searchParams.get('url');

afterEach(() => vi.unstubAllGlobals());

describe('affiliate links on the product page (storefront.md §4, §5)', () => {
  it('drops unsafe and resale links, cleans by the rules and rewrites through the redirect service', async () => {
    stubApi({
      '/api/site-config': () => json(200, config),
      '/api/url-cleaning-rules': () =>
        json(200, { rules: [{ domain: 'nordstrom.com', preserveParams: ['color'] }] }),
    });
    renderWithRouter(<Harness />);
    const shopNow = await screen.findByRole('link', { name: /Shop Now/ });
    const href = shopNow.getAttribute('href');
    expect(href).toMatch(/^https:\/\/go\.redirect\.test\/r\?/);
    expect(new URL(href!).searchParams.get('id')).toBe('partner-7');
    expect(target(href)).toBe('https://www.nordstrom.com/s/dress?color=red');
    expect(shopNow).toHaveTextContent('$129.50');
    expect(screen.getByText('More Shopping Options')).toBeInTheDocument();
    const more = screen.getAllByRole('link').filter((a) => a !== shopNow);
    expect(more).toHaveLength(1);
    expect(target(more[0]!.getAttribute('href'))).toBe('https://www.revolve.com/p?size=4');
    expect(shopNow).toHaveAttribute('rel', expect.stringContaining('sponsored'));
  });

  it('opens one tab for a double-click on Shop Now, one for each click apart', async () => {
    stubApi({
      '/api/site-config': () => json(200, config),
      '/api/url-cleaning-rules': () => json(200, { rules: [] }),
    });
    renderWithRouter(<Harness />);
    const shopNow = await screen.findByRole('link', { name: /Shop Now/ });
    const click = (detail: number) => !fireEvent.click(shopNow, { detail });
    // fireEvent answers false when the default (opening the link) was prevented
    expect(click(1)).toBe(false);
    expect(click(2)).toBe(true);
    expect(click(1)).toBe(false);
  });

  it('leaves links as they are (and logs) when the rules call fails: neither cleaned nor rewritten', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({
      '/api/site-config': () => json(200, config),
      '/api/url-cleaning-rules': () => json(503, { message: 'down' }),
    });
    renderWithRouter(<Harness />);
    const shopNow = await screen.findByRole('link', { name: /Shop Now/ });
    expect(shopNow.getAttribute('href')).toBe('https://www.nordstrom.com/s/dress?color=red&utm_source=x');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('product structured data', () => {
  it('reads prices from link text', () => {
    expect(priceFromText('Shop at Nordstrom $12')).toBe(12);
    expect(priceFromText('$1,299.99 at Saks')).toBe(1299.99);
    expect(priceFromText('Shop now')).toBeNull();
  });

  it('describes a Product with brand, absolute images and offers with prices', () => {
    const post = {
      _id: 'p1',
      title: 'Red Dress',
      description: 'A red dress.',
      brand: 'Reformation',
      productType: 'Dress',
      celebrity: 'Kyle',
      show: 'RHOBH',
    } as PublicPost;
    const ld = productJsonLd(
      post,
      [
        {
          ...shoppingLink({ _id: 'a', text: '$12.34', url: 'https://a.com', realUrl: null }),
          href: 'https://go/x',
        },
      ],
      'https://celebstyle.test',
      ['/api/images/p1.svg'],
    );
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Red Dress',
      brand: { '@type': 'Brand', name: 'Reformation' },
      image: ['https://celebstyle.test/api/images/p1.svg'],
      offers: [{ '@type': 'Offer', price: '12.34', priceCurrency: 'USD', url: 'https://go/x' }],
    });
  });
});
