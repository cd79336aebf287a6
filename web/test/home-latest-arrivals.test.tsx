import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LatestArrivals } from '../src/features/home/components/latest-arrivals.tsx';
import { post } from './list-fixtures.ts';
import { json, renderWithRouter, stubApi } from './render-helpers.tsx';

afterEach(() => vi.unstubAllGlobals());

const withImage = (n: number, title: string) => post(n, { title, mainImage: `https://img.example/${n}.jpg` });
const answer = {
  posts: [
    post(1, { title: 'Imageless Gown' }),
    withImage(2, 'Red Satin Dress'),
    withImage(3, 'Tweed Blazer'),
  ],
  pagination: { currentPage: 1, totalPages: 1, totalPosts: 3, hasNextPage: false, hasPrevPage: false },
};

describe('home Latest Arrivals (storefront.md §2)', () => {
  it('never leads with a post that has no image', async () => {
    stubApi({ '/api/posts': () => json(200, answer) });
    renderWithRouter(<LatestArrivals />);
    expect(await screen.findByText('Red Satin Dress')).toBeInTheDocument();
    expect(screen.getByText('Tweed Blazer')).toBeInTheDocument();
    expect(screen.queryByText('Imageless Gown')).not.toBeInTheDocument();
  });

  it('says its box filters the arrivals shown, and links to a search of all products', async () => {
    stubApi({ '/api/posts': () => json(200, answer) });
    renderWithRouter(<LatestArrivals />);
    await screen.findByText('Red Satin Dress');
    await userEvent.type(screen.getByLabelText('Filter the latest arrivals shown here'), 'blazer');
    expect(screen.getByText(/Showing 1 of the 2 latest arrivals/)).toBeInTheDocument();
    expect(screen.queryByText('Red Satin Dress')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search all products for “blazer”' })).toHaveAttribute(
      'href',
      '/fashion?search=blazer',
    );
  });
});
