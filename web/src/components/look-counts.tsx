/** storefront.md §2 celebrity and show pages: the Total Looks and Recent Looks counts. */
export function LookCounts({ total, recent }: { total: number; recent: number }) {
  return (
    <dl className="mt-4 flex gap-8">
      <div>
        <dt className="text-xs tracking-widest text-neutral-500 uppercase">Total Looks</dt>
        <dd className="text-2xl font-semibold">{total}</dd>
      </div>
      <div>
        <dt className="text-xs tracking-widest text-neutral-500 uppercase">Recent Looks</dt>
        <dd className="text-2xl font-semibold">{recent}</dd>
      </div>
    </dl>
  );
}
