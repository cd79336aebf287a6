/** Product pages in the markup families the checker reads, for the fake retailers of the tests. */

export function htmlPage(options: {
  title?: string;
  head?: string;
  body?: string;
  lang?: string;
  charset?: string;
}): string {
  const charset = options.charset === undefined ? '<meta charset="utf-8">' : options.charset;
  return `<!doctype html><html lang="${options.lang ?? 'en'}"><head>${charset}<title>${options.title ?? 'Product'}</title>${options.head ?? ''}</head><body>${options.body ?? ''}</body></html>`;
}

export function jsonLd(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

export function productJsonLd(offers: unknown, extra: Record<string, unknown> = {}): string {
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Silk Midi Dress',
    offers,
    ...extra,
  });
}

export const siteHeader = `<header><nav><a href="/">Home</a><a href="/bag">Bag (0)</a></nav>
  <div class="promo-banner">Free shipping on orders over $50</div></header>`;

/** A recommendation carousel of other, in-stock products (microdata, buttons and prices). */
export const inStockRecommendations = `<section class="recommendations-carousel" aria-label="You may also like">
  ${[1, 2, 3]
    .map(
      (n) => `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Other ${n}</span>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span class="price" itemprop="price" content="${n}9.00">$${n}9.00</span>
      <link itemprop="availability" href="https://schema.org/InStock"><meta itemprop="priceCurrency" content="USD"></div>
      <button class="add-to-cart">Add to bag</button></div>`,
    )
    .join('')}
</section>`;

/** A home or category page: many product tiles, no product of its own. */
export function listingPage(title: string): string {
  const tiles = Array.from(
    { length: 12 },
    (_, n) =>
      `<div class="product-card"><a href="/p/${n}">Item ${n}</a><span class="price">$${n + 10}.00</span></div>`,
  ).join('');
  return htmlPage({
    title,
    head: '<meta property="og:type" content="website">',
    body: `${siteHeader}<main><h1>${title}</h1>${tiles}</main>`,
  });
}
