import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AffiliateLink, PublicPost } from '@celebstyle/contracts';
import { ProductDetails } from '../src/features/product/components/product-details.tsx';
import { productJsonLd } from '../src/features/product/components/product-seo.tsx';
import { linkFacts } from '../src/features/product/api/use-shopping-links.ts';
import { json, renderWithRouter, stubApi } from './render-helpers.tsx';
import { post } from './list-fixtures.ts';

const config = {
  siteUrl: 'https://celebstyle.test',
  affiliate: { redirectBaseUrl: 'https://go.redirect.test/r', partnerId: 'partner-7' },
  social: { instagram: '', tiktok: '', pinterest: '', facebook: '', x: '' },
};

const link = (id: string, health: AffiliateLink['health'], text = `Shop ${id}`): AffiliateLink => ({
  _id: id,
  text,
  url: `https://www.${id}.test/item`,
  realUrl: null,
  health,
});

const pagination = { currentPage: 1, totalPages: 1, totalPosts: 0, hasNextPage: false, hasPrevPage: false };
const dead = (p: PublicPost) => ({ ...p, affiliateLinks: [link(`gone${p._id.slice(-2)}`, '404')] });

/** The product page's API: site config, rules, and the celebrity's and show's posts. */
function stubCatalog({
  byCelebrity = [],
  byShow = [],
  rules = () => json(200, { rules: [] }),
}: {
  byCelebrity?: PublicPost[];
  byShow?: PublicPost[];
  rules?: () => Response | Promise<Response>;
}) {
  return stubApi({
    '/api/site-config': () => json(200, config),
    '/api/url-cleaning-rules': rules,
    '/api/posts/celebrity/': () =>
      json(200, { celebrity: { name: 'Dorit Kemsley' }, posts: byCelebrity, pagination }),
    '/api/posts/shows/tvmaze-name/': () => json(404, { message: 'not found' }),
    '/api/posts/show/': () => json(200, { show: { name: 'RHOBH' }, posts: byShow, pagination }),
  });
}

/** Where a rewritten link leads (the redirect service carries the shop's address in `url`). */
const target = (a: HTMLElement) => new URL(a.getAttribute('href')!).searchParams.get('url');
const shopLinks = () =>
  screen.queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('https://go.'));

afterEach(() => vi.unstubAllGlobals());

