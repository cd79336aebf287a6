import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What web's server bundle (web/dist-server/entry-server.js, `vite build --ssr`) exports. */
export type RenderedPage =
  | { kind: 'page'; status: number; html: string; complete: boolean }
  | { kind: 'redirect'; status: number; location: string };

export type RenderPage = (url: string) => Promise<RenderedPage>;

type WebServerBundle = {
  createPageRenderer(options: {
    template: string;
    siteUrl: string;
    fetchApi: (url: string) => Promise<Response>;
  }): RenderPage;
};

/**
 * Loads the storefront's server renderer, or answers why not (then pages are the static shell).
 * The shell it fills is the client build's index.html, so the page loads the same scripts.
 */
export async function loadPageRenderer(options: {
  serverEntry: string;
  webDistDir: string;
  siteUrl: string;
  fetchApi: (url: string) => Promise<Response>;
}): Promise<RenderPage | string> {
  const template = path.join(options.webDistDir, 'index.html');
  if (!existsSync(options.serverEntry)) return `${options.serverEntry} is missing (npm run build -w web)`;
  if (!existsSync(template)) return `${template} is missing (npm run build -w web)`;
  try {
    const bundle = (await import(pathToFileURL(options.serverEntry).href)) as WebServerBundle;
    return bundle.createPageRenderer({
      template: readFileSync(template, 'utf8'),
      siteUrl: options.siteUrl,
      fetchApi: options.fetchApi,
    });
  } catch (error) {
    return `${options.serverEntry} failed to load: ${(error as Error).message}`;
  }
}
