/**
 * Page reader benchmark (README "Benchmarks of the checker and the worker"): CPU per page of the
 * checker's page reading (decode, read, judge) against a bare pass over the same bytes (decode,
 * htmlparser2 streaming with no work per tag, JSON.parse of the JSON-LD blocks), measured side by
 * side in one run, in interleaved rounds (21 of about 150 ms each; the ratio is the median of the
 * rounds' ratios), on generated product pages of about 30 KB, 300 KB and 2.5 MB and on
 * the corpus's real pages near those sizes; then the memory a page in flight holds. No network.
 * With BENCH_APART=1 each reader runs in a thread of its own (page-read-thread.ts): in one engine,
 * how one reader uses htmlparser2's tokenizer changes how fast the other's runs. The threads come in
 * three pairs, one after the other, 15 rounds each, the rounds pooled (BENCH_THREAD_PAIRS).
 * Run: npm run bench:read -w @celebstyle/link-validation (BENCH_SIZES=30,300 for some sizes only)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { OWN_CORPUS_DIR } from '../corpus/corpus.ts';
import { median } from './median.ts';
import { decodeHtml } from '../src/modules/link-check-engine/decode-html.ts';
import { readPage } from '../src/modules/link-check-engine/page/read-page.ts';
import {
  barePass,
  checkerRead,
  CONTENT_TYPE,
  context,
  cpuMsPerPage,
  type ReaderName,
} from './page-readers.ts';

/** Each reader in a thread of its own (page-read-thread.ts) instead of both in this one. */
const APART = process.env.BENCH_APART === '1';
/** Rounds per reader and set of pages (with BENCH_APART=1, shared among the pairs of threads). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (APART ? '45' : '21'));
/** With BENCH_APART=1: pairs of fresh threads, one after the other, whose rounds are pooled. */
const THREAD_PAIRS = Number(process.env.BENCH_THREAD_PAIRS ?? '3');
const TARGET_MS_PER_ROUND = Number(process.env.BENCH_ROUND_MS ?? '150');
/** Page sizes in KB (BENCH_SIZES=30 for the small pages alone). */
const SIZES = (process.env.BENCH_SIZES ?? '30,300,2560').split(',').map((kb) => Number(kb) * 1024);

/** A product page as shops write them: chrome, JSON-LD, a product block, copy, scripts, others. */
function generatedPage(bytes: number): Buffer {
  const jsonLd = JSON.stringify({
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', name: 'Bench Shop' },
      {
        '@type': 'Product',
        name: 'Silk Midi Dress',
        offers: [
          {
            '@type': 'Offer',
            price: '129.00',
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
          },
          {
            '@type': 'Offer',
            price: '129.00',
            priceCurrency: 'USD',
            availability: 'https://schema.org/OutOfStock',
          },
        ],
      },
    ],
  });
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Silk Midi Dress | Bench Shop</title>
<meta property="og:type" content="product"><meta property="og:site_name" content="Bench Shop"><meta property="product:price:amount" content="129.00">
<script type="application/ld+json">${jsonLd}</script><script>window.dataLayer=[];function gtag(){dataLayer.push(arguments)}</script></head>`;
  const top = `<body><header class="site-header"><nav><a href="/">Home</a><a href="/new">New in</a><a href="/bag" class="btn">Bag (0)</a></nav></header>
<main id="main"><div class="product"><h1 class="product-title">Silk Midi Dress</h1><div class="price-box"><span class="price price--sale">$129.00</span><s class="price was">$180.00</s></div>
<p class="product-availability">In stock</p><button class="add-to-cart" data-product-id="1">Add to bag</button></div>`;
  const block = `<section class="details"><h2>Details &amp; care</h2><ul><li>Crafted from mulberry silk with a relaxed fit.</li><li>Dry clean only.</li></ul>