describe('Shop Now follows link health', () => {
  it('an item whose every link is dead is no longer available and leads to similar looks of the celebrity', async () => {
    const item = post(1, { affiliateLinks: [link('a', '404'), link('b', 'product_removed')] });
    // the item itself and a look that is gone too are never offered
    stubCatalog({ byCelebrity: [item, dead(post(2)), post(3), post(4), post(5), post(6)] });
    const { router } = renderWithRouter(<ProductDetails post={item} />);

    await screen.findByRole('heading', { name: 'This item is no longer available' });
    expect(screen.queryByRole('link', { name: /Shop Now/ })).toBeNull();
    expect(shopLinks()).toEqual([]);
    const similar = within(screen.getByTestId('similar-looks'));
    const looks = await similar.findAllByRole('link');
    expect(looks.map((a) => a.getAttribute('href'))).toEqual([
      `/product/${post(3)._id}`,
      `/product/${post(4)._id}`,
      `/product/${post(5)._id}`,
    ]);
    expect(looks[0]).toHaveTextContent('Look 3');

    await userEvent.click(looks[1]!);
    expect(router.state.location.pathname).toBe(`/product/${post(4)._id}`);
  });

  it('offers looks of the same show when the celebrity has no other', async () => {
    const item = post(1, { affiliateLinks: [link('a', 'invalid')] });
    stubCatalog({ byCelebrity: [item], byShow: [item, post(7), post(8)] });
    renderWithRouter(<ProductDetails post={item} />);

    const similar = within(await screen.findByTestId('similar-looks'));
    const looks = await similar.findAllByRole('link');
    expect(looks.map((a) => a.getAttribute('href'))).toEqual([
      `/product/${post(7)._id}`,
      `/product/${post(8)._id}`,
    ]);
  });

  it('says so before the links are rewritten: the rules call does not hold up a gone item', async () => {
    const item = post(1, { affiliateLinks: [link('a', 'redirect_error')] });
    stubCatalog({ byCelebrity: [post(3)], rules: () => new Promise<Response>(() => {}) });
    renderWithRouter(<ProductDetails post={item} />);

    await screen.findByRole('heading', { name: 'This item is no longer available' });
    expect(await within(screen.getByTestId('similar-looks')).findAllByRole('link')).toHaveLength(1);
  });

  it('a sold-out first link reads Sold out and Shop Now goes to the next healthy link', async () => {
    const item = post(1, {
      affiliateLinks: [
        link('first', 'sold_out', 'Nordstrom $129.50'),
        link('second', 'active', 'Revolve $98'),
        link('third', null, 'Saks'),
      ],
    });
    stubCatalog({ byCelebrity: [post(3)] });
    renderWithRouter(<ProductDetails post={item} />);

    const shopNow = await screen.findByRole('link', { name: /Shop Now/ });
    expect(target(shopNow)).toBe('https://www.second.test/item');
    expect(shopNow).toHaveTextContent('$98.00');
    const options = within(screen.getByRole('region', { name: 'More Shopping Options' })).getAllByRole(
      'link',
    );
    expect(options.map((a) => [target(a), a.textContent])).toEqual([
      ['https://www.third.test/item', 'SaksThird · Exact item↗'],
      ['https://www.first.test/item', 'Nordstrom $129.50First · Exact item · $129.50Sold out↗'],
    ]);
    expect(screen.queryByText('This item is no longer available')).toBeNull();
    expect(screen.queryByTestId('similar-looks')).toBeNull();
  });

  it('when every link left is sold out there is no Shop Now: it reads Sold out, with similar looks', async () => {
    const item = post(1, {
      affiliateLinks: [link('first', 'sold_out'), link('second', 'sold_out'), link('third', '404')],
    });
    stubCatalog({ byCelebrity: [item, post(3)] });
    renderWithRouter(<ProductDetails post={item} />);

    expect(await screen.findByTestId('sold-out')).toHaveTextContent('Sold out');
    expect(screen.queryByRole('link', { name: /Shop Now/ })).toBeNull();
    const options = within(screen.getByRole('region', { name: 'More Shopping Options' })).getAllByRole(
      'link',
    );
    expect(options.map((a) => [target(a), within(a).queryByText('Sold out') !== null])).toEqual([
      ['https://www.first.test/item', true],
      ['https://www.second.test/item', true],
    ]);
    const looks = await within(screen.getByTestId('similar-looks')).findAllByRole('link');
    expect(looks.map((a) => a.getAttribute('href'))).toEqual([`/product/${post(3)._id}`]);
  });

  it('links never checked or checked without a verdict behave as before: Shop Now on the first', async () => {
    const item = post(1, {
      affiliateLinks: [link('first', null), link('second', 'unknown'), link('third', 'server_error')],
    });
    // answers from before link health existed carry no health field at all
    delete (item.affiliateLinks[0] as Partial<AffiliateLink>).health;
    stubCatalog({ byCelebrity: [post(3)] });
    renderWithRouter(<ProductDetails post={item} />);

    const shopNow = await screen.findByRole('link', { name: /Shop Now/ });
    expect(target(shopNow)).toBe('https://www.first.test/item');
    const options = within(screen.getByRole('region', { name: 'More Shopping Options' })).getAllByRole(
      'link',
    );
    expect(options.map(target)).toEqual(['https://www.second.test/item', 'https://www.third.test/item']);
    expect(screen.queryByText('Sold out')).toBeNull();
    expect(screen.queryByText('This item is no longer available')).toBeNull();
    expect(screen.queryByTestId('similar-looks')).toBeNull();
  });
});

describe('product structured data follows link health', () => {
  it('offers sold-out links as SoldOut and leaves dead links out', () => {
    const prepared = (id: string, health: AffiliateLink['health']) => {
      const affiliate = link(id, health, '$10');
      return { ...affiliate, ...linkFacts(affiliate), href: `https://go/${id}` };
    };
    const ld = productJsonLd(
      post(1),
      [prepared('a', 'active'), prepared('b', 'sold_out'), prepared('c', '404'), prepared('d', null)],
      'https://celebstyle.test',
      [],
    );
    expect(ld.offers?.map((o) => [o.url, o.availability])).toEqual([
      ['https://go/a', 'https://schema.org/InStock'],
      ['https://go/b', 'https://schema.org/SoldOut'],
      ['https://go/d', 'https://schema.org/InStock'],
    ]);
  });
});
