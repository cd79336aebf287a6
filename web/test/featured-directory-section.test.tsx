import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FeaturedDirectorySection } from '../src/components/ui/featured-directory-section.tsx';

const names = Array.from({ length: 12 }, (_, i) => `Star ${i + 1}`);
const section = (phone: boolean, items = names) => (
  <MemoryRouter>
    <FeaturedDirectorySection
      title="Featured Celebrities"
      items={items}
      phone={phone}
      morePath="/celebrity"
      listId="celebrity-search"
      renderCard={(name) => <span key={name}>{name}</span>}
    />
  </MemoryRouter>
);
const shown = () => screen.getAllByText(/^Star \d+$/).map((el) => el.textContent);

describe('FeaturedDirectorySection (storefront.md §2 directories)', () => {
  it('on phones shows the first 4 and a View More link to the search list', () => {
    render(section(true));
    expect(shown()).toEqual(names.slice(0, 4));
    expect(screen.getByRole('link', { name: 'View More' })).toHaveAttribute(
      'href',
      '/celebrity#celebrity-search',
    );
  });

  it('offers no View More when the four are all there is', () => {
    render(section(true, names.slice(0, 3)));
    expect(shown()).toEqual(names.slice(0, 3));
    expect(screen.queryByRole('link', { name: 'View More' })).not.toBeInTheDocument();
  });
});
