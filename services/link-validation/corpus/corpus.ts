import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { HostNotFoundError } from '../src/modules/link-check-engine/address-policy.ts';
import { pinKey } from '../src/modules/link-check-engine/host-pins.ts';
import type { LinkCheckResult } from '../src/modules/link-check-engine/link-check-result.ts';
import { createLinkChecker } from '../src/modules/link-check-engine/link-checker.ts';
import { productPage, type MarkupFamily } from '../src/demo-shops/demo-shop-pages.ts';

/** What the page's own source (another project's test, or our reading) says is true of it. */
export interface Expected {
  stock?: 'in' | 'out';
  /** What a shopper pays now, major units. */
  price?: number;
  /** Other prices a test accepts (a range of variants), besides `price`. */
  priceAny?: number[];
  /** The page states no price a shopper could pay: none must be reported. */
  priceNull?: boolean;
  currency?: string;
  /** For an `out` page: product_removed is right too (the item is gone, not merely sold out). */
  removedOk?: boolean;
}

export interface CorpusCase {
  id: string;
  group: string;
  /** real: saved from a real shop; excerpt: a cut-down real page; synthetic: written by hand. */
  tier: 'real' | 'excerpt' | 'synthetic';
  source: { repo: string; commit?: string; path?: string };
  /** The address the page is served at (a made-up host, pinned to 127.0.0.1). */
  url: string;
  expected: Expected;
  /** Page file, relative to the corpus folder (gzipped when it ends in .gz), or the page itself. */
  file?: string;
  html?: string;
  labelSource?: unknown[];
  note?: string;
}

export interface Corpus {
  dir: string;
  cases: CorpusCase[];
}

export type StockOutcome = 'right' | 'opposite' | 'none' | 'wrong';

export interface CaseResult {
  case: CorpusCase;
  result: LinkCheckResult;
  /** Null when the case states no stock. */
  stock: StockOutcome | null;
  /** Null when the case states no price. */
  priceRight: boolean | null;
}

/** The corpus folder of this repository (labels.json and pages/). */
export const OWN_CORPUS_DIR = path.dirname(new URL(import.meta.url).pathname);

export async function loadCorpus(dir: string): Promise<Corpus> {
  const labels = JSON.parse(await readFile(path.join(dir, 'labels.json'), 'utf8')) as { cases: CorpusCase[] };
  return { dir, cases: labels.cases };
}

