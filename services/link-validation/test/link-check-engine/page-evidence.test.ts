import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkChecker, type LinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import type { LinkCheckResult } from '../../src/modules/link-check-engine/link-check-result.ts';
import { startFakeRetailer, testResolver, type FakeRetailer } from '../helpers/fake-retailer.ts';
import {
  htmlPage,
  inStockRecommendations,
  jsonLd,
  productJsonLd,
  siteHeader,
} from '../helpers/product-pages.ts';

const SHOP = 'boutique.test';
let farm: FakeRetailer;
let checker: LinkChecker;
let pageCount = 0;

beforeAll(async () => {
  farm = await startFakeRetailer();
  checker = createLinkChecker({ pins: farm.pins(SHOP), resolve: testResolver(), timeoutMs: 5_000 });
});
afterAll(async () => {
  await checker.close();
  await farm.close();
});

async function judge(page: { head?: string; body?: string; title?: string }): Promise<LinkCheckResult> {
  pageCount += 1;
  const path = `/p/${pageCount}`;
  farm.page(SHOP, path, htmlPage(page));
  return checker.check(farm.url(SHOP, path));
}

describe('JSON-LD (most trusted)', () => {
  it('reads a Product inside @graph with an https schema availability', async () => {
    const head = jsonLd({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'Boutique' },
        {
          '@type': 'Product',
          name: 'Coat',
          offers: {
            '@type': 'Offer',
            price: 450,
            priceCurrency: 'GBP',
            availability: 'https://schema.org/InStock',
          },
        },
      ],
    });
    expect(await judge({ head })).toMatchObject({
      linkStatus: 'active',
      stockStatus: 'in_stock',
      price: 450,
      currency: 'GBP',
      confidence: 0.95,
    });
  });

  it('reads an array of scripts contents and http:// schema values', async () => {
    const head = jsonLd([
      { '@context': 'http://schema.org', '@type': 'BreadcrumbList', itemListElement: [] },
      {
        '@context': 'http://schema.org',
        '@type': 'http://schema.org/Product',
        offers: [{ price: '75.50', priceCurrency: 'EUR', availability: 'http://schema.org/OutOfStock' }],
      },
    ]);
    expect(await judge({ head })).toMatchObject({
      linkStatus: 'sold_out',
      stockStatus: 'out_of_stock',
      price: 75.5,
      currency: 'EUR',
    });
  });

  it('treats a ProductGroup as active when any variant can be bought, at the lowest buyable price', async () => {
    const variant = (availability: string, price: string) => ({
      '@type': 'Product',
      offers: { '@type': 'Offer', price, priceCurrency: 'USD', availability },
    });
    const head = jsonLd({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      hasVariant: [
        variant('OutOfStock', '99.00'),
        variant('InStock', '129.00'),
        variant('LimitedAvailability', '119.00'),
      ],
    });
    expect(await judge({ head })).toMatchObject({
      linkStatus: 'active',
      stockStatus: 'in_stock',
      price: 119,
      currency: 'USD',
    });
  });

  it('takes lowPrice from an AggregateOffer', async () => {
    const head = productJsonLd({
      '@type': 'AggregateOffer',
      lowPrice: '1,299.00',
      highPrice: '1,499.00',
      priceCurrency: 'USD',
      availability: 'InStock',
    });
    expect(await judge({ head })).toMatchObject({ linkStatus: 'active', price: 1299 });
  });

  it('takes the current price from priceSpecification, never the strikethrough one', async () => {
    const head = productJsonLd({
      '@type': 'Offer',
      availability: 'InStock',
      priceSpecification: [
        {
          '@type': 'UnitPriceSpecification',
          priceType: 'https://schema.org/StrikethroughPrice',
          price: 200,
          priceCurrency: 'USD',
        },
        { '@type': 'UnitPriceSpecification', price: 140, priceCurrency: 'USD' },
      ],
    });
    expect(await judge({ head })).toMatchObject({ linkStatus: 'active', price: 140, currency: 'USD' });
  });

  it('prefers the product whose url is the page over another top-level product', async () => {
    pageCount += 1;
    const path = `/p/${pageCount}`;
    const head =
      productJsonLd(
        { availability: 'InStock', price: '10.00', priceCurrency: 'USD' },
        { url: 'https://elsewhere.test/p/other' },
      ) +
      productJsonLd(
        { availability: 'OutOfStock', price: '300.00', priceCurrency: 'USD' },
        { url: farm.url(SHOP, path) },
      );
    farm.page(SHOP, path, htmlPage({ head }));
    expect(await checker.check(farm.url(SHOP, path))).toMatchObject({ linkStatus: 'sold_out', price: 300 });
  });

  it('ignores products listed in an ItemList (recommendations)', async () => {
    const head =
      productJsonLd({ availability: 'OutOfStock', price: '60.00', priceCurrency: 'USD' }) +
      jsonLd({
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: [
          {
            '@type': 'ListItem',
            item: { '@type': 'Product', offers: { availability: 'InStock', price: '5.00' } },
          },
        ],
      });
    expect(await judge({ head })).toMatchObject({ linkStatus: 'sold_out', price: 60 });
  });

  it('survives malformed JSON-LD and falls back to the next source', async () => {
    const head =
      '<script type="application/ld+json">{"@type": "Product", oops}</script><meta property="og:type" content="product"><meta property="product:availability" content="in stock"><meta property="product:price:amount" content="42.00"><meta property="product:price:currency" content="USD">';
    expect(await judge({ head })).toMatchObject({ linkStatus: 'active', price: 42, confidence: 0.85 });
  });
});

