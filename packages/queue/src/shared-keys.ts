/**
 * Redis keys one service writes and another reads. The catalog bumps its data version on every
 * catalog write; the gateway keeps its rendered pages by it, so a change retires them.
 */
export function catalogDataVersionKey(prefix: string): string {
  return `${prefix}:catalog:data-version`;
}

/**
 * Views of posts not yet written to PostgreSQL (a hash postId → count; the catalog worker flushes
 * it). The gateway adds the views of product pages it answers from its render cache, which the
 * catalog's GET /api/posts/{id} does not see.
 */
export function catalogPendingViewsKey(prefix: string): string {
  return `${prefix}:catalog:views:pending`;
}
