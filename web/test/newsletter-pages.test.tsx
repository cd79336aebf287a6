import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createAppRoutes } from '../src/app/router.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the page's own call from `answers` by path; anything else (footer, site config) fails quietly. */
function stubApi(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input).split('?')[0]!;
    return answers[path]?.() ?? json(503, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

// Route modules load lazily; the first import of a page can take seconds on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => vi.unstubAllGlobals());

describe('/confirm-subscription', () => {
  it('confirms with the token and shows the success text', async () => {
    const fetchMock = stubApi({
      '/api/newsletter/confirm/tok': () =>
        json(200, {
          success: true,
          message: 'Your subscription has been confirmed successfully! You will now receive our newsletters.',
        }),
    });
    renderAt('/confirm-subscription?token=tok');
    expect(
      await screen.findByText(
        'Your subscription has been confirmed successfully! You will now receive our newsletters.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/confirm/'))).toHaveLength(1);
  });

  it("shows the server's message for a used or expired link", async () => {
    stubApi({
      '/api/newsletter/confirm/old': () =>
        json(410, {
          statusCode: 410,
          error: 'Gone',
          code: 'X',
          message: 'This confirmation link has expired. Please subscribe again to get a new one.',
        }),
    });
    renderAt('/confirm-subscription?token=old');
    expect(await screen.findByText(/This confirmation link has expired/)).toBeInTheDocument();
  });

  it('explains a link without a token', async () => {
    stubApi({});
    renderAt('/confirm-subscription');
    expect(
      await screen.findByText('Invalid confirmation link. Please check your email and try again.'),
    ).toBeInTheDocument();
  });
});

describe('/unsubscribe', () => {
  it('unsubscribes the address on load', async () => {
    const fetchMock = stubApi({
      '/api/newsletter/unsubscribe': () =>
        json(200, {
          success: true,
          alreadyUnsubscribed: false,
          message: 'You have been successfully unsubscribed from our newsletter.',
        }),
    });
    renderAt('/unsubscribe?email=fan%40example.com');
    expect(
      await screen.findByText('You have been successfully unsubscribed from our newsletter.'),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(
      ([u]) => String(u) === '/api/newsletter/unsubscribe',
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(call[1].body as string)).toEqual({ email: 'fan@example.com' });
  });

  it('uses the signed token of the one-click link when present', async () => {
    const fetchMock = stubApi({
      '/api/newsletter/unsubscribe/one-click/abc.def': () =>
        json(200, {
          success: true,
          alreadyUnsubscribed: true,
          message: 'You are not currently subscribed to our newsletter.',
        }),
    });
    renderAt('/unsubscribe?email=fan%40example.com&token=abc.def');
    expect(
      await screen.findByText('You are not currently subscribed to our newsletter.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/newsletter/unsubscribe')).toBe(false);
  });

  it('explains a link without an address', async () => {
    stubApi({});
    renderAt('/unsubscribe');
    expect(
      await screen.findByText('Invalid unsubscribe link. Please check your email and try again.'),
    ).toBeInTheDocument();
  });
});

describe('/about', () => {
  it('has every section and an accordion of 8 questions whose answers open on demand', async () => {
    stubApi({});
    renderAt('/about');
    expect(
      await screen.findByRole('heading', { name: 'Where Fashion Meets Accessibility' }),
    ).toBeInTheDocument();
    for (const name of ['Our Story', 'What We Cover', 'How We Find the Styles', 'Frequently Asked Questions'])
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    for (const topic of ['Reality TV', 'Red Carpet', 'Street Style', 'Home Decor', 'Beauty', 'Shop Finds'])
      expect(screen.getByRole('heading', { name: topic })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Get the Looks First' })).toBeInTheDocument();

    const faq = screen.getByRole('heading', { name: 'Frequently Asked Questions' }).parentElement!;
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(8);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(questions[0]!);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
    expect(within(faq).getByText(/celebrity and TV-show fashion discovery site/)).toBeVisible();
  });
});

describe('/terms', () => {
  it('has 16 anchored sections with the stated rules', async () => {
    stubApi({});
    const { container } = renderAt('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    const sections = container.querySelectorAll('section[id]');
    expect(sections).toHaveLength(16);
    const links = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([...sections].map((s) => `#${s.id}`));
    expect(screen.getByText(/at least 18 years old/)).toBeInTheDocument();
    expect(screen.getByText(/laws of the State of New York/)).toHaveTextContent('New York County');
  });
});
