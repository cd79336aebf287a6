import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePageParam, useSearchParam } from '../src/lib/use-search-param.ts';
import { renderWithRouter } from './render-helpers.tsx';

function Pager() {
  const [page, setPage] = usePageParam();
  const [letter, setLetter] = useSearchParam('letter', 'All');
  return (
    <>
      <p>{`page ${page}, letter ${letter}`}</p>
      <button type="button" onClick={() => setPage(page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => setPage(1)}>
        First
      </button>
      <button type="button" onClick={() => setLetter('B')}>
        B
      </button>
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('list state kept in the URL (storefront.md §2: Back returns to the same page)', () => {
  it('reads the page and letter from the URL and writes them back, keeping the other parameters', async () => {
    renderWithRouter(<Pager />, '/trending?show=Succession&page=3');
    expect(screen.getByText('page 3, letter All')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(location()).toBe('/trending?show=Succession&page=4');
    await userEvent.click(screen.getByRole('button', { name: 'B' }));
    expect(location()).toBe('/trending?show=Succession&page=4&letter=B');
    await userEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(location()).toBe('/trending?show=Succession&letter=B');
    expect(screen.getByText('page 1, letter B')).toBeInTheDocument();
  });

  it.each(['0', '-2', 'abc', '1.5'])('reads page=%s as page 1', (raw) => {
    renderWithRouter(<Pager />, `/top-picks?page=${raw}`);
    expect(screen.getByText('page 1, letter All')).toBeInTheDocument();
  });
});
