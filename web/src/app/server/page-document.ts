import { jsonScriptText } from '../../lib/json-script-text.ts';
import { pageHeadHtml } from '../../lib/ssr/page-head-html.ts';
import type { PageHead } from '../../lib/ssr/page-head.ts';
import { PAGE_STATE_ELEMENT_ID, type ServerPageState } from '../../lib/ssr/page-state.ts';

const TITLE = /<title>[\s\S]*?<\/title>/;
const ROOT = '<div id="root"></div>';

/**
 * The built shell with the page in it: its head tags in place of the shell's title, the rendered
 * markup in #root and the state for hydration after it. `data-ssr` on <html> tells
 * /route-preload.js that the page's answers are already here.
 */
export function pageDocument(
  template: string,
  page: { head: PageHead | null; body: string; state: ServerPageState },
): string {
  if (!template.includes(ROOT)) throw new Error(`the web shell has no ${ROOT}`);
  const state = `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${jsonScriptText(page.state)}</script>`;
  let html = template.replace('<html lang="en">', '<html lang="en" data-ssr>');
  if (page.head) html = html.replace(TITLE, () => pageHeadHtml(page.head!));
  return html.replace(ROOT, () => `<div id="root">${page.body}</div>${state}`);
}
