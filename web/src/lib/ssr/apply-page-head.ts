import type { PageHead } from './page-head.ts';

/** Marks the <head> elements a page owns (the server writes them with it too), so the next page replaces them. */
export const PAGE_HEAD_ATTRIBUTE = 'data-seo';

function element(tag: string, attributes: Record<string, string>): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.setAttribute(PAGE_HEAD_ATTRIBUTE, '');
  return el;
}

/** Puts a page's head into the document in place of the previous page's (a server-rendered one included). */
export function applyPageHead(head: PageHead): void {
  document.title = head.title;
  for (const old of document.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}]`)) old.remove();
  const added: HTMLElement[] = [
    element('meta', { name: 'description', content: head.description }),
    element('link', { rel: 'canonical', href: head.canonical }),
    ...head.properties.map(([property, content]) => element('meta', { property, content })),
    ...head.names.map(([name, content]) => element('meta', { name, content })),
  ];
  if (head.jsonLd) {
    const script = element('script', { type: 'application/ld+json' });
    script.textContent = head.jsonLd;
    added.push(script);
  }
  document.head.append(...added);
}
