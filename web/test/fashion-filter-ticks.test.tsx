import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FashionPage } from '../src/features/fashion/components/fashion-page.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';
import { json, stubApi } from './render-helpers.tsx';
import { pageOf } from './list-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const facets = {
  shows: [
    { name: 'Emily in Paris', count: 7 },
    { name: 'The Crown', count: 4 },
  ],
  celebrities: [],
  brands: [],
  productTypes: [],
};

describe('Fashion filter sidebar on a slow device', () => {
  it('ticks a box at once, before the router has committed the new address', async () => {
    stubApi({ '/api/posts': () => json(200, { ...pageOf(1, 30, 3), facets }) });
    // The router commits a navigation only once its loaders are done: holding the second load
    // back stands for a page that takes long to render the new state.
    let release = () => {};
    let loads = 0;
    const loader = () => {
      loads += 1;
      return loads === 1 ? null : new Promise<null>((resolve) => (release = () => resolve(null)));
    };
    const router = createMemoryRouter([{ path: '/fashion', loader, Component: FashionPage }], {
      initialEntries: ['/fashion'],
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    const crown = await within(filters).findByRole('checkbox', { name: /^The Crown\s*4$/ });

    fireEvent.click(crown);

    expect(crown).toBeChecked();
    expect(router.state.location.search).toBe('');
    await act(async () => release());
    expect(router.state.location.search).toBe('?show=The+Crown');
    expect(within(filters).getByRole('checkbox', { name: /^The Crown\s*4$/ })).toBeChecked();
  });
});
