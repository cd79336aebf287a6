import { BULK_LABELS, bulkOperationsFor, selectionText, type BulkOperation } from '../post-status.ts';

interface Props {
  statuses: string[];
  busy: boolean;
  onBulk(operation: BulkOperation): void;
  onClear(): void;
}

/** §2.2 selection bar: the count, Clear selection, and the bulk buttons that would change something. */
export function SelectionBar({ statuses, busy, onBulk, onClear }: Props) {
  if (statuses.length === 0) return null;
  return (
    <div className="panel lv-selection" role="region" aria-label="Selection">
      <strong>{selectionText(statuses.length)}</strong>
      {bulkOperationsFor(statuses).map((operation) => (
        <button key={operation} type="button" disabled={busy} onClick={() => onBulk(operation)}>
          {BULK_LABELS[operation]}
        </button>
      ))}
      <button type="button" className="secondary" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
