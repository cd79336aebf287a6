import type { PageHead } from './page-head.ts';
import { PAGE_HEAD_ATTRIBUTE } from './apply-page-head.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** The server's <head> markup for a page: the same elements applyPageHead makes in the browser. */
export function pageHeadHtml(head: PageHead): string {
  const a = PAGE_HEAD_ATTRIBUTE;
  const meta = (key: 'name' | 'property', [k, v]: [string, string]) =>
    `<meta ${key}="${escapeHtml(k)}" content="${escapeHtml(v)}" ${a}>`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', ['description', head.description]),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" ${a}>`,
    ...head.properties.map((p) => meta('property', p)),
    ...head.names.map((n) => meta('name', n)),
    // jsonLd is already escaped for a script element (jsonScriptText)
    ...(head.jsonLd ? [`<script type="application/ld+json" ${a}>${head.jsonLd}</script>`] : []),
  ].join('\n    ');
}
