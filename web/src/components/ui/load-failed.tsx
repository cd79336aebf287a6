/**
 * storefront.md §4 / §9: a grid that failed to load says so and offers Try Again, which reloads the
 * page (the same box on Fashion and Trending).
 */
export function LoadFailed({
  message,
  className,
  onRetry = () => window.location.reload(),
}: {
  message: string;
  /** Spacing around the box, which differs by page. */
  className?: string;
  onRetry?: () => void;
}) {
  const base = 'rounded-xl bg-neutral-50 p-10 text-center';
  return (
    <div className={className ? `${className} ${base}` : base}>
      <p className="text-neutral-700">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white"
      >
        Try Again
      </button>
    </div>
  );
}
