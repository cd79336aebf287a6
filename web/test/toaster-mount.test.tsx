import { act, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../src/app/provider.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';

beforeEach(() => {
  // react-hot-toast asks whether motion is reduced; jsdom has no media queries
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the toaster', () => {
  it('is not loaded while the page loads, and shows a toast raised before it once the visitor interacts', async () => {
    render(
      <AppProvider queryClient={createQueryClient()}>
        <p>page</p>
      </AppProvider>,
    );
    act(() => void toast.success('Saved for later'));
    // the visitor has not interacted: no toaster yet, the toast waits in react-hot-toast's store
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(screen.queryByText('Saved for later')).toBeNull();

    fireEvent.pointerDown(window);
    expect(await screen.findByText('Saved for later')).toBeInTheDocument();
  });

  it('mounts after 10 s without any interaction, and then shows a toast raised before', async () => {
    vi.useFakeTimers();
    try {
      render(
        <AppProvider queryClient={createQueryClient()}>
          <p>page</p>
        </AppProvider>,
      );
      act(() => void toast('Link copied'));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(9_000);
      });
      expect(screen.queryByText('Link copied')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });
});
