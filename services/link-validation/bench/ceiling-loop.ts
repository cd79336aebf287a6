/**
 * One loop process of the check ceiling (ceiling.ts): GETs the fake shop's page with undici and
 * reads it with the checker's page reader (decode, parse, walk, judge), IN_FLIGHT at once, until
 * told to stop; answers 'count' with the checks done so far. Argument: the shop's port.
 */
import { Agent, request } from 'undici';
import { decodeHtml } from '../src/modules/checker/decode-html.ts';
import { judgePage } from '../src/modules/checker/judge-page.ts';
import { readPage } from '../src/modules/checker/page/read-page.ts';

const IN_FLIGHT = 8;
const port = Number(process.argv[2]);
const agent = new Agent({ connections: IN_FLIGHT, keepAliveTimeout: 10_000 });
let checks = 0;
let running = true;
process.on('message', (message) => {
  if (message === 'stop') running = false;
  else process.send!({ checks });
});
const finalUrl = new URL(`http://shop.test:${port}/p/1`);
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async (_, lane) => {
    while (running) {
      const answer = await request(`http://127.0.0.1:${port}/now/p/${lane}`, { dispatcher: agent });
      const html = decodeHtml(Buffer.from(await answer.body.arrayBuffer()), 'text/html; charset=utf-8');
      const verdict = judgePage(readPage(html, { finalUrl, originalUrl: finalUrl, headers: answer.headers }));
      if (verdict.linkStatus !== 'active') throw new Error(`the bench page reads as ${verdict.linkStatus}`);
      checks += 1;
    }
  }),
);
await agent.close();
process.exit(0);
