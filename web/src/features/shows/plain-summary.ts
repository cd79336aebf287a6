// Tags that end a block of text read as a space; inline tags (b, i, a, span) vanish without
// one, so '<b>Beverly Hills</b>: friendships' reads 'Beverly Hills: friendships'.
const BLOCK_TAG = /<\/?(?:p|br|div|li|ul|ol|h[1-6]|blockquote|section|tr|td)\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** storefront.md §2 Show page: the summary with markup stripped, or a default blurb. */
export function plainSummary(summary: string | null, name: string): string {
  const text = decodeEntities((summary ?? '').replace(BLOCK_TAG, ' ').replace(ANY_TAG, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return text || `Shop the outfits worn on ${name}: every look we have found, with links to buy them.`;
}
