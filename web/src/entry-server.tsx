/** The server bundle's entry (`vite build --ssr`): what the gateway loads to render pages. */
export { createPageRenderer } from './app/server/page-renderer.tsx';
export type { PageRendererOptions, RenderedPage } from './app/server/page-renderer.tsx';
