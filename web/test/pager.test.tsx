import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { clampPage, numberWindow, pageSlots } from '../src/components/ui/pagination.ts';
import { Pager } from '../src/components/ui/pager.tsx';

describe('pager arithmetic (storefront.md §4, §9)', () => {
  it('clamps page numbers between 1 and the last page', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });

  it('shows at most 5 consecutive numbers around the current page', () => {
    expect(numberWindow(1, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(numberWindow(6, 10, 5)).toEqual([4, 5, 6, 7, 8]);
    expect(numberWindow(10, 10, 5)).toEqual([6, 7, 8, 9, 10]);
    expect(numberWindow(2, 3, 5)).toEqual([1, 2, 3]);
  });

  it('uses at most 7 slots with ellipses for trending', () => {
    expect(pageSlots(1, 5, 7)).toEqual([1, 2, 3, 4, 5]);
    expect(pageSlots(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageSlots(10, 20, 7)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageSlots(20, 20, 7)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    for (let p = 1; p <= 30; p++) {
      const slots = pageSlots(p, 30, 7);
      expect(slots.length).toBeLessThanOrEqual(7);
      expect(slots).toContain(p);
    }
  });
});

describe('Pager', () => {
  it('offers first, previous, up to 5 numbers, next and last, and reports the chosen page', () => {
    const onPage = vi.fn();
    render(<Pager page={6} totalPages={10} onPage={onPage} mode="window" max={5} />);
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual([
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 8' }));
    expect(onPage.mock.calls.map((c) => c[0])).toEqual([1, 5, 7, 10, 8]);
  });

  it('disables previous on the first page and renders nothing for a single page', () => {
    const { rerender } = render(<Pager page={1} totalPages={3} onPage={() => {}} mode="slots" max={7} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'First page' })).not.toBeInTheDocument();
    rerender(<Pager page={1} totalPages={1} onPage={() => {}} mode="slots" max={7} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
