/**
 * One loop process of the check ceiling (ceiling.ts), IN_FLIGHT checks at once while told to run
 * ('run', 'pause'; paused at first); answers 'count' with the checks done so far. Arguments: the
 * shop's port, then the mode:
 * - `read`: an undici GET of the shop's page and one read by the checker's page reader (decode,
 *   parse, walk, judge): the least work a check must do;
 * - `engine`: the whole checker engine (createLinkChecker: safe connector, redirects, cookies,
 *   caps), as the worker calls it, on hosts pinned to the shop.
 */
import { Agent, request } from 'undici';
import { decodeHtml } from '../src/modules/link-check-engine/decode-html.ts';
import { parsePins } from '../src/modules/link-check-engine/host-pins.ts';
import { judgePage } from '../src/modules/link-check-engine/judge-page.ts';
import { createLinkChecker } from '../src/modules/link-check-engine/link-checker.ts';
import { readPage } from '../src/modules/link-check-engine/page/read-page.ts';

const IN_FLIGHT = 8;
const port = Number(process.argv[2]);
const engine = process.argv[3] === 'engine';
const agent = new Agent({ connections: IN_FLIGHT, keepAliveTimeout: 10_000 });
const checker = createLinkChecker({ pins: parsePins(`*.test:${port}:127.0.0.1`), pinnedOnly: true });
let checks = 0;
let resume: (() => void) | null = null;
let paused: Promise<void> | null = new Promise((resolve) => (resume = resolve));
process.on('message', (message) => {
  if (message === 'run') {
    resume?.();
    paused = null;
  } else if (message === 'pause') paused ??= new Promise((resolve) => (resume = resolve));
  else process.send!({ checks });
});
// Killed by its parent when done.
process.on('disconnect', () => process.exit(0));
const finalUrl = new URL(`http://shop.test:${port}/p/1`);
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async (_, lane) => {
    for (;;) {
      if (paused) await paused;
      if (engine) {
        const result = await checker.check(`http://www.shop-${lane}.test:${port}/now/p/${lane}`);
        if (result.linkStatus !== 'active') throw new Error(`the bench page reads as ${result.linkStatus}`);
        checks += 1;
        continue;
      }
      const answer = await request(`http://127.0.0.1:${port}/now/p/${lane}`, { dispatcher: agent });
      const html = decodeHtml(Buffer.from(await answer.body.arrayBuffer()), 'text/html; charset=utf-8');
      const verdict = judgePage(readPage(html, { finalUrl, originalUrl: finalUrl, headers: answer.headers }));
      if (verdict.linkStatus !== 'active') throw new Error(`the bench page reads as ${verdict.linkStatus}`);
      checks += 1;
    }
  }),
);
