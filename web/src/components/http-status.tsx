import { useServerPage } from '../lib/ssr/page-head.ts';

/**
 * Declares the HTTP status a server render of this page answers with (a not-found panel: 404).
 * Renders nothing; in the browser it does nothing.
 */
export function HttpStatus({ code }: { code: number }) {
  useServerPage()?.declareStatus(code);
  return null;
}
