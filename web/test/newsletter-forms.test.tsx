import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { NewsletterForm } from '../src/features/newsletter/components/newsletter-form.tsx';
import { SupportForm } from '../src/features/support/components/support-form.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';

function renderWithProviders(ui: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(...answers: Response[]) {
  const fetchMock = vi.fn(async () => answers.shift() ?? json(500, {}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('NewsletterForm (storefront.md §4, §8)', () => {
  const subscribeAnswer = {
    success: true,
    message: 'x',
    alreadySubscribed: false,
    requiresConfirmation: true,
    data: { email: 'fan@example.com' },
  };

  it('refuses an invalid address without calling the server', async () => {
    const fetchMock = stubFetch();
    renderWithProviders(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes, shows the success text, and goes back to idle after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch(json(200, subscribeAnswer));
    renderWithProviders(<NewsletterForm />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Email address'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Thank you for subscribing! Please check your email to confirm.'),
    ).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/newsletter/subscribe');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'fan@example.com', website: '' });
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByText(/Thank you for subscribing/)).not.toBeInTheDocument();
  });

  it('shows the already-subscribed text, the server message of a refusal, and a generic error otherwise', async () => {
    stubFetch(
      json(200, { ...subscribeAnswer, alreadySubscribed: true, requiresConfirmation: false }),
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Please enter a valid email address',
        code: 'X',
      }),
      json(503, { message: 'internal detail' }),
    );
    renderWithProviders(<NewsletterForm />);
    const input = screen.getByLabelText('Email address');
    const button = screen.getByRole('button', { name: 'Subscribe' });
    await userEvent.type(input, 'fan@example.com');
    await userEvent.click(button);
    expect(await screen.findByText('You are already subscribed to our newsletter!')).toBeInTheDocument();
    await userEvent.type(input, 'fan@example.com');
    await userEvent.click(button);
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'fan@example.com');
    await userEvent.click(button);
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('internal detail')).not.toBeInTheDocument();
  });

  it('keeps the honeypot out of reach of people and assistive technology', () => {
    const { container } = renderWithProviders(<NewsletterForm />);
    const honeypot = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('SupportForm (storefront.md §2, §5, §8)', () => {
  async function fill(subject: string) {
    await userEvent.type(screen.getByLabelText('Name'), 'Dana');
    await userEvent.type(screen.getByLabelText('Email'), 'dana@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Subject'), subject);
    await userEvent.type(screen.getByLabelText('Message'), 'Where is the coat from?');
  }

  it('goes back to the form 5 s after a message is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(json(200, { success: true, message: 'ok', data: { requestId: 'SR-20261125-ABC123' } }));
    renderWithProviders(<SupportForm />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('Name'), 'Vera');
    await user.type(screen.getByLabelText('Email'), 'vera@example.com');
    await user.selectOptions(screen.getByLabelText('Subject'), 'Feedback');
    await user.type(screen.getByLabelText('Message'), 'Lovely site');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('SR-20261125-ABC123')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByText('SR-20261125-ABC123')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });

  it('offers the 8 subjects, sends the category rule, shows the Reference ID and returns to the form', async () => {
    const fetchMock = stubFetch(
      json(200, { success: true, message: 'ok', data: { requestId: 'SR-20261125-ABC123' } }),
      json(200, { success: true, message: 'ok', data: { requestId: 'SR-20261125-XYZ789' } }),
    );
    renderWithProviders(<SupportForm />);
    expect(screen.getAllByRole('option')).toHaveLength(9); // placeholder + 8 subjects
    await fill('Technical Issue');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(
      await screen.findByText(
        "Thank you! Your message has been received. We'll get back to you as soon as possible.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('SR-20261125-ABC123')).toBeInTheDocument();
    const first = JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(first).toMatchObject({ subject: 'Technical Issue', category: 'Technical Issue' });

    await userEvent.click(screen.getByRole('button', { name: 'Send Another Message' }));
    await fill('Feedback');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('SR-20261125-XYZ789')).toBeInTheDocument();
    const second = JSON.parse(
      (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body as string,
    );
    expect(second).toMatchObject({ subject: 'Feedback', category: 'Other' });
  });

  it('names a missing field before calling the server, and shows the generic error on failure', async () => {
    const fetchMock = stubFetch(json(500, {}));
    renderWithProviders(<SupportForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter your name')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await fill('Other');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument(),
    );
  });

  it('says when the rate limit was hit and in how many minutes to try again (from Retry-After)', async () => {
    stubFetch(
      new Response(
        JSON.stringify({
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many requests.',
          code: 'RATE_LIMITED',
        }),
        { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '540' } },
      ),
    );
    renderWithProviders(<SupportForm />);
    await fill('Other');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(
        screen.getByText('Too many messages from your connection. Please try again in 9 minutes.'),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
  });
});
