import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox, SEARCH_PLACEHOLDER } from '../src/features/search/components/search-box.tsx';
import { json, renderWithRouter, stubApi } from './render-helpers.tsx';

const answer = {
  query: 'dor',
  posts: [
    { _id: 'p1', title: 'Dorit Gown', celebrity: 'Dorit Kemsley', show: 'RHOBH', image: null },
    { _id: 'p2', title: 'Dorit Heels', celebrity: 'Dorit Kemsley', show: 'RHOBH', image: null },
    { _id: 'p3', title: 'Dorit Bag', celebrity: 'Dorit Kemsley', show: 'RHOBH', image: null },
    { _id: 'p4', title: 'Dorit Coat', celebrity: 'Dorit Kemsley', show: 'RHOBH', image: null },
  ],
  celebrities: [{ name: 'Dorit Kemsley', slug: 'dorit-kemsley', count: 8, imageUrl: null }],
  shows: [{ name: 'Doria', slug: 'doria', count: 2, imageUrl: null, network: 'HBO' }],
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function type(value: string) {
  fireEvent.change(screen.getByPlaceholderText(SEARCH_PLACEHOLDER), { target: { value } });
}
const location = () => screen.getByTestId('location').textContent;

describe('header search (storefront.md §4 Header search)', () => {
  it('waits 200 ms after the last keystroke, then makes one call to the global search', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { calls } = stubApi({ '/api/search': () => json(200, answer) });
    renderWithRouter(<SearchBox />);
    type('d');
    type('do');
    type('dor');
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls).toEqual(['/api/search?q=dor&limit=12']);
  });

  it('takes at most the 200 characters the search API accepts', async () => {
    const user = userEvent.setup();
    renderWithRouter(<SearchBox />);
    const input = screen.getByPlaceholderText(SEARCH_PLACEHOLDER);
    await user.click(input);
    await user.paste('x'.repeat(250));
    expect((input as HTMLInputElement).value).toHaveLength(200);
  });

  it('makes no call for a blank or whitespace term and keeps the dropdown closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { calls } = stubApi({ '/api/search': () => json(200, answer) });
    renderWithRouter(<SearchBox />);
    type('   ');
    // well past the 200 ms debounce: a call would have gone out by now
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('groups results and opens the highlighted one with the arrow keys and Enter', async () => {
    stubApi({ '/api/search': () => json(200, answer) });
    renderWithRouter(<SearchBox />);
    type('dor');
    expect(await screen.findByText('Dorit Gown')).toBeInTheDocument();
    expect(screen.getByText('Posts')).toBeInTheDocument();
    expect(screen.getByText('Celebrities')).toBeInTheDocument();
    expect(screen.getByText('Shows')).toBeInTheDocument();
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' }); // wraps to the last option (the show)
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(location()).toBe('/show/doria');
    // clicking or opening a result clears the term and closes the dropdown
    expect(input).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens the first result on Enter when results are shown', async () => {
    stubApi({ '/api/search': () => json(200, answer) });
    renderWithRouter(<SearchBox />);
    type('dor');
    await screen.findByText('Dorit Gown');
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect(location()).toBe('/product/p1');
  });

  it("shows 'No results found for {term}' and goes to /fashion?search= on Enter without results", async () => {
    stubApi({ '/api/search': () => json(200, { query: 'zzz', posts: [], celebrities: [], shows: [] }) });
    renderWithRouter(<SearchBox />);
    type('zzz');
    expect(await screen.findByText('No results found for zzz')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search in all products' })).toHaveAttribute(
      'href',
      '/fashion?search=zzz',
    );
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    expect(location()).toBe('/fashion?search=zzz');
  });

  it('shows at most 3 per group in the mobile menu', async () => {
    stubApi({ '/api/search': () => json(200, answer) });
    renderWithRouter(<SearchBox perGroup={3} />);
    type('dor');
    await screen.findByText('Dorit Gown');
    expect(screen.queryByText('Dorit Coat')).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(5);
  });

  it('closes the dropdown on a click outside and clears with the clear button', async () => {
    stubApi({ '/api/search': () => json(200, answer) });
    renderWithRouter(
      <div>
        <SearchBox />
        <p>outside</p>
      </div>,
    );
    type('dor');
    await screen.findByText('Dorit Gown');
    fireEvent.pointerDown(screen.getByText('outside'));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByRole('combobox')).toHaveValue('');
  });
});
