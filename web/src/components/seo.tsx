import { useEffect } from 'react';
import { SITE_NAME } from '../config/constants.ts';
import { jsonScriptText } from '../lib/json-script-text.ts';

type SeoProps = {
  title: string;
  description: string;
  /** Open Graph tags (product pages): og:type, og:image, og:url ... */
  openGraph?: Record<string, string | undefined>;
  jsonLd?: object;
};

function upsertMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    el.dataset.seo = '';
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Every page sets its title and meta description; product pages add OG and JSON-LD. */
export function Seo({ title, description, openGraph, jsonLd }: SeoProps) {
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const og = JSON.stringify(openGraph ?? {});
  const ld = jsonLd ? jsonScriptText(jsonLd) : '';
  useEffect(() => {
    document.title = fullTitle;
    upsertMeta('name', 'description', description);
    upsertMeta('property', 'og:title', fullTitle);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:site_name', SITE_NAME);
    const extra = JSON.parse(og) as Record<string, string | undefined>;
    for (const [key, value] of Object.entries(extra)) if (value) upsertMeta('property', key, value);
    let script: HTMLScriptElement | null = null;
    if (ld) {
      script = document.createElement('script');
      script.type = 'application/ld+json';
      script.textContent = ld;
      document.head.appendChild(script);
    }
    return () => {
      for (const key of Object.keys(extra))
        document.head.querySelector(`meta[property="${key}"][data-seo]`)?.remove();
      script?.remove();
    };
  }, [fullTitle, description, og, ld]);
  return null;
}
