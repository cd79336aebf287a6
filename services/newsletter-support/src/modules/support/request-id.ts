import { randomInt } from 'node:crypto';

// Crockford base32 without I, L, O, U: nothing a visitor can misread when quoting it.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Human-readable reference id shown to the visitor: SR-YYYYMMDD-XXXXXX (date of submission, UTC,
 * then 6 random characters: 32^6 ≈ 1e9 per day; a collision is retried by the caller).
 */
export function newRequestId(now: Date): string {
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `SR-${date}-${suffix}`;
}