<div class="grid"><div class="cell" data-size="s"><span class="label">S</span></div><div class="cell" data-size="m"><span class="label">M</span></div><img src="/i.jpg" alt="" loading="lazy"></div></section>
<section class="recommendations" aria-label="You may also like"><div class="product-card"><a href="/p/2">Linen Shirt</a><span class="price">$89.00</span><button>Add to bag</button></div></section>
<script>(function(){var d=document;var s=d.createElement('script');s.src='/a.js';d.head.appendChild(s);})();</script>\n`;
  const bottom = `</main><footer class="site-footer"><p>© Bench Shop</p></footer></body></html>`;
  const room = Math.max(0, bytes - head.length - top.length - bottom.length);
  return Buffer.from(head + top + block.repeat(Math.max(1, Math.round(room / block.length))) + bottom);
}

/** Corpus pages within a factor of two of a size (at most five, the nearest first). */
function corpusPages(size: number): { id: string; bytes: Buffer }[] {
  const dir = path.join(OWN_CORPUS_DIR, 'pages');
  return readdirSync(dir)
    .map((file) => ({
      id: file.replace(/\.html\.gz$/, ''),
      bytes: gunzipSync(readFileSync(path.join(dir, file))),
    }))
    .filter(({ bytes }) => bytes.length >= size / 2 && bytes.length <= size * 2)
    .sort((a, b) => Math.abs(a.bytes.length - size) - Math.abs(b.bytes.length - size))
    .slice(0, 5);
}

interface ReadFigures {
  bare: number;
  checker: number;
  /** The median of each round's checker ÷ bare: the two reads of a round see the machine alike. */
  ratio: number;
}

/**
 * Medians of the rounds. The ratio is taken round by round: a shared machine's speed drifts over
 * seconds, and two medians of rounds spread over a run can come from different speeds.
 */
function figures(bare: number[], checker: number[]): ReadFigures {
  return {
    bare: median(bare),
    checker: median(checker),
    ratio: median(checker.map((ms, round) => ms / bare[round]!)),
  };
}

/** CPU ms per page of each reader, in interleaved rounds; the median round of each. */
function measure(pages: Buffer[]): ReadFigures {
  const cpuMs = (work: (bytes: Buffer) => unknown, times: number) =>
    cpuMsPerPage(work, pages, times, (previous) => process.cpuUsage(previous));
  cpuMs(barePass, 2);
  cpuMs(checkerRead, 2);
  const perRound = Math.max(1, Math.round(TARGET_MS_PER_ROUND / Math.max(0.05, cpuMs(checkerRead, 1))));
  const bare: number[] = [];
  const checker: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    bare.push(cpuMs(barePass, perRound));
    checker.push(cpuMs(checkerRead, perRound));
  }
  return figures(bare, checker);
}

/**
 * The same with each reader in a thread of its own, one at a time, the CPU time of its thread; in
 * THREAD_PAIRS pairs of fresh threads one after the other, their rounds pooled. Each thread's engine
 * compiles the readers its own way, and one pair alone can land a sixth off (BENCHMARKS.md, 28 Nov
 * 2026 02:40): a median over several pairs is not held by one.
 */
async function measureApart(pages: Buffer[]): Promise<ReadFigures> {
  const bare: number[] = [];
  const checker: number[] = [];
  for (let pair = 0; pair < THREAD_PAIRS; pair += 1) {
    const rounds = await roundsApart(pages, Math.ceil(ROUNDS / THREAD_PAIRS));
    bare.push(...rounds.bare);
    checker.push(...rounds.checker);
  }
  return figures(bare, checker);
}

async function roundsApart(pages: Buffer[], rounds: number): Promise<{ bare: number[]; checker: number[] }> {
  const start = (reader: ReaderName) =>
    new Worker(new URL('./page-read-thread.ts', import.meta.url), { workerData: { reader, pages } });
  const threads = { bare: start('bare'), checker: start('checker') };
  // events.once rejects on the thread's 'error' and removes both listeners, whichever comes
  const ask = async (reader: ReaderName, times: number) => {
    const answered = once(threads[reader], 'message') as Promise<[number]>;
    threads[reader].postMessage(times);
    return (await answered)[0];
  };
  try {
    await ask('bare', 2);
    await ask('checker', 2);
    const perRound = Math.max(1, Math.round(TARGET_MS_PER_ROUND / Math.max(0.05, await ask('checker', 1))));
    // A fresh engine in each thread: a round of each first, so that code compiled on the way is no page's.
    await ask('bare', perRound);
    await ask('checker', perRound);
    const bare: number[] = [];
    const checker: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      bare.push(await ask('bare', perRound));
      checker.push(await ask('checker', perRound));
    }
    return { bare, checker };
  } finally {
    await Promise.all([threads.bare.terminate(), threads.checker.terminate()]);
  }
}

/** Heap and buffers a page holds while its check is in flight: its text and its reading. */
function memoryPerPage(bytes: Buffer, inFlight: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const used = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const before = used();
  const held: unknown[] = [];
  let peak = before;
  for (let i = 0; i < inFlight; i += 1) {
    // What navigate keeps: the decoded text (the bytes are let go once decoded) and the reading.
    const html = decodeHtml(Buffer.from(bytes), CONTENT_TYPE);
    held.push(html, readPage(html, context));
    peak = Math.max(peak, used());
  }
  gc?.();
  const retained = used() - before;
  held.length = 0;
  return Math.max(retained, 0) / inFlight;
}

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}, ${ROUNDS} interleaved rounds${
    APART ? `, each reader in a thread of its own, in ${THREAD_PAIRS} pairs of threads` : ''
  }\n`,
);
console.log(
  '| pages | size | bare pass, CPU ms/page | checker read, CPU ms/page | ratio, median of the rounds |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const size of SIZES) {
  const generated = generatedPage(size);
  const sets: [string, Buffer[]][] = [[`generated`, [generated]]];
  const real = corpusPages(size);
  if (real.length > 0)
    sets.push([`real: ${real.map((page) => page.id).join(', ')}`, real.map((page) => page.bytes)]);
  for (const [label, pages] of sets) {
    const average = pages.reduce((sum, bytes) => sum + bytes.length, 0) / pages.length;
    const { bare, checker, ratio } = APART ? await measureApart(pages) : measure(pages);
    console.log(
      `| ${label} | ${kb(average)} | ${bare.toFixed(3)} | ${checker.toFixed(3)} | ${ratio.toFixed(2)} |`,
    );
  }
}

// A first, unreported measurement: the first one in a process also counts the code compiled on
// the way, which is no page's.
memoryPerPage(generatedPage(SIZES[0]!), 20);
console.log('\n| page | size | memory held per page in flight (20 in flight) | times the page |');
console.log('| --- | ---: | ---: | ---: |');
for (const size of SIZES) {
  const page = generatedPage(size);
  const held = memoryPerPage(page, 20);
  console.log(`| generated | ${kb(page.length)} | ${kb(held)} | ${(held / page.length).toFixed(2)} |`);
}