async function pageBytes(dir: string, corpusCase: CorpusCase): Promise<Buffer> {
  if (corpusCase.html !== undefined) return Buffer.from(corpusCase.html);
  const file = corpusCase.file ?? '';
  const bytes = await readFile(path.join(dir, file));
  return file.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

const DEMO_FAMILIES: MarkupFamily[] = [
  'json-ld',
  'json-ld-graph',
  'microdata',
  'open-graph',
  'shopify',
  'next-data',
  'text',
];

/**
 * The demo shops' product pages (src/demo-shops/demo-shop-pages.ts), one per markup family in stock
 * and one sold out: the project's own labelled pages, labelled by how they are made.
 */
export function demoShopCorpus(): Corpus {
  const cases = DEMO_FAMILIES.flatMap((family, index) =>
    [true, false].map((inStock): CorpusCase => {
      const price = 95 + index * 10;
      return {
        id: `demo-${family}-${inStock ? 'in' : 'out'}`,
        group: 'demo-shops',
        tier: 'synthetic',
        source: {
          repo: 'this repository',
          path: 'services/link-validation/src/demo-shops/demo-shop-pages.ts',
        },
        url: `http://demo-${family}.corpus.example/products/silk-dress-${inStock ? 'in' : 'out'}`,
        expected: { stock: inStock ? 'in' : 'out', price, currency: 'USD' },
        html: productPage(family, { shop: `Demo ${family}`, name: 'Silk Dress', price, inStock }),
      };
    }),
  );
  return { dir: '', cases };
}

/**
 * Serves every page of the corpora at its own address on one loopback server (host names told
 * apart by the Host header, every host pinned to 127.0.0.1, nothing else resolvable) and checks
 * each with the real link checker, as the worker would.
 */
export async function judgeCorpora(corpora: readonly Corpus[]): Promise<CaseResult[]> {
  const pages = new Map<string, Buffer>();
  const entries: { corpusCase: CorpusCase; key: string }[] = [];
  for (const corpus of corpora) {
    for (const corpusCase of corpus.cases) {
      const url = new URL(corpusCase.url);
      const key = `${url.hostname}${url.pathname}${url.search}`;
      pages.set(key, await pageBytes(corpus.dir, corpusCase));
      entries.push({ corpusCase, key });
    }
  }
  const server = http.createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const page = pages.get(`${host}${request.url ?? '/'}`);
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const hosts = new Set(entries.map(({ corpusCase }) => new URL(corpusCase.url).hostname));
  const checker = createLinkChecker({
    pins: new Map([...hosts].map((host) => [pinKey(host, port), '127.0.0.1'])),
    resolve: async (hostname) => {
      throw new HostNotFoundError(hostname, 'ENOTFOUND');
    },
  });
  try {
    const results: CaseResult[] = [];
    for (const { corpusCase } of entries) {
      const url = new URL(corpusCase.url);
      url.port = String(port);
      const result = await checker.check(url.href);
      results.push({
        case: corpusCase,
        result,
        stock: stockOutcome(corpusCase.expected, result),
        priceRight: priceRight(corpusCase.expected, result),
      });
    }
    return results;
  } finally {
    await checker.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const SAYS_IN = new Set(['active']);
const SAYS_OUT = new Set(['sold_out', 'product_removed']);

export function stockOutcome(expected: Expected, result: LinkCheckResult): StockOutcome | null {
  if (expected.stock === undefined) return null;
  const status = result.linkStatus;
  if (SAYS_IN.has(status)) return expected.stock === 'in' ? 'right' : 'opposite';
  if (!SAYS_OUT.has(status)) return 'none';
  if (expected.stock === 'in') return 'opposite';
  // A page that is sold out is not a removed product, unless its labels allow it.
  return status === 'sold_out' || expected.removedOk ? 'right' : 'wrong';
}

export function priceRight(expected: Expected, result: LinkCheckResult): boolean | null {
  if (expected.priceNull) return result.price === null;
  if (expected.price === undefined) return null;
  const accepted = [expected.price, ...(expected.priceAny ?? [])];
  const amountRight =
    result.price !== null && accepted.some((price) => Math.abs(price - result.price!) < 0.005);
  const currencyRight = expected.currency === undefined || result.currency === expected.currency;
  return amountRight && currencyRight;
}

export interface Score {
  stockCases: number;
  stockRight: number;
  opposite: number;
  none: number;
  wrong: number;
  priceCases: number;
  priceRight: number;
}

export function score(results: readonly CaseResult[]): Score {
  const count = (test: (result: CaseResult) => boolean) => results.filter(test).length;
  return {
    stockCases: count((r) => r.stock !== null),
    stockRight: count((r) => r.stock === 'right'),
    opposite: count((r) => r.stock === 'opposite'),
    none: count((r) => r.stock === 'none'),
    wrong: count((r) => r.stock === 'wrong'),
    priceCases: count((r) => r.priceRight !== null),
    priceRight: count((r) => r.priceRight === true),
  };
}

export interface CalibrationBand {
  band: string;
  low: number;
  answers: number;
  right: number;
}

const BANDS: [string, number, number][] = [
  ['0.9 to 1', 0.9, 1.01],
  ['0.8 to 0.9', 0.8, 0.9],
  ['0.6 to 0.8', 0.6, 0.8],
  ['0.4 to 0.6', 0.4, 0.6],
  ['below 0.4', 0, 0.4],
];

/** Stock answers (cases that state stock) by the checker's confidence: how many, how many right. */
export function calibration(results: readonly CaseResult[]): CalibrationBand[] {
  return BANDS.map(([band, low, high]) => {
    const inBand = results.filter(
      (r) => r.stock !== null && r.result.confidence >= low && r.result.confidence < high,
    );
    return { band, low, answers: inBand.length, right: inBand.filter((r) => r.stock === 'right').length };
  });
}
