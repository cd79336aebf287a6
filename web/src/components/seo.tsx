import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SITE_NAME } from '../config/constants.ts';
import { jsonScriptText } from '../lib/json-script-text.ts';
import { canonicalUrl } from '../lib/ssr/canonical-url.ts';
import { useServerPage, useSiteUrl, type PageHead } from '../lib/ssr/page-head.ts';
import { applyPageHead } from '../lib/ssr/apply-page-head.ts';

type SeoProps = {
  title: string;
  description: string;
  /** Absolute address of the page's picture (Open Graph and Twitter card image). */
  image?: string | null;
  /** Extra Open Graph tags (product pages: og:type, product:price:amount ...). */
  openGraph?: Record<string, string | undefined>;
  /** Extra Twitter card tags (product pages: the price as label and data). */
  twitter?: Record<string, string | undefined>;
  jsonLd?: object;
};

const present = (record: Record<string, string | undefined> = {}) =>
  Object.entries(record).filter((entry): entry is [string, string] => Boolean(entry[1]));

/**
 * Every page's title, meta description, canonical URL, Open Graph and Twitter card tags and, for a
 * product, its JSON-LD. On the server the tags go into the page's HTML; in the browser an effect
 * keeps <head> in step as the visitor moves between pages.
 */
export function Seo({ title, description, image, openGraph, twitter, jsonLd }: SeoProps) {
  const server = useServerPage();
  const siteUrl = useSiteUrl();
  const { pathname, search } = useLocation();
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const canonical = canonicalUrl(siteUrl, pathname, search);
  const head: PageHead = {
    title: fullTitle,
    description,
    canonical,
    properties: [
      ['og:title', fullTitle],
      ['og:description', description],
      ['og:site_name', SITE_NAME],
      ['og:url', canonical],
      ...present({ 'og:type': 'website', ...openGraph }),
      ...present({ 'og:image': image ?? undefined }),
    ],
    names: [
      ['twitter:card', image ? 'summary_large_image' : 'summary'],
      ['twitter:title', fullTitle],
      ['twitter:description', description],
      ...present({ 'twitter:image': image ?? undefined, ...twitter }),
    ],
    jsonLd: jsonLd ? jsonScriptText(jsonLd) : null,
  };
  if (server) server.setHead(head);
  const serialized = JSON.stringify(head);
  useEffect(() => applyPageHead(JSON.parse(serialized) as PageHead), [serialized]);
  return null;
}

/**
 * Declares the HTTP status a server render of this page answers with (a not-found panel: 404).
 * Renders nothing; in the browser it does nothing.
 */
export function HttpStatus({ code }: { code: number }) {
  useServerPage()?.declareStatus(code);
  return null;
}
