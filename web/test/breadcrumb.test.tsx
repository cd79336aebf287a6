import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from '../src/components/ui/breadcrumb.tsx';

describe('Breadcrumb', () => {
  it('links every crumb but the last, which marks the current page', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <Breadcrumb
            items={[{ label: 'Home', to: '/' }, { label: 'Shows', to: '/shows' }, { label: 'The Bear' }]}
          />
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(trail).getByRole('link', { name: 'Shows' })).toHaveAttribute('href', '/shows');
    expect(within(trail).queryByRole('link', { name: 'The Bear' })).toBeNull();
    expect(within(trail).getByText('The Bear')).toHaveAttribute('aria-current', 'page');
    expect(trail).toHaveTextContent('Home/Shows/The Bear');
  });
});
