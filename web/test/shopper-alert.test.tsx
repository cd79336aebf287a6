import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AffiliateLink } from '@celebstyle/contracts';
import { ShopperAlert } from '../src/features/product/components/shopper-alert.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';

const POST_ID = '11111111-1111-4111-8111-111111111111';
const link = (id: string, text: string, health: AffiliateLink['health']) =>
  ({ _id: id, text, url: `https://shop.example/${id}`, realUrl: null, health }) satisfies AffiliateLink;

function renderAlert(links: AffiliateLink[]) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ShopperAlert post={{ _id: POST_ID, affiliateLinks: links }} />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('ShopperAlert on the product page', () => {
  it('offers "Notify me when it\'s back" where the item is sold out, and subscribes with the link', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, requiresConfirmation: true }));
    vi.stubGlobal('fetch', fetchMock);
    renderAlert([link('a1', 'Camel Coat', 'sold_out')]);
    const toggle = screen.getByRole('button', { name: "Notify me when it's back" });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.type(await screen.findByLabelText('Email address'), 'fan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(/we sent you a link to turn the alert on/)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/alerts$/);
    expect(JSON.parse(init.body as string)).toMatchObject({
      email: 'fan@example.com',
      postId: POST_ID,
      linkId: 'a1',
      kind: 'back_in_stock',
    });
  });

  it('offers "Tell me if the price drops" where a price is known, and refuses a bad address locally', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAlert([link('b1', 'Leather Bag $200', 'active')]);
    await userEvent.click(screen.getByRole('button', { name: 'Tell me if the price drops' }));
    await userEvent.type(await screen.findByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please enter a valid email address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the subscription fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(404, { statusCode: 404, error: 'Not Found', message: 'postId: no such look', code: 'X' }),
      ),
    );
    renderAlert([link('a1', 'Coat', 'sold_out')]);
    await userEvent.click(screen.getByRole('button', { name: "Notify me when it's back" }));
    await userEvent.type(await screen.findByLabelText('Email address'), 'fan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('postId: no such look')).toBeInTheDocument();
  });

  it('moves the focus into the e-mail field when opened, back to it for a refused address, and never drops it while sending', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAlert([link('a1', 'Coat', 'sold_out')]);
    await userEvent.click(screen.getByRole('button', { name: "Notify me when it's back" }));
    const field = await screen.findByLabelText('Email address');
    expect(field).toHaveFocus();

    const submit = screen.getByRole('button', { name: 'Notify me' });
    await userEvent.type(field, 'not-an-email');
    await userEvent.click(submit);
    expect(field).toHaveFocus();

    await userEvent.clear(field);
    await userEvent.type(field, 'fan@example.com');
    await userEvent.click(submit);
    expect(submit).toHaveTextContent('Sending...');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveFocus();
    answer(json(200, { success: true, requiresConfirmation: true }));
    expect(await screen.findByText(/we sent you a link to turn the alert on/)).toBeInTheDocument();
    expect(submit).toHaveFocus();
  });

  it('offers nothing for an item in stock without a known price', () => {
    renderAlert([link('c1', 'Scarf', 'active')]);
    expect(screen.queryByTestId('shopper-alert')).toBeNull();
  });
});
