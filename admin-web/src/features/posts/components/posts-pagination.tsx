/** admin.md §2: 'Showing X to Y of N posts', Previous, 'Page X of Y', Next; only with several pages. */
export function PostsPagination({
  page,
  limit,
  total,
  totalPages,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  onPage(page: number): void;
}) {
  if (totalPages <= 1) return null;
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return (
    <nav className="posts-pagination" aria-label="Pagination">
      <span>
        Showing {from} to {to} of {total} posts
      </span>
      <span className="posts-pagination-buttons">
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {totalPages}
        </span>
        <button
          type="button"
          className="secondary"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </span>
    </nav>
  );
}
