const numberFormat = new Intl.NumberFormat('en-US');

/** One stat card of a management screen: a label, the figure ('…' while loading), and what it counts. */
export function StatCard({
  label,
  value,
  hint,
}: {
  label: string;
  value: number | undefined;
  hint?: string;
}) {
  return (
    <div className="stat entity-stat">
      <dt>{label}</dt>
      <dd>{value === undefined ? '…' : numberFormat.format(value)}</dd>
      {hint && <dd className="muted entity-stat-hint">{hint}</dd>}
    </div>
  );
}
