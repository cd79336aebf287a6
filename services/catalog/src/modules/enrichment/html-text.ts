import { Parser } from 'htmlparser2';

const BLOCKS = new Set(['p', 'br', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * The text of an HTML fragment (TVmaze summaries are HTML): tags dropped, entities decoded, the
 * content of script and style elements dropped, block boundaries kept as one space. The result is
 * plain text, safe wherever the storefront renders it as text.
 */
export function htmlToText(html: string): string {
  let text = '';
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'script' || name === 'style') skipping += 1;
        if (BLOCKS.has(name)) text += ' ';
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style') skipping = Math.max(0, skipping - 1);
        if (BLOCKS.has(name)) text += ' ';
      },
      ontext(data) {
        if (skipping === 0) text += data;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, ' ').trim();
}
