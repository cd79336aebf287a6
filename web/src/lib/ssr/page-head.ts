import { createContext, useContext } from 'react';

/** What a page says about itself in <head>: written by the server, kept in step by effects in the browser. */
export type PageHead = {
  title: string;
  description: string;
  canonical: string;
  /** `property` meta tags (og:*, product:*), in order. */
  properties: [string, string][];
  /** `name` meta tags besides the description (twitter:*). */
  names: [string, string][];
  /** The text of the page's application/ld+json block, already escaped for a script element. */
  jsonLd: string | null;
};

/**
 * Given only while the server renders a page: the site's public address (the browser uses its own
 * origin), where the last rendered <Seo> leaves the page's head, and where a component declares the
 * HTTP status (a not-found panel: 404).
 */
export type ServerPageContext = {
  siteUrl: string;
  setHead(head: PageHead): void;
  declareStatus(code: number): void;
};

export const ServerPageContext = createContext<ServerPageContext | null>(null);

export function useServerPage(): ServerPageContext | null {
  return useContext(ServerPageContext);
}

/** The site's public address: the configured one while the server renders, else the page's origin. */
export function useSiteUrl(): string {
  const server = useServerPage();
  return server ? server.siteUrl : window.location.origin;
}
