// Measures the storefront like a phone would see it:
//   node --import tsx e2e/support/measure-performance.ts            (starts a throw-away stack)
//   STACK_URL=http://127.0.0.1:3000 node --import tsx e2e/support/measure-performance.ts
// Prints initial JavaScript (gzipped, from web/dist) and LCP / CLS / TBT for / and /product/{id} at
// 375×812, unthrottled and with Lighthouse's mobile settings applied in Chromium (4× CPU slowdown,
// 150 ms RTT, 1.6 Mbit/s down).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, launchBrowser } from '@celebstyle/deploy/e2e';
import { startE2eStack } from './stack.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

type Metrics = { lcp: number; cls: number; tbt: number; fcp: number; jsGzipKb: number; scripts: string[] };

async function measure(url: string, throttled: boolean): Promise<Metrics> {
  const browser = await launchBrowser({ width: 375, height: 812 });
  try {
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    if (throttled) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    await page.addInitScript(() => {
      const w = window as unknown as { __perf: { lcp: number; cls: number; longTasks: [number, number][] } };
      w.__perf = { lcp: 0, cls: 0, longTasks: [] };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__perf.lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!e.hadRecentInput) w.__perf.cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__perf.longTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'load' });
    // on purpose: the measurement window (late long tasks and layout shifts count), as Lighthouse has one
    await page.waitForTimeout(throttled ? 6000 : 3000);
    const perf = await page.evaluate(() => {
      const w = window as unknown as { __perf: { lcp: number; cls: number; longTasks: [number, number][] } };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      // TBT as Lighthouse defines it: blocking time (over 50 ms) of long tasks after FCP
      const tbt = w.__perf.longTasks
        .filter(([start]) => start >= fcp)
        .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      return { lcp: w.__perf.lcp, cls: w.__perf.cls, tbt, fcp };
    });
    const unique = [...new Set(scripts)];
    const gz = unique.reduce((sum, p) => sum + gzipSync(readFileSync(path.join(dist, p))).length, 0);
    return { ...perf, jsGzipKb: gz / 1024, scripts: unique };
  } finally {
    await browser.close();
  }
}

type LighthouseReport = {
  categories: { performance: { score: number } };
  audits: Record<string, { displayValue?: string }>;
};

/** Lighthouse 13 (mobile form factor, simulated throttling) on Debian's Chromium. */
function lighthouse(url: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-lighthouse-'));
  try {
    const out = path.join(dir, 'report.json');
    const bin = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../node_modules/.bin/lighthouse',
    );
    execFileSync(
      process.execPath,
      [
        bin,
        url,
        '--quiet',
        '--only-categories=performance',
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${out}`,
        `--chrome-flags=${[...CHROMIUM_ARGS, `--user-data-dir=${path.join(dir, 'profile')}`].join(' ')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        stdio: 'ignore',
        timeout: 120_000,
      },
    );
    const report = JSON.parse(readFileSync(out, 'utf8')) as LighthouseReport;
    const a = (id: string) => report.audits[id]?.displayValue ?? '?';
    return `score ${Math.round(report.categories.performance.score * 100)}, FCP ${a('first-contentful-paint')}, LCP ${a('largest-contentful-paint')}, CLS ${a('cumulative-layout-shift')}, TBT ${a('total-blocking-time')}; text compression would save ${a('uses-text-compression')}`;
  } catch (error) {
    return `lighthouse failed: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const external = process.env.STACK_URL;
const stack = external ? null : await startE2eStack('perf', 240);
const base = external ?? stack!.url;
try {
  const list = (await (await fetch(`${base}/api/posts?limit=1`)).json()) as { posts: { _id: string }[] };
  const pages = { home: '/', product: `/product/${list.posts[0]!._id}` };
  const rows: string[] = [
    '| page | throttling | initial JS (gzip KB) | FCP ms | LCP ms | CLS | TBT ms |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [name, p] of Object.entries(pages))
    for (const throttled of [false, true]) {
      // one warm-up load so the gateway and catalog caches are not what is measured
      if (!throttled) await measure(base + p, false);
      const m = await measure(base + p, throttled);
      rows.push(
        `| ${name} | ${throttled ? '4× CPU, 150 ms RTT, 1.6 Mbit/s' : 'none'} | ${m.jsGzipKb.toFixed(1)} | ${m.fcp.toFixed(0)} | ${m.lcp.toFixed(0)} | ${m.cls.toFixed(3)} | ${m.tbt.toFixed(0)} |`,
      );
      if (!throttled) console.log(`${name} scripts: ${m.scripts.join(' ')}`);
    }
  console.log(rows.join('\n'));
  for (const [name, p] of Object.entries(pages)) console.log(`lighthouse ${name}: ${lighthouse(base + p)}`);
} finally {
  await stack?.stop();
}