describe('microdata', () => {
  it('reads the page product and its offer, not the products of a recommendation block', async () => {
    const body = `${siteHeader}<main><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Bag</h1>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
        <span itemprop="price" content="2450.00">$2,450</span><meta itemprop="priceCurrency" content="USD">
        <link itemprop="availability" href="https://schema.org/OutOfStock"></div></div>${inStockRecommendations}</main>`;
    expect(await judge({ body })).toMatchObject({
      linkStatus: 'sold_out',
      price: 2450,
      currency: 'USD',
      confidence: 0.9,
    });
  });

  it('reads availability written as text', async () => {
    const body = `<main><div itemscope itemtype="http://schema.org/Product"><span itemprop="offers" itemscope itemtype="http://schema.org/Offer">
      <span itemprop="availability">InStock</span><span itemprop="price">19.99</span><span itemprop="priceCurrency">CAD</span></span></div></main>`;
    expect(await judge({ body })).toMatchObject({ linkStatus: 'active', price: 19.99, currency: 'CAD' });
  });
});

describe('Open Graph and product: meta tags', () => {
  it('uses the sale price over the regular one', async () => {
    const head = `<meta property="og:type" content="product"><meta property="product:availability" content="instock">
      <meta property="product:price:amount" content="100.00"><meta property="product:sale_price:amount" content="65.00">
      <meta property="product:price:currency" content="USD">`;
    expect(await judge({ head })).toMatchObject({ linkStatus: 'active', price: 65, currency: 'USD' });
  });

  it('reads "out of stock"', async () => {
    const head =
      '<meta property="og:type" content="og:product"><meta property="product:availability" content="out of stock">';
    expect(await judge({ head })).toMatchObject({ linkStatus: 'sold_out', stockStatus: 'out_of_stock' });
  });
});

describe('platform JSON', () => {
  const shopify = (variants: unknown[]) =>
    `<script type="application/json" data-product-json>${JSON.stringify({ id: 1, title: 'Top', variants })}</script>`;

  it('reads Shopify-style variants: available when any is, cents as units, compare-at ignored', async () => {
    const body = shopify([
      { id: 1, available: false, price: 4900, compare_at_price: 9900 },
      { id: 2, available: true, price: 5900, compare_at_price: 9900 },
    ]);
    expect(await judge({ body })).toMatchObject({ linkStatus: 'active', price: 59, confidence: 0.8 });
  });

  it('is sold_out when no variant is available', async () => {
    const body = shopify([{ id: 1, available: false, price: 4900 }]);
    expect(await judge({ body })).toMatchObject({ linkStatus: 'sold_out', price: 49 });
  });

  it('reads the product in __NEXT_DATA__', async () => {
    const next = {
      props: {
        pageProps: {
          product: { name: 'Boots', price: { current: { value: 320 }, currency: 'USD' }, isInStock: true },
        },
      },
    };
    const body = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify(next)}</script>`;
    expect(await judge({ body })).toMatchObject({ linkStatus: 'active', price: 320, currency: 'USD' });
  });
});

describe('visible text and buttons', () => {
  it.each([
    ['Sold out', 'en'],
    ['Currently unavailable.', 'en'],
    ['Rupture de stock', 'fr'],
    ['Ausverkauft', 'de'],
    ['Agotado', 'es'],
  ])('reads "%s" (%s) as sold_out', async (words) => {
    const body = `${siteHeader}<main><h1>Dress</h1><span class="price">$80.00</span><button class="add" disabled>Add to bag</button><p>${words}</p></main>`;
    expect(await judge({ body, head: '<meta property="og:type" content="product">' })).toMatchObject({
      linkStatus: 'sold_out',
      price: 80,
      confidence: 0.6,
    });
  });

  it('reads an enabled add-to-cart button as active', async () => {
    const body = `<main><h1>Dress</h1><div class="product-price"><span class="price">£1.299,00</span></div><button>In den Warenkorb</button></main>`;
    expect(await judge({ body })).toMatchObject({ linkStatus: 'active', price: 1299, currency: 'GBP' });
  });
});

describe('price decoys', () => {
  it('never takes a shipping banner, an instalment offer, a strikethrough or a recommendation price', async () => {
    const body = `${siteHeader}<div class="shipping-banner price-threshold">Free shipping over $50</div><main><h1>Blazer</h1>
      <div class="price-box"><del class="price">$400.00</del><span class="price was-price">$400.00</span><span class="price sale-price">$280.00</span>
      <span class="price afterpay-price">or 4 interest-free payments of $70.00</span></div>
      <button>Add to cart</button>${inStockRecommendations}</main>`;
    expect(await judge({ body })).toMatchObject({ linkStatus: 'active', price: 280, currency: 'USD' });
  });

  it('takes the price of structured data over any text', async () => {
    const head = productJsonLd({ price: '280.00', priceCurrency: 'USD', availability: 'InStock' });
    const body = '<main><span class="price">$9,999.00</span></main>';
    expect(await judge({ head, body })).toMatchObject({ price: 280 });
  });
});

describe('disagreeing signals', () => {
  it('keeps the most trusted source and lowers the confidence when the page is not clear', async () => {
    const head = productJsonLd({ price: '90.00', priceCurrency: 'USD', availability: 'InStock' });
    // "Sold out" of one size in the text, yet no control says so and none can be used either.
    const body = `<main><h1>Dress</h1><p>Size XS: sold out</p></main>`;
    const result = await judge({ head, body });
    expect(result.linkStatus).toBe('active');
    expect(result.confidence).toBeCloseTo(0.7);
  });
});
