/**
 * storefront.md §5: slug creation — lowercase, trim, remove non-word characters, collapse
 * whitespace and repeated hyphens into one hyphen, trim edge hyphens. Accents are folded first
 * ("Beyoncé" → "beyonce") so a name never loses a letter.
 */
export function toSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const LEADING_TITLES = new Set(['dr', 'mr', 'mrs', 'ms', 'prof']);

/**
 * storefront.md §5: slug to display name — capitalise each hyphen-separated word and drop a
 * leading title such as Dr, Mr, Mrs, Ms or Prof.
 */
export function slugToDisplayName(slug: string): string {
  const words = slug
    .split('-')
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length > 1 && LEADING_TITLES.has(words[0]!.toLowerCase())) words.shift();
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

/** Show names compare without a leading 'The' (storefront.md §4). */
export function withoutLeadingThe(name: string): string {
  return name.replace(/^\s*the\s+/i, '').trim();
}
