import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';
import { insertLink, insertPost } from './helpers/link-health-rows.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness('alert-targets');
});
afterAll(async () => {
  await h?.close();
});

const target = (postId: string) => h.app.inject({ method: 'GET', url: `/internal/alert-targets/${postId}` });

describe('GET /internal/alert-targets/{postId} (newsletter-support shopper alerts)', () => {
  it("answers a live, approved look's links with their status, stock and price", async () => {
    const postId = await insertPost(h.db, { title: 'Zendaya at the premiere' });
    const coat = await insertLink(h.db, postId, 0, {
      link_text: 'Coat',
      link_status: 'sold_out',
      stock_status: 'out_of_stock',
      price: '120.50',
      currency: 'USD',
    });
    const bag = await insertLink(h.db, postId, 1, { link_text: 'Bag' });
    const answer = await target(postId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      postId,
      title: 'Zendaya at the premiere',
      links: [
        {
          linkId: coat,
          text: 'Coat',
          status: 'sold_out',
          stockStatus: 'out_of_stock',
          price: 120.5,
          currency: 'USD',
        },
        { linkId: bag, text: 'Bag', status: 'active', stockStatus: null, price: null, currency: null },
      ],
    });
  });

  it('answers 404 for an unknown, deleted or unapproved look, and 400 for a malformed id', async () => {
    const deleted = await insertPost(h.db, { deleted: true });
    const pending = await insertPost(h.db, { status: 'pending' });
    for (const id of [deleted, pending, '00000000-0000-4000-8000-000000000000'])
      expect((await target(id)).statusCode).toBe(404);
    expect((await target('nope')).statusCode).toBe(400);
  });
});
