/**
 * JSON for the text of a <script> element (JSON-LD). JSON.stringify leaves `<`, `>` and `&` as they
 * are, so a value holding `</script>` or `<!--` would end or bend the element once the page's markup
 * is saved and parsed again (a prerenderer, a crawler's cache). Written as \u003c, \u003e and \u0026
 * they stay the same characters to any JSON reader. U+2028 and U+2029 are escaped too, for readers
 * that treat the block as JavaScript.
 */
export function jsonScriptText(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => ESCAPES[char]!);
}

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
