/**
 * The two readers the page read bench (page-read-bench.ts) compares: the checker's read of a page and
 * the least a reader must do with it.
 */
import { Parser } from 'htmlparser2';
import { decodeHtml } from '../src/modules/link-check-engine/decode-html.ts';
import { judgePage } from '../src/modules/link-check-engine/judge-page.ts';
import { readPage } from '../src/modules/link-check-engine/page/read-page.ts';

export const CONTENT_TYPE = 'text/html; charset=utf-8';
const url = new URL('https://shop.example/products/silk-dress');
export const context = { finalUrl: url, originalUrl: url, headers: {} };

/** The least a reader must do: decode, tokenize the whole page, parse its JSON-LD. */
export function barePass(bytes: Buffer): number {
  const html = decodeHtml(bytes, CONTENT_TYPE);
  let inJsonLd = false;
  let text = '';
  let found = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        inJsonLd = name === 'script' && attributes.type === 'application/ld+json';
      },
      ontext(data) {
        if (inJsonLd) text += data;
      },
      onclosetag() {
        if (inJsonLd) {
          try {
            JSON.parse(text);
            found += 1;
          } catch {
            // not JSON: nothing to read
          }
        }
        inJsonLd = false;
        text = '';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

export function checkerRead(bytes: Buffer): number {
  const page = readPage(decodeHtml(bytes, CONTENT_TYPE), context);
  return judgePage(page).confidence;
}

export const READERS = { bare: barePass, checker: checkerRead };
export type ReaderName = keyof typeof READERS;

/** CPU ms per page of `times` reads of every page, by `cpu` (the process's or the thread's). */
export function cpuMsPerPage(
  read: (bytes: Buffer) => unknown,
  pages: readonly Buffer[],
  times: number,
  cpu: (previous?: NodeJS.CpuUsage) => NodeJS.CpuUsage,
): number {
  const before = cpu();
  for (let i = 0; i < times; i += 1) for (const bytes of pages) read(bytes);
  const used = cpu(before);
  return (used.user + used.system) / 1000 / (times * pages.length);
}
