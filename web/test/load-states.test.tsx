import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { LoadFailed } from '../src/components/ui/load-failed.tsx';
import { EmptyResult } from '../src/components/ui/empty-result.tsx';

describe('load failure and empty result boxes (storefront.md §4, §9)', () => {
  it('shows the failure message and retries when Try Again is pressed', () => {
    const onRetry = vi.fn();
    render(<LoadFailed message="Failed to load products. Please try again." onRetry={onRetry} />);
    expect(screen.getByText('Failed to load products. Please try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the empty title and its hint', () => {
    render(<EmptyResult title="No products found" hint="Try adjusting your filters or search term" />);
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or search term')).toBeInTheDocument();
  });
});
