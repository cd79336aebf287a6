import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { DirectoryGrid } from '../src/components/ui/directory-grid.tsx';
import { DirectorySearch } from '../src/components/ui/directory-filters.tsx';
import { DIRECTORY_PAGE_SIZE } from '../src/config/constants.ts';

const names = Array.from({ length: DIRECTORY_PAGE_SIZE * 2 + 3 }, (_, i) => `Name ${i + 1}`);
const grid = (page: number, items: readonly string[] = names, onPage = () => {}) => (
  <DirectoryGrid
    items={items}
    page={page}
    onPage={onPage}
    emptyText="No celebrities found"
    renderItem={(name) => <span key={name}>{name}</span>}
  />
);
const shown = () => screen.getAllByText(/^Name \d+$/).map((el) => el.textContent);

describe('DirectoryGrid (storefront.md §2 directories)', () => {
  it('shows one page of DIRECTORY_PAGE_SIZE cards and reports the chosen page', () => {
    const onPage = vi.fn();
    render(grid(2, names, onPage));
    expect(shown()).toEqual(names.slice(DIRECTORY_PAGE_SIZE, DIRECTORY_PAGE_SIZE * 2));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('pages with Prev, the numbers and Next on one line (storefront.md §2)', () => {
    const onPage = vi.fn();
    render(grid(2, names, onPage));
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveClass('flex-nowrap');
    expect([...nav.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Prev',
      '1',
      '2',
      '3',
      'Next',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('shows the last page when the page asked for is past the end', () => {
    render(grid(9));
    expect(shown()).toEqual(names.slice(DIRECTORY_PAGE_SIZE * 2));
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the empty text and no pager when nothing matches', () => {
    render(grid(1, []));
    expect(screen.getByText('No celebrities found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('DirectorySearch', () => {
  it('is labelled, shows the placeholder and reports what is typed', () => {
    const onChange = vi.fn();
    render(<DirectorySearch label="Search shows" value="" onChange={onChange} />);
    const box = screen.getByRole('searchbox', { name: 'Search shows' });
    expect(box).toHaveAttribute('placeholder', 'Search shows...');
    fireEvent.change(box, { target: { value: 'Bel' } });
    expect(onChange).toHaveBeenCalledWith('Bel');
  });
});
