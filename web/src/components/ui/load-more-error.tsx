/** The 5-second 'more' failure line under a list (storefront.md §8). */
export function LoadMoreError({ message }: { message: string | null }) {
  return (
    <p role="status" className="mt-2 min-h-5 text-center text-sm text-red-700">
      {message ?? ''}
    </p>
  );
}
