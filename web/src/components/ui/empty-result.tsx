/** An empty result: a title and a hint on what to change (storefront.md §3, §9 texts). */
export function EmptyResult({ title, hint, className }: { title: string; hint: string; className?: string }) {
  const base = 'rounded-xl bg-neutral-50 p-10 text-center';
  return (
    <div className={className ? `${className} ${base}` : base}>
      <p className="font-display text-xl">{title}</p>
      <p className="mt-2 text-sm text-neutral-600">{hint}</p>
    </div>
  );
}
