import { containsPattern } from '@celebstyle/db';
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * storefront.md §5: a listing's search finds a lowercase substring of a post's title, celebrity, show
 * or brand. The expression is the one the trigram indexes posts_listing_text_trgm_idx (approved
 * posts) and posts_listing_text_all_trgm_idx (every status) are built on, so they serve the LIKE.
 */
export function listingTextContains(lowercaseTerm: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(title || ' ' || celebrity || ' ' || show || ' ' || brand) like ${containsPattern(lowercaseTerm)}`;
}
