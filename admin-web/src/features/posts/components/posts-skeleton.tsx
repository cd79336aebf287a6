/** admin.md §2: the loading skeleton shown while the list loads. */
export function PostsSkeleton() {
  return (
    <div className="panel posts-skeleton" aria-busy="true" aria-live="polite">
      <span className="sr-only">Loading posts...</span>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="skeleton-row" aria-hidden="true">
          <span className="skeleton-box skeleton-thumb" />
          <span className="skeleton-box skeleton-line" />
          <span className="skeleton-box skeleton-badge" />
        </div>
      ))}
    </div>
  );
}
