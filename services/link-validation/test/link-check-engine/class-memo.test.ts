import { describe, expect, it } from 'vitest';
import { walkHtml } from '../../src/modules/link-check-engine/page/page-walk.ts';

// The walk remembers what each class string says across pages (page-walk.ts): a page read after
// another with the same class strings must read as if they were new.

const page = (body: string) => `<html><body><main>${body}</main></body></html>`;

describe('class strings met on an earlier page', () => {
  it('mean the same on a later page of other markup', () => {
    const first = walkHtml(
      page(
        '<span class="price price--sale">$12.00</span><p class="note hidden">Sold out</p>' +
          '<a class="btn btn-primary" href="/cart">Add to cart</a><div class="stock-level">In stock</div>',
      ),
    );
    const second = walkHtml(
      page(
        '<div class="note hidden"><p>Sold out</p></div><a href="/bag" class="btn btn-primary">Buy now</a>' +
          '<b class="price price--sale">€ 30,00</b><span class="stock-level">Only 2 left</span>',
      ),
    );
    for (const [walked, label, price, availability] of [
      [first, 'Add to cart', '$12.00', 'In stock'],
      [second, 'Buy now', '€ 30,00', 'Only 2 left'],
    ] as const) {
      expect(walked.controls.map((control) => control.label)).toEqual([label]);
      expect(walked.priceCandidates.map((candidate) => candidate.text)).toEqual([price]);
      expect(walked.availability).toEqual([availability]);
      expect(walked.text).not.toContain('Sold out');
    }
  });
});
