/** 'A, B,, a ' → ['A', 'B']: trimmed, blanks dropped, the first spelling of a repeated name kept. */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      items.push(item);
    }
  }
  return items;
}

/** A typed field as the API takes it: trimmed, and null when blank. */
export const orNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());
