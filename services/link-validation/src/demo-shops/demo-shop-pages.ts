/**
 * Product pages of the demo shops, one markup family per shop, as real retailers write them
 * (JSON-LD, microdata, Open Graph tags, Shopify and Next.js page data, plain text and buttons).
 */

export type MarkupFamily =
  'json-ld' | 'json-ld-graph' | 'microdata' | 'open-graph' | 'shopify' | 'next-data' | 'text';

export interface DemoProduct {
  shop: string;
  name: string;
  price: number;
  inStock: boolean;
}

const money = (price: number) =>
  `$${price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function layout(product: DemoProduct, head: string, main: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(product.name)} | ${escape(product.shop)}</title>
<meta property="og:site_name" content="${escape(product.shop)}">${head}</head>
<body><header><nav><a href="/">${escape(product.shop)}</a> <a href="/bag">Bag</a></nav><div class="promo-banner">Free shipping on orders over $100</div></header>
<main><h1>${escape(product.name)}</h1>${main}
<section class="recommendations" aria-label="You may also like"><div class="product-card"><span class="price">$49.00</span><button>Add to bag</button></div></section>
</main><footer>© ${escape(product.shop)}</footer></body></html>`;
}

const availability = (product: DemoProduct) =>
  product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
const buyButton = (product: DemoProduct) =>
  product.inStock
    ? '<button class="add-to-cart">Add to bag</button>'
    : '<button class="add-to-cart" disabled>Sold out</button>';
const jsonLd = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

export function productPage(family: MarkupFamily, product: DemoProduct): string {
  const offer = {
    '@type': 'Offer',
    price: product.price.toFixed(2),
    priceCurrency: 'USD',
    availability: availability(product),
  };
  const visible = `<span class="price">${money(product.price)}</span>${buyButton(product)}`;
  switch (family) {
    case 'json-ld':
      return layout(
        product,
        jsonLd({ '@context': 'https://schema.org', '@type': 'Product', name: product.name, offers: offer }),
        visible,
      );
    case 'json-ld-graph':
      return layout(
        product,
        jsonLd({
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'WebSite', name: product.shop },
            {
              '@type': 'ProductGroup',
              name: product.name,
              hasVariant: ['S', 'M', 'L'].map((size, index) => ({
                '@type': 'Product',
                name: `${product.name} ${size}`,
                offers: {
                  ...offer,
                  availability: index === 1 ? availability(product) : 'https://schema.org/OutOfStock',
                },
              })),
            },
          ],
        }),
        visible,
      );
    case 'microdata':
      return layout(
        product,
        '',
        `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">${escape(product.name)}</span>
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span class="price" itemprop="price" content="${product.price.toFixed(2)}">${money(product.price)}</span>
<meta itemprop="priceCurrency" content="USD"><link itemprop="availability" href="${availability(product)}"></div>${buyButton(product)}</div>`,
      );
    case 'open-graph':
      return layout(
        product,
        `<meta property="og:type" content="product"><meta property="product:price:amount" content="${product.price.toFixed(2)}"><meta property="product:price:currency" content="USD"><meta property="product:availability" content="${product.inStock ? 'in stock' : 'out of stock'}">`,
        visible,
      );
    case 'shopify':
      return layout(
        product,
        '',
        `${visible}<script type="application/json" data-product-json>${JSON.stringify({ title: product.name, variants: [{ id: 1, available: product.inStock, price: Math.round(product.price * 100), compare_at_price: Math.round(product.price * 130) }] })}</script>`,
      );
    case 'next-data':
      return layout(
        product,
        '',
        `${visible}<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { product: { name: product.name, isInStock: product.inStock, price: { current: { value: product.price }, currency: 'USD' } } } } })}</script>`,
      );
    case 'text':
      return layout(
        product,
        '<meta property="og:type" content="product">',
        `${visible}${product.inStock ? '' : '<p class="stock">Currently unavailable.</p>'}`,
      );
  }
}

export function softNotFoundPage(shop: string): string {
  return `<!doctype html><html><head><title>Page Not Found | ${escape(shop)}</title></head><body><main><h1>Sorry, we can't find that page</h1></main></body></html>`;
}

export function noLongerAvailablePage(shop: string, name: string): string {
  return `<!doctype html><html><head><title>${escape(name)} | ${escape(shop)}</title></head><body><main><h1>${escape(name)}</h1><p>This item is no longer available.</p></main></body></html>`;
}

export function homePage(shop: string): string {
  const tiles = Array.from(
    { length: 12 },
    (_, index) =>
      `<div class="product-card"><a href="/p/${index}">New arrival ${index + 1}</a><span class="price">$${(index + 3) * 20}.00</span></div>`,
  ).join('');
  return `<!doctype html><html><head><title>${escape(shop)} | Designer Fashion</title><meta property="og:type" content="website"></head><body><main><h1>New Arrivals</h1>${tiles}</main></body></html>`;
}

export function challengePage(): string {
  return '<!doctype html><html><head><title>Just a moment...</title></head><body><div id="cf-browser-verification">Checking your browser before accessing the site.</div></body></html>';
}

export function handOffPage(target: string): string {
  return `<!doctype html><html><head><title>Redirecting…</title><script>window.location.href = ${JSON.stringify(target)};</script></head><body>Taking you to the shop…</body></html>`;
}
