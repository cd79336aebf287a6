export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-neutral-200 border-t-ink" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
